/**
 * What documents written by an earlier version need to be read and edited by this one, run once by
 * `scripts/upgrade-firestore.ts` (the self-hosted server does the same in its database migrations).
 */
import { ACTIONS, ADMINISTRATOR_ROLE_ID } from "@care/core/collections/roles.collection";
import { upgradedClearance } from "@care/core/collections/staff.collection";
import { collections } from "@care/core/registry";
import { facilitiesOfRecord } from "@care/core/rules/access.rules";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { todayIn } from "@care/core/rules/date-only.rules";
import { reminderStateId } from "@care/core/rules/reminders.rules";
import { actionsOfStoredRole } from "@care/core/rules/role-actions.rules";
import type { CollectionDef } from "@care/core/collection";
import { GRANT_KEY_FIELD, grantKeyOf, timestampParts } from "./firestore-records.ts";
import { searchTokens } from "./search-tokens.ts";

/**
 * A staff member: the widened Live Scan statuses ("pending" → "submitted", "not_cleared" → "denied") and
 * the `_facilities` list (home facility first, then the other homes they work at) that facility-limited
 * lists and the rules match on — without it a person would vanish from every limited user's directory.
 * The fields to set (`clearanceDate: null` = delete it), or null when the document is current.
 */
export function staffDocumentUpgrade(data: Record<string, unknown>): Record<string, unknown> | null {
  const patch: Record<string, unknown> = { ...upgradedClearance(data) };
  const otherFacilityIds = Array.isArray(data.otherFacilityIds) ? data.otherFacilityIds : [];
  if (!Array.isArray(data.otherFacilityIds)) patch.otherFacilityIds = otherFacilityIds;
  const facilities = facilitiesOfRecord(collections.staff, { ...data, otherFacilityIds });
  if (JSON.stringify(data._facilities) !== JSON.stringify(facilities)) patch._facilities = facilities;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** The shipped first aid / CPR type, which earlier versions shipped as never expiring. */
const FIRST_AID_TYPE_ID = "rcfe-staff-first-aid-cpr";

/**
 * A facility: its go-live date, from which its reports count, is the day it was created in its own time
 * zone (nothing of the home can be in the portal from before), as the server's migration
 * `facility_go_live_date` sets it. `createdAt` is a timestamp (`toDate`) or, written by an older version,
 * an ISO string. The field to set, or null when the home has one (a null one included: no limit).
 */
export function facilityDocumentUpgrade(data: Record<string, unknown>): Record<string, unknown> | null {
  if (data.goLiveDate !== undefined) return null;
  const created = data.createdAt as { toDate?: () => Date } | string | undefined;
  const at = typeof created === "string" ? new Date(created) : created?.toDate?.();
  if (!at || Number.isNaN(at.getTime())) return { goLiveDate: null };
  const zone = typeof data.timeZone === "string" ? data.timeZone : DEFAULT_TIME_ZONE;
  return { goLiveDate: todayIn(zone, at) };
}

/**
 * A document type: one with a validity period says it expires (an upload then asks for its expiry
 * date); the shipped first aid / CPR type, never edited since (version 1, no period, no `expires`),
 * becomes expiring with the new default of two years, as the server's migration
 * `document_types_expire` does. The fields to set (the script adds the update time), or null.
 */
export function documentTypeUpgrade(id: string, data: Record<string, unknown>): Record<string, unknown> | null {
  const period = typeof data.validityMonths === "number";
  if (period) return data.expires === undefined || data.expires === null ? { expires: true } : null;
  if (id === FIRST_AID_TYPE_ID && data.version === 1 && (data.expires === undefined || data.expires === null))
    return { expires: true, validityMonths: 24, version: 2 };
  return null;
}

/**
 * A user: the `_grantKey` of their facilities that a facility-limited administrator's list of users
 * asks for (firestore-records.ts) — without it the user is missing from every such list. The field to
 * set, or null when the document has it right.
 */
export function userDocumentUpgrade(data: Record<string, unknown>): Record<string, unknown> | null {
  const key = grantKeyOf(data.facilityIds);
  return data[GRANT_KEY_FIELD] === key ? null : { [GRANT_KEY_FIELD]: key };
}

/**
 * A role: referral fees became a permission of their own, given as the role had "Referrals & fees"
 * (the Administrator role always has every permission); actions came beside the permissions, given as
 * `actionsOfStoredRole` says (the shipped roles their defaults, a group's own role what residents write
 * allowed before); the Administrator role always holds every action, also those added later. The fields
 * to set, or null.
 */
export function roleDocumentUpgrade(id: string, data: Record<string, unknown>): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  const permissions = (data.permissions ?? {}) as Record<string, unknown>;
  if (typeof permissions.fees !== "string")
    patch["permissions.fees"] =
      id === ADMINISTRATOR_ROLE_ID
        ? "write"
        : typeof permissions.referrals === "string"
          ? permissions.referrals
          : "none";
  if (!Array.isArray(data.actions)) patch.actions = actionsOfStoredRole(id, data);
  else if (id === ADMINISTRATOR_ROLE_ID && ACTIONS.some((action) => !(data.actions as unknown[]).includes(action)))
    patch.actions = [...ACTIONS];
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * Any document with times (`fields`: a collection's `serverTimeFields`, a file description's
 * `createdAt`): earlier versions stored them as the browser's ISO strings; they are now server
 * timestamps. Firestore orders every timestamp before every string and a range of timestamps matches
 * no string, so until they are upgraded older records sort after newer ones and drop out of the audit
 * log's time ranges. The times as timestamp parts, to set, or null when none is a string.
 */
export function timesUpgrade(
  fields: readonly string[],
  data: Record<string, unknown>,
): Record<string, { seconds: number; nanoseconds: number }> | null {
  const patch = Object.fromEntries(
    fields.flatMap((field) => {
      const value = data[field];
      return typeof value === "string" ? [[field, timestampParts(value)]] : [];
    }),
  );
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * A reminder state: its id is now derived from its home and key (`reminderStateId`), which the rules
 * check, no longer from the key alone. The id it must move to, or null when it has it already.
 */
export function reminderStateIdUpgrade(id: string, data: Record<string, unknown>): string | null {
  const current = reminderStateId(String(data.facilityId), String(data.key));
  return current === id ? null : current;
}

/**
 * A searchable record: its search tokens (`_search`) were the prefixes of its words, where a search now
 * asks for any piece of up to three characters (search-tokens.ts), so until they are recomputed the
 * middle of a word, or any search longer than three characters beyond a word's start, misses it. The
 * tokens to set, or null when they are current.
 */
export function searchTokensUpgrade(def: CollectionDef, data: Record<string, unknown>): string[] | null {
  if (def.searchable.length === 0) return null;
  const tokens = searchTokens(def.searchable.map((field) => data[field]));
  return JSON.stringify(data._search ?? []) === JSON.stringify(tokens) ? null : tokens;
}
