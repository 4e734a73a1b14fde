/**
 * The rules of a change to a user record that every backend applies beyond the access policy: fields
 * only the auth backend sets, an administrator's own account, and which staff record a user may be
 * linked to; and the one-time passwords every auth backend generates. The server's write check, the
 * memory adapter and the Cloud Functions call the same functions.
 */
import { AppError } from "../app-error.ts";
import { SERVER_SET_USER_FIELDS, ZUser } from "../collections/users.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { facilityIdsOf } from "./access.rules.ts";

type TFields = Record<string, unknown>;

function invalid(field: string, message: string): AppError {
  return new AppError("VALIDATION", "The user is not valid.", { fields: { [field]: message } });
}

/**
 * The refusal of a user update, or null: the auth backend's fields stay as they are, and nobody changes
 * their own access — role, facilities or active flag. Whoever narrowed their own access could not widen
 * it again (an administrator limited to one home may only manage users limited to their homes), so
 * another administrator makes such a change. The Firestore rules refuse the same (`notOwnAccess`).
 */
export function userUpdateError(
  actor: Pick<TSessionUser, "id">,
  id: string,
  after: TFields,
  before: TFields,
): AppError | null {
  for (const field of SERVER_SET_USER_FIELDS) {
    // A record stored without the field holds its default (an account made before it existed).
    const value = (fields: TFields) => JSON.stringify(fields[field] ?? ZUser.shape[field].parse(undefined));
    if (value(after) !== value(before)) return invalid(field, "Set by the portal, not by an edit");
  }
  if (actor.id !== id) return null;
  if (after.active !== before.active) return invalid("active", "You cannot deactivate your own account");
  if (after.role !== before.role) return invalid("role", "You cannot change your own role");
  if (JSON.stringify(after.facilityIds ?? null) !== JSON.stringify(before.facilityIds ?? null))
    return invalid("facilityIds", "You cannot change your own facilities");
  return null;
}

/**
 * The refusal of a user's staff link, or null: the staff record (found by the declared link, so one
 * the administrator may see) must work at a facility the user may see.
 */
export function staffLinkError(user: TFields, staff: TFields | undefined): AppError | null {
  if (typeof user.staffId !== "string" || !staff) return null;
  const facilities = facilityIdsOf(user.facilityIds);
  if (facilities === null || facilities.includes(String(staff.facilityId))) return null;
  return invalid("staffId", "Works at a facility this user may not see");
}

/** Letters and digits that cannot be mistaken for one another when read aloud or typed from paper. */
/** How long a one-time password works (for one sign-in, which leads to choosing one's own). */
export const ONE_TIME_PASSWORD_HOURS = 72;

/** When a one-time password issued at `now` stops working. */
export function oneTimePasswordExpiry(now: Date): Date {
  return new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 60 * 60 * 1000);
}

const ONE_TIME_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A one-time password from the platform's cryptographic random source: 4 groups of 4 characters of a
 * 55-character alphabet (about 92 bits), e.g. `k7Qm-x3Rt-Hc9p-2wNa`; unbiased (rejection sampling).
 */
export function generateOneTimePassword(): string {
  const limit = 256 - (256 % ONE_TIME_ALPHABET.length);
  const chars: string[] = [];
  while (chars.length < 16) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && chars.length < 16) chars.push(ONE_TIME_ALPHABET[byte % ONE_TIME_ALPHABET.length]!);
    }
  }
  return [0, 4, 8, 12].map((at) => chars.slice(at, at + 4).join("")).join("-");
}
