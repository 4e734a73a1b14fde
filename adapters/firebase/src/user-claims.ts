/**
 * The custom claims on a user's ID token, set by the `createUser` and `syncUserClaims` Cloud Functions.
 * The rules never trust them (they read the caller's users record on every request); the claims only
 * say which role and homes a token was issued for. Built to fail closed: a facility list that is not a
 * list of ids gives no homes (never "every home"), and a list too long for Firebase's 1,000-byte limit
 * on claims is left out (the record keeps it) rather than failing the trigger.
 */
import { ZId } from "@care/core/common.schema";

/** Firebase refuses custom claims whose JSON is longer than this. */
export const MAX_CLAIMS_BYTES = 1000;

export interface TUserClaims {
  role: string;
  /** null: every home; [] with `facilitiesInRecord`: too many to carry, read the users record. */
  facilityIds: string[] | null;
  facilitiesInRecord: boolean;
}

/** Claims for a users record as stored (any shape: a malformed field never widens access). */
export function userClaims(user: { role?: unknown; facilityIds?: unknown }): TUserClaims {
  const role = typeof user.role === "string" ? user.role : "";
  const listed = user.facilityIds;
  const facilityIds =
    listed === null
      ? null
      : Array.isArray(listed) && listed.every((id) => ZId.safeParse(id).success)
        ? (listed as string[])
        : [];
  const claims = { role, facilityIds, facilitiesInRecord: false };
  if (JSON.stringify(claims).length <= MAX_CLAIMS_BYTES - 64) return claims;
  return { role, facilityIds: [], facilitiesInRecord: true };
}

/** Whether a token's claims differ from the wanted ones (other claims, e.g. mustChangePassword, aside). */
export function claimsDiffer(current: Record<string, unknown>, wanted: TUserClaims): boolean {
  return (
    current.role !== wanted.role ||
    JSON.stringify(current.facilityIds ?? null) !== JSON.stringify(wanted.facilityIds) ||
    (current.facilitiesInRecord ?? false) !== wanted.facilitiesInRecord
  );
}
