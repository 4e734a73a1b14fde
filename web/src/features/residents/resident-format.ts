/** How resident fields read on screen, in CSV, in the stale-save panel and on the printed face sheet. */
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import { effectiveStatus, isPlannedMoveIn, leavingOn } from "@care/core/rules/census.rules";
import type { TResidentFormValues } from "./resident-form-values.ts";

export const STATUS_LABELS: Record<TResidentStatus, string> = {
  active: "Active",
  on_leave: "On leave",
  hospital: "In hospital",
  discharged: "Discharged",
  deceased: "Deceased",
};

export const GENDER_LABELS = {
  female: "Female",
  male: "Male",
  nonbinary: "Non-binary",
  other: "Other",
  undisclosed: "Prefers not to say",
} as const;

export const AMBULATORY_LABELS = {
  ambulatory: "Ambulatory",
  non_ambulatory: "Non-ambulatory",
  bedridden: "Bedridden",
} as const;

export const CODE_STATUS_LABELS = {
  full_code: "Full code",
  dnr: "DNR",
  polst: "POLST",
} as const;

/** What a code status rests on, as the change dialog and the face sheet name it. */
export const CODE_STATUS_SOURCE_LABELS = {
  physician_order: "Physician's order",
  polst_form: "POLST form",
  advance_directive: "Advance directive",
  request: "Resident's or representative's request",
} as const;

/** The pill tone of each status (see ui/page.css). */
const STATUS_TONES: Record<TResidentStatus, string> = {
  active: "pill",
  on_leave: "pill pill--warn",
  hospital: "pill pill--warn",
  discharged: "pill pill--muted",
  deceased: "pill pill--dark",
};

/**
 * The pill a resident's status shows: "Planned move-in" while their admission date is after their
 * home's `today` (they are not yet in the census), "Leaving on <date>" while a planned discharge is
 * ahead, their status on that day otherwise (a planned discharge whose day has come reads Discharged).
 */
export function statusPill(
  r: { status: TResidentStatus; admissionDate: string; dischargeDate?: string | null | undefined },
  today: string,
) {
  if (isPlannedMoveIn(r, today)) return { label: "Planned move-in", className: "pill pill--info" };
  const leaving = leavingOn(r, today);
  if (leaving) return { label: `Leaving on ${leaving}`, className: "pill pill--warn" };
  const status = effectiveStatus(r, today);
  return { label: STATUS_LABELS[status], className: STATUS_TONES[status] };
}

/** `{ value, label }` options of a label map, in its order, for a select. */
export function optionsOf(labels: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** Room and bed as one short text ("12 / B"), or "" when neither is set. */
export function roomAndBed(r: { room?: string | undefined; bed?: string | undefined }): string {
  return [r.room, r.bed].filter(Boolean).join(" / ");
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents as dollars, "$1,234.50"; integer arithmetic up to the formatting. */
export function formatCents(cents: number): string {
  return money.format(cents / 100);
}

/** Dollars typed by a person ("2,450.5", "$2450") as integer cents, or null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Whole years between a date of birth and a day (both `YYYY-MM-DD`). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Today's date in the viewer's time zone, `YYYY-MM-DD`. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** One field of the resident form as text ("—" for nothing), for the stale-save panel. */
export function residentValueText(
  values: TResidentFormValues,
  field: keyof TResidentFormValues,
  facilityNameOf: (id: string) => string,
): string {
  const v = values[field];
  if (v === undefined || v === "" || v === null) return "—";
  switch (field) {
    case "facilityId":
      return facilityNameOf(String(v));
    case "gender":
      return GENDER_LABELS[v as keyof typeof GENDER_LABELS] ?? String(v);
    case "ambulatoryStatus":
      return AMBULATORY_LABELS[v as keyof typeof AMBULATORY_LABELS] ?? String(v);
    case "codeStatus":
      return CODE_STATUS_LABELS[v as keyof typeof CODE_STATUS_LABELS] ?? String(v);
    case "monthlyRateCents":
      return typeof v === "number" && !Number.isNaN(v) ? formatCents(v) : "—";
    case "emergencyContacts":
      return (values.emergencyContacts ?? []).map((c) => `${c.name} (${c.relationship}) ${c.phone}`).join("; ") || "—";
    default:
      return String(v);
  }
}

/** A resident field's value as the history stores it, as it reads ("485000" → "$4,850.00"). */
export function residentChangeText(
  field: string,
  text: string | undefined,
  facilityNameOf: (id: string) => string,
): string {
  if (text === undefined) return "—";
  const labelled: Record<string, Record<string, string>> = {
    status: STATUS_LABELS,
    gender: GENDER_LABELS,
    ambulatoryStatus: AMBULATORY_LABELS,
    codeStatus: CODE_STATUS_LABELS,
    codeStatusSource: CODE_STATUS_SOURCE_LABELS,
  };
  if (labelled[field]) return labelled[field][text] ?? text;
  if (field === "facilityId") return facilityNameOf(text);
  if (field === "monthlyRateCents") return formatCents(Number(text));
  if (field === "emergencyContacts") {
    const contacts = JSON.parse(text) as { name: string; relationship: string; phone: string }[];
    return contacts.map((c) => `${c.name} (${c.relationship}) ${c.phone}`).join("; ");
  }
  return text;
}
