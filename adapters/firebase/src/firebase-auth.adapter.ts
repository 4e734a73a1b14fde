/**
 * AuthPort on Firebase Auth. Who the user is comes from Firebase Auth; what they may do from their
 * `users/{uid}` record and its role in Firestore, read at sign-in and at every token refresh, as the
 * security rules read them on every request (claims could be an hour old).
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
import { ZUserCreate } from "@care/core/collections/users.collection";
import {
  ZPasswordChange,
  ZSessionUser,
  ZSignIn,
  type AuthPort,
  type TAuthState,
  type TSessionUser,
} from "@care/core/ports/auth.port";
import type { TRecordOf } from "@care/core/registry";
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

  const createUserCallable = httpsCallable<unknown, TRecordOf<"users">>(functions, "createUser");

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
        await updatePassword(user, parsed.data.newPassword);
      } catch (error) {
        throw toAppError(error);
      }
    },

    async createUser(input) {
      const parsed = ZUserCreate.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      if (!state) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      if (state.permissions.users !== "write")
        throw new AppError("FORBIDDEN", "Only a user who may manage users may create users.");
      try {
        const result = await createUserCallable(parsed.data);
        return result.data;
      } catch (error) {
        throw toAppError(error);
      }
    },
  };
}
