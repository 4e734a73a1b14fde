/**
 * Pure helpers of the medical pages: what counts as an active medication or a recent incident, the
 * per-resident summary the Medical Records list shows, and how entries are written for people.
 */
import { instantText } from "../../lib/date-time.ts";
import { format } from "date-fns";
import type { TRecordOf } from "@care/core/registry";
import { isActiveMedication } from "@care/core/rules/medical.rules";

export type TVitalsRecord = TRecordOf<"vitals">;
export type TMedicationRecord = TRecordOf<"medications">;
export type TAllergyRecord = TRecordOf<"allergies">;
export type TIncidentRecord = TRecordOf<"incidents">;
export type TDiagnosisRecord = TRecordOf<"diagnoses">;
export type TAppointmentRecord = TRecordOf<"appointments">;

/** How far back the Medical Records list looks for incidents. */
export const RECENT_INCIDENT_DAYS = 30;

/** The UTC timestamp `days` days before `now`: incidents at or after it are recent. */
export function recentSince(now: Date, days = RECENT_INCIDENT_DAYS): string {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}

/** The local calendar date of `now`, `YYYY-MM-DD`. */
export function localDate(now: Date): string {
  return format(now, "yyyy-MM-dd");
}

/** What the Medical Records list shows for one resident. */
export interface TMedicalSummary {
  latestVitals: TVitalsRecord | null;
  activeMedications: TMedicationRecord[];
  allergies: TAllergyRecord[];
  recentIncidents: TIncidentRecord[];
}

export interface TMedicalEntries {
  vitals: readonly TVitalsRecord[];
  medications: readonly TMedicationRecord[];
  allergies: readonly TAllergyRecord[];
  incidents: readonly TIncidentRecord[];
}

function byResident<T extends { residentId: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(item.residentId);
    if (list) list.push(item);
    else out.set(item.residentId, [item]);
  }
  return out;
}

/** Groups the entries of many residents into one summary per resident id (every id gets one). */
export function summarizeByResident(
  residentIds: readonly string[],
  entries: TMedicalEntries,
  now: Date,
): Map<string, TMedicalSummary> {
  const today = localDate(now);
  const since = recentSince(now);
  const vitals = byResident(entries.vitals);
  const medications = byResident(entries.medications);
  const allergies = byResident(entries.allergies);
  const incidents = byResident(entries.incidents);
  const out = new Map<string, TMedicalSummary>();
  for (const id of residentIds) {
    const latestVitals = (vitals.get(id) ?? []).reduce<TVitalsRecord | null>(
      (latest, v) => (latest === null || v.recordedAt > latest.recordedAt ? v : latest),
      null,
    );
    out.set(id, {
      latestVitals,
      activeMedications: (medications.get(id) ?? [])
        .filter((m) => isActiveMedication(m, today))
        .sort((a, b) => a.name.localeCompare(b.name)),
      allergies: (allergies.get(id) ?? []).sort((a, b) => a.allergen.localeCompare(b.allergen)),
      recentIncidents: (incidents.get(id) ?? [])
        .filter((i) => i.occurredAt >= since)
        .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt)),
    });
  }
  return out;
}

/** Splits ids into groups the data port accepts in one `in` filter. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** "120/80", or "" when no blood pressure was taken. */
export function formatBloodPressure(v: Pick<TVitalsRecord, "systolic" | "diastolic">): string {
  return v.systolic !== undefined && v.diastolic !== undefined ? `${v.systolic}/${v.diastolic}` : "";
}

/**
 * A timestamp in the viewer's local time, the zone named ("Nov 21, 2026, 4:05 PM PST"): the time the
 * entry forms take (their date-time fields are in the viewer's local time).
 */
export function formatDateTime(iso: string): string {
  return instantText(iso);
}

/** A `YYYY-MM-DD` date as "Nov 21, 2026" (the same day in every time zone). */
export function formatDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "MMM d, yyyy");
}

/** A UTC timestamp as the value of a `datetime-local` input (local time, minutes). */
export function toLocalInput(iso: string): string {
  return format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
}

/** A `datetime-local` input's value as a UTC timestamp, or "" when empty or not a time. */
export function fromLocalInput(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}
