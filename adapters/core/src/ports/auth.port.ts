import { z } from "zod";
import { ZEmail, ZId } from "../common.schema.ts";
import { ZAction, ZPermissions } from "../collections/roles.collection.ts";
import { ZPassword, type TUserInvite } from "../collections/users.collection.ts";
import type { TRecordOf } from "../registry.ts";

/** The signed-in user as the app sees them. */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  /** The id of the user's role. */
  role: ZId,
  /** The role's name, for the header and My account. */
  roleName: z.string(),
  /** What the role allows, per area, as read when the session was last resolved (every request on the server). */
  permissions: ZPermissions,
  /** The actions the role holds (collections/actions.ts), read with its permissions; absent: none. */
  actions: z.array(ZAction).default([]),
  /** null = every facility of the group. */
  facilityIds: z.array(ZId).nullable(),
  /**
   * True while the user signs in with a one-time password: until they choose their own, the backend
   * refuses every other call with FORBIDDEN, reason PASSWORD_CHANGE_REQUIRED. Absent = false.
   */
  mustChangePassword: z.boolean().optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** `undefined` while the backend has not yet said whether someone is signed in. */
export type TAuthState = TSessionUser | null | undefined;

export const ZSignIn = z.object({
  email: ZEmail,
  password: z.string().min(1, "Enter your password").max(256),
});
export type TSignIn = z.infer<typeof ZSignIn>;

export const ZPasswordChange = z
  .object({ currentPassword: z.string().min(1, "Enter your current password").max(256), newPassword: ZPassword })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one",
  });
export type TPasswordChange = z.infer<typeof ZPasswordChange>;

/** A user record with a password the backend generated: shown to the administrator once, never stored readable. */
export interface TOneTimePassword {
  user: TRecordOf<"users">;
  /** The user must change it at their first sign-in (their record says `mustChangePassword`). */
  oneTimePassword: string;
  /** When it stops working (ISO instant): it works for one sign-in, before then (ONE_TIME_PASSWORD_HOURS). */
  expiresAt: string;
}

/**
 * Sign-in state and account operations. Rejects with AppError: UNAUTHENTICATED (wrong e-mail or
 * password, the same message for both), RATE_LIMITED (with retryAfterSeconds), VALIDATION,
 * FORBIDDEN, UNAVAILABLE.
 */
export interface AuthPort {
  /** The current state: undefined until the backend has answered once. */
  current(): TAuthState;

  /**
   * Calls `listener` with the state now (if known) and on every change (sign-in, sign-out, session
   * expiry); returns the unsubscribe function.
   */
  onChange(listener: (state: TSessionUser | null) => void): () => void;

  /**
   * Asks the backend again who is signed in: an administrator may have changed the user's role, its
   * permissions or their homes, or ended the session, since the state was last read. Listeners hear of
   * it only when something changed. Never rejects: a backend that cannot answer leaves the state as is.
   */
  refresh(): Promise<void>;

  /**
   * Signs in with e-mail and password; resolves with the user once the state has changed. A one-time
   * password works for one sign-in before its `expiresAt`; after that, or used once, it is refused
   * (UNAUTHENTICATED, saying to ask an administrator for a new one).
   */
  signIn(credentials: TSignIn): Promise<TSessionUser>;

  /** Signs out and ends the session on the server; the state becomes null. */
  signOut(): Promise<void>;

  /**
   * Changes the signed-in user's own password; needs the current one. A wrong current password is a
   * VALIDATION error naming the field `currentPassword` (not UNAUTHENTICATED: the session stays valid).
   * Ends the user's other sessions and clears `mustChangePassword` (the state changes to say so).
   */
  changePassword(change: TPasswordChange): Promise<void>;

  /**
   * Ends every other session of the signed-in user (other browsers, devices, a forgotten tab); this
   * one stays signed in. Their next request is UNAUTHENTICATED.
   */
  signOutOtherSessions(): Promise<void>;

  /**
   * Admin only (FORBIDDEN for staff): creates an account and its user record with a one-time password
   * the backend generates; the user must change it at first sign-in (`mustChangePassword`). An e-mail
   * already in use is a CONFLICT. The only way to create users (DataPort refuses it). An admin limited
   * to some facilities may only give facilities among theirs (else FORBIDDEN).
   */
  createUser(input: TUserInvite): Promise<TOneTimePassword>;

  /**
   * Admin only: gives the user a new one-time password (they must change it at their next sign-in) and
   * ends all their sessions at once. NOT_FOUND for a user the admin may not manage (a limited admin
   * manages only users limited to facilities among theirs); FORBIDDEN for the admin's own account
   * (they change their own password instead).
   */
  resetPassword(userId: string): Promise<TOneTimePassword>;
}
