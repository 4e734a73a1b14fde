/** How the Settings pages word a user: role, facilities, status, last sign-in and their own access. */
import { instantText } from "../../lib/date-time.ts";
import type { TRecordOf } from "@care/core/registry";

export type TUserRecord = TRecordOf<"users">;

export const ACTIVE_LABELS = { true: "Active", false: "Deactivated" } as const;

/** What a user reads on their own page, where their role, homes and status are not offered. */
export const OWN_ACCESS_NOTE = "You cannot change your own role, homes or status; another administrator can.";

/** "All facilities", or their names joined. */
export function facilitiesText(facilityIds: readonly string[] | null, nameOf: (id: string) => string): string {
  if (facilityIds === null) return "All facilities";
  return facilityIds.length === 0 ? "None" : facilityIds.map(nameOf).join(", ");
}

/** A sign-in time in the page's time zone, named ("Nov 26, 2026, 6:28 AM PST"), or "Never". */
export function signInText(at: string | null, timeZone: string): string {
  return at ? instantText(at, timeZone) : "Never";
}

/** The name to show: the display name, else the e-mail. */
export function userName(user: Pick<TUserRecord, "displayName" | "email">): string {
  return user.displayName || user.email;
}
