import { z } from "zod";
import { ZEmail, ZId } from "../common.schema.ts";
import { ZPermissions } from "../collections/roles.collection.ts";
import { ZPassword, type TUserCreate } from "../collections/users.collection.ts";
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
  /** null = every facility of the group. */
  facilityIds: z.array(ZId).nullable(),
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

  /** Signs in with e-mail and password; resolves with the user once the state has changed. */
  signIn(credentials: TSignIn): Promise<TSessionUser>;

  /** Signs out and ends the session on the server; the state becomes null. */
  signOut(): Promise<void>;

  /**
   * Changes the signed-in user's own password; needs the current one. A wrong current password is a
   * VALIDATION error naming the field `currentPassword` (not UNAUTHENTICATED: the session stays valid).
   */
  changePassword(change: TPasswordChange): Promise<void>;

  /**
   * Admin only (FORBIDDEN for staff): creates an account and its user record; returns the record.
   * An e-mail already in use is a CONFLICT. The only way to create users (DataPort refuses it).
   * An admin limited to some facilities may only give facilities among theirs (else FORBIDDEN).
   */
  createUser(input: TUserCreate): Promise<TRecordOf<"users">>;
}
