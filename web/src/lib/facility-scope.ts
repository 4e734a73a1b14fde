/**
 * What a page shows for the header's facility: its id ("" = every facility the user may see), how the
 * page names that scope ("Tull", "All facilities", or for a user of some homes "All your facilities"),
 * and the name of any facility id.
 */
import { useCallback } from "react";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { facilityName, useFacilities, type TFacilityOption } from "./facilities.tsx";
import { useSession } from "./ports.tsx";
import { useSelectedFacility } from "./selected-facility.ts";

export const ALL_FACILITIES = "All facilities";

export function useFacilityScope() {
  const [facilityId] = useSelectedFacility();
  const { facilities } = useFacilities();
  const homes = useSession()?.facilityIds ?? null;
  const nameOf = useCallback((id: string) => facilityName(facilities, id), [facilities]);
  return { facilityId, scope: facilityId ? nameOf(facilityId) : allScope(homes, nameOf), nameOf, facilities };
}

/** "Every facility" as the user sees it: the group's, their one home, or their homes. */
function allScope(homes: readonly string[] | null, nameOf: (id: string) => string): string {
  if (homes === null) return ALL_FACILITIES;
  return homes.length === 1 ? nameOf(homes[0]!) : "All your facilities";
}

/**
 * The time zone a page shows times in: the given facility's ("" = none), else the group's first home's,
 * else the default. The audit log and the users' sign-in times follow the same rule, so one moment
 * reads the same on both.
 */
export function zoneOf(
  facilities: readonly TFacilityOption[],
  facilityId: string,
): { timeZone: string; facility: TFacilityOption | undefined } {
  const facility = facilities.find((f) => f.id === facilityId) ?? facilities[0];
  return { timeZone: facility?.timeZone ?? DEFAULT_TIME_ZONE, facility };
}

/** A CSV file's name for a list of the scope on a day: "residents-tull-2026-11-23.csv". */
export function csvFileName(list: string, facilityId: string, day: string): string {
  return `${list}-${facilityId || "all-facilities"}-${day}.csv`;
}
