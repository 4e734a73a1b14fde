import { isActiveMedication } from "@care/core/rules/medical.rules";
import { describe, expect, it } from "vitest";
import {
  chunk,
  formatBloodPressure,
  fromLocalInput,
  recentSince,
  summarizeByResident,
  toLocalInput,
  type TAllergyRecord,
  type TIncidentRecord,
  type TMedicationRecord,
  type TVitalsRecord,
} from "./medical-summary.ts";

const meta = (id: string) => ({
  id,
  version: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  archivedAt: null,
});
const link = (residentId: string) => ({ residentId, facilityId: "van-buren" });

const vitals = (id: string, residentId: string, recordedAt: string): TVitalsRecord => ({
  ...meta(id),
  ...link(residentId),
  recordedAt,
  pulse: 70,
  recordedBy: "nurse@example.com",
  notes: undefined,
});
const medication = (id: string, residentId: string, name: string, stopDate?: string): TMedicationRecord => ({
  ...meta(id),
  ...link(residentId),
  name,
  dose: "10 mg",
  route: "oral",
  frequency: "daily",
  asNeeded: false,
  prescriber: undefined,
  instructions: undefined,
  ...(stopDate ? { stopDate } : {}),
});
const incident = (id: string, residentId: string, occurredAt: string): TIncidentRecord => ({
  ...meta(id),
  ...link(residentId),
  occurredAt,
  type: "fall",
  description: "Slipped",
  notified: undefined,
  reportFiled: false,
});
const allergy = (id: string, residentId: string, allergen: string): TAllergyRecord => ({
  ...meta(id),
  ...link(residentId),
  allergen,
  reaction: undefined,
  severity: "severe",
});

describe("medical summaries", () => {
  const now = new Date("2026-11-21T12:00:00.000Z");

  it("keeps a medication active through its stop date", () => {
    expect(isActiveMedication({ stopDate: undefined }, "2026-11-21")).toBe(true);
    expect(isActiveMedication({ stopDate: "2026-11-21" }, "2026-11-21")).toBe(true);
    expect(isActiveMedication({ stopDate: "2026-11-20" }, "2026-11-21")).toBe(false);
  });

  it("gives each resident their latest vitals, active medications, allergies and last 30 days' incidents", () => {
    const summaries = summarizeByResident(
      ["a", "b", "c"],
      {
        vitals: [
          vitals("v1", "a", "2026-11-01T08:00:00.000Z"),
          vitals("v2", "a", "2026-11-20T08:00:00.000Z"),
          vitals("v3", "a", "2026-11-10T08:00:00.000Z"),
          vitals("v4", "b", "2025-01-01T08:00:00.000Z"),
        ],
        medications: [
          medication("m1", "a", "Metformin"),
          medication("m2", "a", "Amoxicillin", "2026-11-01"),
          medication("m3", "a", "Donepezil", "2026-12-31"),
          medication("m4", "b", "Aspirin"),
        ],
        allergies: [allergy("al1", "a", "Penicillin"), allergy("al2", "a", "Latex")],
        incidents: [
          incident("i1", "a", "2026-11-15T10:00:00.000Z"),
          incident("i2", "a", "2026-10-01T10:00:00.000Z"),
          incident("i3", "a", "2026-11-19T10:00:00.000Z"),
        ],
      },
      now,
    );
    const a = summaries.get("a")!;
    expect(a.latestVitals?.id).toBe("v2");
    expect(a.activeMedications.map((m) => m.name)).toEqual(["Donepezil", "Metformin"]);
    expect(a.allergies.map((x) => x.allergen)).toEqual(["Latex", "Penicillin"]);
    expect(a.recentIncidents.map((i) => i.id)).toEqual(["i3", "i1"]);
    expect(summaries.get("b")!.latestVitals?.id).toBe("v4");
    expect(summaries.get("b")!.activeMedications.map((m) => m.id)).toEqual(["m4"]);
    expect(summaries.get("c")).toEqual({
      latestVitals: null,
      activeMedications: [],
      allergies: [],
      recentIncidents: [],
    });
  });

  it("counts incidents from exactly 30 days back", () => {
    expect(recentSince(now)).toBe("2026-10-22T12:00:00.000Z");
  });

  it("splits ids into batches the in filter accepts", () => {
    const ids = Array.from({ length: 65 }, (_, i) => `r${i}`);
    expect(chunk(ids, 30).map((c) => c.length)).toEqual([30, 30, 5]);
    expect(chunk(ids, 30).flat()).toEqual(ids);
    expect(chunk([], 30)).toEqual([]);
  });

  it("formats blood pressure only when both numbers were taken", () => {
    expect(formatBloodPressure({ systolic: 120, diastolic: 80 })).toBe("120/80");
    expect(formatBloodPressure({ systolic: undefined, diastolic: undefined })).toBe("");
  });

  it("round-trips a timestamp through a datetime-local value (minutes)", () => {
    const iso = "2026-11-21T16:05:00.000Z";
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput("")).toBe("");
    expect(fromLocalInput("not a time")).toBe("");
  });
});
