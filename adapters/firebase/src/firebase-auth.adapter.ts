/**
 * AuthPort on Firebase Auth. Who the user is comes from Firebase Auth; what they may do from their
 * `users/{uid}` record and its role in Firestore, read at sign-in and at every token refresh, as the
 * security rules read them on every request (claims could be an hour old).
 * A one-time password is the record's `mustChangePassword` (set by `createUser` / `resetPassword`,
 * cleared by `changeOneTimePassword`, which sets the user's own); the rules refuse everything while it is set.
 * It signs in once: after the password sign-in, `claimOneTimePassword` claims it (or refuses: then this
 * client signs out) and answers the custom token of the one session that may choose the new password.
 * Sessions end at once (user-sessions.ts): a session the users record says has ended is signed out
 * here at its next refused call, and "sign out other sessions" keeps this one by signing in again
 * with the custom token `endOtherSessions` answers.
 */
import {
  EmailAuthProvider,
  onAuthStateChanged,
  reauthenticateWithCredential,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type Auth,
  type User,
} from "firebase/auth";
import { doc, getDoc, type Firestore } from "firebase/firestore";
import { httpsCallable, type Functions } from "firebase/functions";
import { AppError, validationError } from "@care/core/app-error";
import { actionsListed } from "@care/core/collections/actions";
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
import { toAppError, WRONG_CREDENTIALS_MESSAGE } from "./firebase-errors.ts";
import { sessionLive } from "./user-sessions.ts";

/** Message for an account that exists in Firebase Auth but was never given a portal role. */
export const NOT_PROVISIONED_MESSAGE = "This account has no access to the portal. Ask an administrator.";

/** The user's record as stored (their own, which they may always read), and whether this session still counts. */
async function profileOf(firestore: Firestore, user: User) {
  const profile = (await getDoc(doc(firestore, "users", user.uid))).data();
  return { profile, live: profile !== undefined && sessionLive(profile, (await user.getIdTokenResult()).claims) };
}

/**
 * The session user from the user's record and role in Firestore, or null when they have no active
 * record or this session has ended.
 */
export async function sessionUserOf(firestore: Firestore, user: User): Promise<TSessionUser | null> {
  const { profile, live } = await profileOf(firestore, user);
  if (!profile || !live || profile.active !== true || typeof profile.role !== "string") return null;
  const role = (await getDoc(doc(firestore, "roles", profile.role))).data();
  const parsed = ZSessionUser.safeParse({
    id: user.uid,
    email: user.email ?? "",
    displayName: user.displayName ?? null,
    role: profile.role,
    roleName: role?.name ?? "No role",
    permissions: role?.permissions ?? {},
    actions: actionsListed(role?.actions),
    facilityIds: Array.isArray(profile.facilityIds) ? profile.facilityIds : null,
    ...(profile.mustChangePassword === true ? { mustChangePassword: true } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/** The AuthPort on Firebase, with what the other Firebase adapters ask of the session. */
export type TFirebaseAuthAdapter = AuthPort & {
  session(): TSessionUser | null;
  /** After a call the rules refused: true (and signed out) when this session has ended (user-sessions.ts). */
  sessionEnded(): Promise<boolean>;
};

export function createFirebaseAuthAdapter(
  auth: Auth,
  functions: Functions,
  firestore: Firestore,
): TFirebaseAuthAdapter {
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
  const claimOneTimePasswordCallable = httpsCallable<unknown, { token: string }>(functions, "claimOneTimePassword");
  const changeOneTimePasswordCallable = httpsCallable<unknown, { token: string }>(functions, "changeOneTimePassword");
  const endOtherSessionsCallable = httpsCallable<unknown, { token: string }>(functions, "endOtherSessions");
  const recordSignInCallable = httpsCallable<unknown, null>(functions, "recordSignIn");

  /** Signs in with the credentials: a session the users record counts (see signIn). */
  async function passwordSession(email: string, password: string): Promise<User> {
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    const { profile, live } = await profileOf(firestore, user);
    if (!profile || live || profile.active !== true) return user;
    // Signed in during the second its sessions were ended (a reset, a deactivation): that session counts
    // as ended too (user-sessions.ts), so sign in again once the second has passed.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    return (await signInWithEmailAndPassword(auth, email, password)).user;
  }

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
      let provisioned: boolean;
      let claiming = false;
      try {
        let firebaseUser = await passwordSession(parsed.data.email, parsed.data.password);
        user = await sessionUserOf(firestore, firebaseUser);
        provisioned = user !== null || (await profileOf(firestore, firebaseUser)).profile !== undefined;
        if (user?.mustChangePassword) {
          // A one-time password signs in once: this sign-in claims it (refused when another did) and goes
          // on as the one session the claim keeps; every other session with it has ended.
          claiming = true;
          const { token } = (await claimOneTimePasswordCallable({})).data;
          firebaseUser = (await signInWithCustomToken(auth, token)).user;
          user = await sessionUserOf(firestore, firebaseUser);
        }
      } catch (error) {
        if (claiming) {
          // Refused (spent, expired, or claimed by another sign-in): this password session gets nothing.
          await signOut(auth).catch(() => undefined);
          await pending;
          if (state !== null) publish(null);
        }
        throw toAppError(error);
      }
      if (user === null) {
        await signOut(auth).catch(() => undefined);
        await pending;
        // A deactivated user is refused as a wrong password is, as on the server (until the
        // `syncUserClaims` trigger disables their Firebase account, which Auth then refuses alike).
        throw provisioned
          ? new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS_MESSAGE)
          : new AppError("FORBIDDEN", NOT_PROVISIONED_MESSAGE);
      }
      // The sign-in time on the users record (lastSignInAt), from Firebase Auth's own record of it. A
      // failure there leaves the last time shown as it was; it does not keep the user out.
      await recordSignInCallable({}).catch(() => undefined);
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
      if (state?.mustChangePassword) {
        // Not reauthenticated: that would be a second sign-in with the one-time password, and the session
        // the claim kept (its token's nonce) is the one the function accepts; it checks the current password.
        try {
          const { token } = (await changeOneTimePasswordCallable(parsed.data)).data;
          await signInWithCustomToken(auth, token);
          await pending;
          const refreshed = auth.currentUser ? await sessionUserOf(firestore, auth.currentUser) : null;
          if (refreshed) publish(refreshed);
        } catch (error) {
          throw toAppError(error);
        }
        return;
      }
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

    async signOutOtherSessions() {
      if (!state) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      try {
        // Every session but the one that signs in with this token has ended: this client becomes it.
        const { token } = (await endOtherSessionsCallable({})).data;
        await signInWithCustomToken(auth, token);
        await pending;
      } catch (error) {
        throw toAppError(error);
      }
    },

    async sessionEnded() {
      const user = auth.currentUser;
      if (!user) return false;
      try {
        const { profile, live } = await profileOf(firestore, user);
        if (live && profile?.active === true) return false;
      } catch {
        // Offline or refused: nothing is known.
        return false;
      }
      await signOut(auth).catch(() => undefined);
      await pending;
      if (state !== null) publish(null);
      return true;
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
