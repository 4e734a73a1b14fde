/**
 * What a page shows for the header's facility: its id ("" = every facility the user may see), how the
 * page names that scope ("Tull" or "All facilities"), and the name of any facility id.
 */
import { useCallback } from "react";
import { facilityName, useFacilities } from "./facilities.tsx";
import { useSelectedFacility } from "./selected-facility.ts";

export const ALL_FACILITIES = "All facilities";

export function useFacilityScope() {
  const [facilityId] = useSelectedFacility();
  const { facilities } = useFacilities();
  const nameOf = useCallback((id: string) => facilityName(facilities, id), [facilities]);
  return { facilityId, scope: facilityId ? nameOf(facilityId) : ALL_FACILITIES, nameOf, facilities };
}

/** A CSV file's name for a list of the scope on a day: "residents-tull-2026-11-23.csv". */
export function csvFileName(list: string, facilityId: string, day: string): string {
  return `${list}-${facilityId || "all-facilities"}-${day}.csv`;
}
