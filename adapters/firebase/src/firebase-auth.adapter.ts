/**
 * AuthPort on Firebase Auth. Who the user is comes from Firebase Auth; what they may do from their
 * `users/{uid}` record and its role in Firestore, read at sign-in and at every token refresh, as the
 * security rules read them on every request (claims could be an hour old).
 * A one-time password is the record's `mustChangePassword` (set by `createUser` / `resetPassword`,
 * cleared by `changeOneTimePassword`, which sets the user's own); the rules refuse everything while it is set.
 */
import {
  EmailAuthProvider,
  onAuthStateChanged,
  reauthenticateWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type Auth,
  type User,
} from "firebase/auth";
import { doc, getDoc, type Firestore } from "firebase/firestore";
import { httpsCallable, type Functions } from "firebase/functions";
import { AppError, validationError } from "@care/core/app-error";
import { ZUserInvite } from "@care/core/collections/users.collection";
import {
  ZPasswordChange,
  ZSessionUser,
  ZSignIn,
  type AuthPort,
  type TAuthState,
  type TOneTimePassword,
  type TSessionUser,
} from "@care/core/ports/auth.port";
import { toAppError } from "./firebase-errors.ts";

/** Message for an account that exists in Firebase Auth but was never given a portal role. */
export const NOT_PROVISIONED_MESSAGE = "This account has no access to the portal. Ask an administrator.";

/** The session user from the user's record and role in Firestore, or null when they have no active record. */
export async function sessionUserOf(firestore: Firestore, user: User): Promise<TSessionUser | null> {
  const profile = (await getDoc(doc(firestore, "users", user.uid))).data();
  if (!profile || profile.active !== true || typeof profile.role !== "string") return null;
  const role = (await getDoc(doc(firestore, "roles", profile.role))).data();
  const parsed = ZSessionUser.safeParse({
    id: user.uid,
    email: user.email ?? "",
    displayName: user.displayName ?? null,
    role: profile.role,
    roleName: role?.name ?? "No role",
    permissions: role?.permissions ?? {},
    facilityIds: Array.isArray(profile.facilityIds) ? profile.facilityIds : null,
    ...(profile.mustChangePassword === true ? { mustChangePassword: true } : {}),
  });
  return parsed.success ? parsed.data : null;
}

export function createFirebaseAuthAdapter(
  auth: Auth,
  functions: Functions,
  firestore: Firestore,
): AuthPort & { session(): TSessionUser | null } {
  let state: TAuthState = undefined;
  const listeners = new Set<(state: TSessionUser | null) => void>();

  function publish(next: TSessionUser | null): void {
    state = next;
    for (const listener of listeners) listener(next);
  }

  // Every change of the Firebase user (including token refreshes that carry new claims) is published.
  let pending: Promise<void> = Promise.resolve();
  onAuthStateChanged(auth, (user) => {
    pending = pending.then(async () => {
      if (!user) return publish(null);
      try {
        publish(await sessionUserOf(firestore, user));
      } catch {
        publish(null);
      }
    });
  });

  const createUserCallable = httpsCallable<unknown, TOneTimePassword>(functions, "createUser");
  const resetPasswordCallable = httpsCallable<unknown, TOneTimePassword>(functions, "resetPassword");
  const changeOneTimePasswordCallable = httpsCallable<unknown, null>(functions, "changeOneTimePassword");
  const endOtherSessionsCallable = httpsCallable<unknown, null>(functions, "endOtherSessions");

  /** The signed-in administrator; UNAUTHENTICATED or FORBIDDEN otherwise. */
  function admin(): TSessionUser {
    if (!state) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    if (state.permissions.users !== "write")
      throw new AppError("FORBIDDEN", "Only a user who may manage users may manage accounts.");
    return state;
  }

  return {
    current: () => state,

    session: () => state ?? null,

    onChange(listener) {
      listeners.add(listener);
      if (state !== undefined) listener(state);
      return () => {
        listeners.delete(listener);
      };
    },

    async refresh() {
      // The session is read from the user's and their role's documents: read them again.
      await pending;
      const user = auth.currentUser;
      if (!user || state === undefined) return;
      try {
        const next = await sessionUserOf(firestore, user);
        if (JSON.stringify(next) !== JSON.stringify(state)) publish(next);
      } catch {
        // Offline or refused: keep what is known.
      }
    },

    async signIn(credentials) {
      const parsed = ZSignIn.safeParse(credentials);
      if (!parsed.success) throw validationError(parsed.error);
      let user: TSessionUser | null;
      try {
        const { user: firebaseUser } = await signInWithEmailAndPassword(auth, parsed.data.email, parsed.data.password);
        user = await sessionUserOf(firestore, firebaseUser);
      } catch (error) {
        throw toAppError(error);
      }
      if (user === null) {
        await signOut(auth).catch(() => undefined);
        await pending;
        throw new AppError("FORBIDDEN", NOT_PROVISIONED_MESSAGE);
      }
      await pending;
      // The observer has published by now; make sure the state names the claims just read.
      if (state?.id !== user.id) publish(user);
      return user;
    },

    async signOut() {
      try {
        await signOut(auth);
        await pending;
      } catch (error) {
        throw toAppError(error);
      }
      if (state !== null) publish(null);
    },

    async changePassword(change) {
      const parsed = ZPasswordChange.safeParse(change);
      if (!parsed.success) throw validationError(parsed.error);
      const user = auth.currentUser;
      if (!user?.email) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      try {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, parsed.data.currentPassword));
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === "UNAUTHENTICATED") {
          throw new AppError("VALIDATION", "The current password is not correct.", {
            fields: { currentPassword: "The current password is not correct" },
          });
        }
        throw appError;
      }
      try {
        if (state?.mustChangePassword) {
          // The function sets it and ends the one-time claim; the refreshed token carries that to the state.
          await changeOneTimePasswordCallable({ newPassword: parsed.data.newPassword });
          await user.getIdToken(true);
          const refreshed = await sessionUserOf(firestore, user);
          if (refreshed) publish(refreshed);
        } else {
          await updatePassword(user, parsed.data.newPassword);
        }
      } catch (error) {
        throw toAppError(error);
      }
    },

    async signOutOtherSessions() {
      if (!state) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      try {
        await endOtherSessionsCallable({});
      } catch (error) {
        throw toAppError(error);
      }
    },

    async createUser(input) {
      const parsed = ZUserInvite.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      admin();
      try {
        return (await createUserCallable(parsed.data)).data;
      } catch (error) {
        throw toAppError(error);
      }
    },

    async resetPassword(userId) {
      admin();
      try {
        return (await resetPasswordCallable({ userId })).data;
      } catch (error) {
        throw toAppError(error);
      }
    },
  };
}
