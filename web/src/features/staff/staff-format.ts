/** How staff fields read on screen and in CSV: role, status and clearance labels, names, facilities. */
import type { CLEARANCE_STATUSES, STAFF_ROLES, STAFF_STATUSES } from "@care/core/collections/staff.collection";

export const ROLE_LABELS: Record<(typeof STAFF_ROLES)[number], string> = {
  administrator: "Administrator",
  caregiver: "Caregiver",
  med_tech: "Med tech",
  cook: "Cook",
  housekeeper: "Housekeeper",
  activity_director: "Activity director",
  other: "Other",
};

export const STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = {
  active: "Active",
  on_leave: "On leave",
  terminated: "Terminated",
};

export const CLEARANCE_LABELS: Record<(typeof CLEARANCE_STATUSES)[number], string> = {
  not_started: "Not started",
  pending: "Pending",
  cleared: "Cleared",
  not_cleared: "Not cleared",
};

/** `{ value, label }` options of a label map, in its order, for a select. */
export function optionsOf(labels: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** "Last, First (Preferred)": how the directory and the detail page name a staff member. */
export function staffName(s: { firstName: string; lastName: string; preferredName?: string | undefined }): string {
  const preferred = s.preferredName && s.preferredName !== s.firstName ? ` (${s.preferredName})` : "";
  return `${s.lastName}, ${s.firstName}${preferred}`;
}

/** The home facility's name first, then the other homes they work at: "Tull (home), Ashwood". */
export function facilitiesText(
  s: { facilityId: string; otherFacilityIds?: readonly string[] | undefined },
  nameOf: (id: string) => string,
): string {
  const others = (s.otherFacilityIds ?? []).filter((id) => id !== s.facilityId).map(nameOf);
  return [`${nameOf(s.facilityId)} (home)`, ...others].join(", ");
}
