/**
 * Ending a user's sessions at once on Firebase. An ID token lives up to an hour and revoking refresh
 * tokens only stops the next renewal, so the users record says which sessions still count, and the
 * rules (`sessionLive()` in `firestore.rules` and `storage.rules`), the Cloud Functions and the auth
 * adapter all read it the same way:
 * - `_sessionsFrom` (a server timestamp): sessions signed in at or before it have ended. A password
 *   reset, a deactivation and "sign out other sessions" set it to the time of that write.
 * - `_keptSession` (a random id): the one session "sign out other sessions" keeps. That session signs
 *   in again with a custom token carrying the id as its `keptSession` claim; a reset or a deactivation
 *   clears it.
 * A session is its ID token's `auth_time` (whole seconds): one signed in during the second of the
 * change counts as ended (the auth adapter then signs in again a moment later).
 */

/** The users record's field: sessions signed in at or before this time have ended. */
export const SESSIONS_FROM_FIELD = "_sessionsFrom";

/** The users record's field naming the one session kept when the others were ended. */
export const KEPT_SESSION_FIELD = "_keptSession";

/** The claim of the kept session's ID token (set by the custom token it signed in with). */
export const KEPT_SESSION_CLAIM = "keptSession";

/** The private session fields of a users record. */
export const SESSION_FIELDS = [SESSIONS_FROM_FIELD, KEPT_SESSION_FIELD] as const;

/** A Firestore timestamp (web or Admin SDK). */
interface TTimestampLike {
  toMillis(): number;
}

function isTimestamp(value: unknown): value is TTimestampLike {
  return typeof value === "object" && value !== null && typeof (value as TTimestampLike).toMillis === "function";
}

/**
 * Does the session of an ID token with these claims still count for the users record as stored? A
 * field of another shape than the functions write ends every session (fails closed).
 */
export function sessionLive(stored: Record<string, unknown>, claims: Record<string, unknown>): boolean {
  const from = stored[SESSIONS_FROM_FIELD];
  if (from === undefined || from === null) return true;
  if (!isTimestamp(from)) return false;
  const kept = stored[KEPT_SESSION_FIELD];
  if (typeof kept === "string" && claims[KEPT_SESSION_CLAIM] === kept) return true;
  // Whole seconds since 1970 (the web SDK's types call it a string; the token holds a number).
  const authTime = typeof claims.auth_time === "string" ? Number(claims.auth_time) : claims.auth_time;
  return typeof authTime === "number" && Number.isFinite(authTime) && authTime * 1000 > from.toMillis();
}
