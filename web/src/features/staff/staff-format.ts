/**
 * How staff fields read on screen, in CSV and in the stale-save panel: position, status and clearance
 * labels, names, facilities.
 */
import {
  CLEARANCE_LABELS,
  POSITION_LABELS,
  type CLEARANCE_STATUSES,
  type STAFF_STATUSES,
} from "@care/core/collections/staff.collection";
import type { TStaffFormValues } from "./staff-form-values.ts";

export const STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = {
  active: "Active",
  on_leave: "On leave",
  terminated: "Terminated",
};

/** The pill tone of each status (see ui/page.css). */
export const STATUS_TONES: Record<(typeof STAFF_STATUSES)[number], string> = {
  active: "pill",
  on_leave: "pill pill--warn",
  terminated: "pill pill--muted",
};

/** What to do next, under a clearance that is not settled yet (the staff member's page). */
export const CLEARANCE_HINTS: Partial<Record<(typeof CLEARANCE_STATUSES)[number], string>> = {
  not_started:
    "Live Scan fingerprints are needed before this person works with residents. Record the submission with Edit; the request form and the clearance letter can be uploaded with the documents below.",
  submitted:
    "Record the decision with Edit once it comes; the clearance letter can be uploaded with the documents below.",
  denied: "A denied clearance: this person may not work in the homes unless an exemption is granted.",
};

/** How the statuses stored before the widening read in a record's history. */
const EARLIER_CLEARANCE_LABELS: Record<string, string> = { pending: "Pending", not_cleared: "Not cleared" };

/** `{ value, label }` options of a label map, in its order, for a select. */
export function optionsOf(labels: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** The home facility's name first, then the other homes they work at: "Tull (home), Ashwood". */
export function facilitiesText(
  s: { facilityId: string; otherFacilityIds?: readonly string[] | undefined },
  nameOf: (id: string) => string,
): string {
  const others = (s.otherFacilityIds ?? []).filter((id) => id !== s.facilityId).map(nameOf);
  return [`${nameOf(s.facilityId)} (home)`, ...others].join(", ");
}

/** One field of the staff form as text ("—" for nothing), for the stale-save panel. */
export function staffValueText(
  values: TStaffFormValues,
  field: keyof TStaffFormValues,
  facilityNameOf: (id: string) => string,
): string {
  const v = values[field];
  if (v === undefined || v === null || v === "") return "—";
  switch (field) {
    case "facilityId":
      return facilityNameOf(String(v));
    case "otherFacilityIds":
      return (values.otherFacilityIds ?? []).map(facilityNameOf).join(", ") || "—";
    case "position":
      return POSITION_LABELS[v as keyof typeof POSITION_LABELS] ?? String(v);
    case "status":
      return STATUS_LABELS[v as keyof typeof STATUS_LABELS] ?? String(v);
    case "clearanceStatus":
      return CLEARANCE_LABELS[v as keyof typeof CLEARANCE_LABELS] ?? String(v);
    default:
      return String(v);
  }
}

/** A staff field's value as the history stores it, as it reads (labels, home names). */
export function staffChangeText(
  field: string,
  text: string | undefined,
  facilityNameOf: (id: string) => string,
): string {
  if (text === undefined) return "—";
  const labelled: Record<string, Record<string, string>> = {
    position: POSITION_LABELS,
    status: STATUS_LABELS,
    clearanceStatus: { ...EARLIER_CLEARANCE_LABELS, ...CLEARANCE_LABELS },
  };
  if (labelled[field]) return labelled[field][text] ?? text;
  if (field === "facilityId") return facilityNameOf(text);
  if (field === "otherFacilityIds") return (JSON.parse(text) as string[]).map(facilityNameOf).join(", ");
  return text;
}
