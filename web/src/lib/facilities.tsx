/**
 * The group's facilities for the header selector and every page that names one: the active ones, in
 * their configured order, from the records cache (so adding, renaming or deactivating one refreshes
 * the selector). Only when the data port cannot answer does it fall back to the six seed facilities,
 * so the selector is never empty.
 */
import { useQuery } from "@tanstack/react-query";
import { ERROR_CODES } from "@care/core/app-error";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { todayIn } from "@care/core/rules/date-only.rules";
import { useData } from "./ports.tsx";
import { recordsKey } from "./records/records-client.ts";
import { listAll } from "@care/core/list-all";

export interface TFacilityOption {
  id: string;
  name: string;
  /** The home's time zone (its "today"); absent for the seed list shown while loading. */
  timeZone?: string;
}

interface TFacilitiesState {
  facilities: readonly TFacilityOption[];
  /** `backend` once the data port answered; `seed` while loading or when it could not answer. */
  source: "backend" | "seed";
}

const ACTIVE = { where: { active: true } };

export function useFacilities(): TFacilitiesState {
  const data = useData();
  const query = useQuery({
    queryKey: recordsKey("facilities", "options", ACTIVE),
    queryFn: async () =>
      (await listAll(data, "facilities", ACTIVE)).map(({ id, name, timeZone }) => ({ id, name, timeZone })),
    // The seed list stands in; pages that need facilities say what failed themselves.
    meta: { quiet: ERROR_CODES },
  });
  return query.data ? { facilities: query.data, source: "backend" } : { facilities: SEED_FACILITIES, source: "seed" };
}

/** The name of a facility id, or the id itself for one that is not (or no longer) in the list. */
export function facilityName(facilities: readonly TFacilityOption[], id: string): string {
  return facilities.find((f) => f.id === id)?.name ?? id;
}

/**
 * "Today" for a facility ("" or null = every facility, a group-wide record: the group's first home's,
 * which is the default time zone unless the group set others), `YYYY-MM-DD` in the home's time zone.
 */
export function facilityToday(
  facilities: readonly TFacilityOption[],
  facilityId: string | null,
  now = new Date(),
): string {
  const home = facilities.find((f) => f.id === facilityId) ?? facilities[0];
  return todayIn(home?.timeZone ?? DEFAULT_TIME_ZONE, now);
}
