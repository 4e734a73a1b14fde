import { describe, expect, it } from "vitest";
import type { TScheduleWeek } from "../ports/insights.port.ts";
import { addDays } from "../rules/date-only.rules.ts";
import { inspectionPacketOf, packetWeeks, type TInspectionPacketInput } from "./inspection-packet.ts";

const TODAY = "2026-11-25"; // a Wednesday

/** A week of the home with six residents every night and the given shifts. */
function week(weekStart: string, shifts: TScheduleWeek["shifts"] = [], dementia = false): TScheduleWeek {
  return {
    facilityId: "tull",
    weekStart,
    timeZone: "America/Los_Angeles",
    shifts,
    people: [
      {
        id: "s1",
        name: "Nurse, Tia",
        clearanceStatus: "cleared",
        mayWorkIndependently: true,
        position: "caregiver",
        homeFacilityId: "tull",
        current: true,
      },
    ],
    busyElsewhere: [],
    census: Array.from({ length: 8 }, (_, i) => ({ date: addDays(weekStart, i - 1), residents: 6, dementia })),
    issues: [],
  };
}

const requirement = (typeName: string, status: "complete" | "missing" | "expired", expiryDate?: string) => ({
  typeId: typeName,
  typeName,
  required: true,
  status,
  ...(expiryDate ? { expiryDate } : {}),
});

function input(weeks: TScheduleWeek[]): TInspectionPacketInput {
  return {
    home: { id: "tull", name: "Tull", licenseNumber: "197600001", timeZone: "America/Los_Angeles", licensedCapacity: 6 },
    today: TODAY,
    residents: [
      { id: "r1", firstName: "Ada", lastName: "Best", admissionDate: "2025-01-01", room: "2" },
      // A planned move-in is not in the packet yet.
      { id: "r2", firstName: "Cy", lastName: "Later", admissionDate: "2026-12-10" },
    ],
    staff: [
      { id: "s1", facilityId: "tull", firstName: "Tia", lastName: "Nurse", position: "caregiver", hireDate: "2024-02-01", clearanceStatus: "cleared", clearanceDate: "2024-01-20" },
      // Works here too; her file is kept at her own home.
      { id: "s2", facilityId: "newman", firstName: "Una", lastName: "Other", position: "med_tech", clearanceStatus: "submitted" },
    ],
    compliance: {
      today: TODAY,
      subjects: [
        { subject: "resident", subjectId: "r1", facilityId: "tull", name: "Best, Ada", status: "complete", counts: { complete: 1, missing: 0, expiring: 0, expired: 0 }, requirements: [requirement("TB screening", "complete", "2027-03-01")] },
        { subject: "staff", subjectId: "s1", facilityId: "tull", name: "Nurse, Tia", status: "missing", counts: { complete: 0, missing: 1, expiring: 0, expired: 0 }, requirements: [{ ...requirement("Health Screening Report", "missing"), formCode: "LIC 503" }] },
        // The home's own papers, as its documents checklist judges them.
        { subject: "facility", subjectId: "tull", facilityId: "tull", name: "Tull", status: "expired", counts: { complete: 1, missing: 0, expiring: 0, expired: 1 }, requirements: [requirement("Facility license", "complete", "2028-01-01"), requirement("Fire clearance", "expired", "2026-10-01")] },
      ],
    },
    training: {
      from: TODAY,
      to: TODAY,
      countedOn: TODAY,
      homes: [],
      total: { staff: 1, hours: 0, staffShort: 1, overdue: 1 },
      requirements: [],
      staff: [{ staffId: "s1", facilityId: "tull", name: "Nurse, Tia", position: "caregiver", hours: 0, requirements: [{ requirementId: "q", name: "Annual training", state: "overdue", hours: 12, required: 20, shortBy: 8, due: "2026-01-31" }] }],
      months: [],
    },
    weeks,
  };
} // prettier-ignore

/** Tia's shift every night of a week (and the night before it, which reaches in) from 22:00 to `end`. */
function nightly(weekStart: string, duty: string, end = "06:00"): TScheduleWeek["shifts"] {
  return Array.from({ length: 8 }, (_, i) => ({
    // A week's shifts start the day before it (its night reaches in): the same shift in two weeks.
    id: `night-${addDays(weekStart, i - 1)}`,
    staffId: "s1",
    facilityId: "tull",
    date: addDays(weekStart, i - 1),
    start: "22:00",
    end,
    duty,
    position: "caregiver",
    published: true,
    version: 1,
    createdAt: "",
    updatedAt: "",
    createdBy: null,
    updatedBy: null,
    archivedAt: null,
  })) as TScheduleWeek["shifts"];
}

describe("inspectionPacketOf", () => {
  it("reads today's week and the next four, for 28 nights", () => {
    expect(packetWeeks(TODAY)).toEqual(["2026-11-23", "2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21"]);
  });

  it("lists the home's own documents, the people's, a missing TB screening, clearances, training short and the LIC 500 personnel", () => {
    const packet = inspectionPacketOf(input(packetWeeks(TODAY).map((w) => week(w))));
    expect(packet.residents).toEqual([
      {
        id: "r1",
        name: "Best, Ada",
        room: "2",
        admissionDate: "2025-01-01",
        status: "complete",
        items: [{ typeName: "TB screening", status: "complete", expiryDate: "2027-03-01" }],
      },
    ]);
    expect(packet.staff).toEqual([
      expect.objectContaining({
        id: "s1",
        clearanceStatus: "cleared",
        tb: { typeName: "LIC 503 Health Screening Report", status: "missing" },
        status: "missing",
        trainingShort: ["Annual training: 12 of 20 h, 8 h to go (overdue)"],
      }),
    ]);
    expect(packet.homeDocuments).toEqual({
      status: "expired",
      items: [
        { typeName: "Facility license", status: "complete", expiryDate: "2028-01-01" },
        { typeName: "Fire clearance", status: "expired", expiryDate: "2026-10-01" },
      ],
    });
    expect(packet.personnel.map((p) => [p.name, p.clearanceStatus, p.hoursScheduled])).toEqual([
      ["Nurse, Tia", "cleared", 0],
      ["Other, Una", "submitted", 0],
    ]);
  });

  it("names every night of the four weeks without the staff §87415 asks for, and none that is covered", () => {
    const uncovered = inspectionPacketOf(input(packetWeeks(TODAY).map((w) => week(w))));
    expect(uncovered.through).toBe("2026-12-22");
    expect(uncovered.nights.gaps.map((g) => g.date)).toEqual(Array.from({ length: 28 }, (_, i) => addDays(TODAY, i)));
    expect(uncovered.nights.gaps[0]).toMatchObject({
      rule: "Title 22 §87415",
      from: "22:00",
      missing: ["nobody on duty"],
    });
    // Someone on call on the premises every night covers six residents without dementia.
    const covered = inspectionPacketOf(input(packetWeeks(TODAY).map((w) => week(w, nightly(w, "on_call_premises")))));
    expect(covered.nights.gaps).toEqual([]);
    expect(covered.personnel[0]).toMatchObject({
      name: "Nurse, Tia",
      hoursScheduled: 8 * 28,
      usualShift: "22:00–06:00",
    });
  });

  it("says what each uncovered night lacks", () => {
    const gapsWith = (shifts: (w: string) => TScheduleWeek["shifts"], dementia = false) =>
      inspectionPacketOf(input(packetWeeks(TODAY).map((w) => week(w, shifts(w), dementia)))).nights.gaps;
    // On call from home does not do where someone must be on call on the premises.
    expect(gapsWith((w) => nightly(w, "on_call_nearby"))[0]).toMatchObject({
      missing: ["nobody on call on the premises (on call nearby only)"],
    });
    // With dementia (§87705) the night needs someone awake: on call on the premises is not enough.
    expect(gapsWith((w) => nightly(w, "on_call_premises"), true)[0]).toMatchObject({
      rule: "Title 22 §87705",
      missing: ["nobody awake"],
    });
    // Awake until 02:00 only: the rest of the night has nobody, and the row says from when.
    expect(gapsWith((w) => nightly(w, "awake", "02:00"), true)[0]).toMatchObject({
      from: "02:00",
      to: "06:00",
      missing: ["nobody on duty"],
    });
    // Half the night on call nearby, then nobody: each stretch with its times.
    const split = gapsWith((w) => [
      ...nightly(w, "on_call_nearby", "02:00"),
      ...nightly(w, "on_call_nearby", "02:00").map((s) => ({ ...s, id: `${s.id}-late`, start: "04:00", end: "06:00" })),
    ]);
    expect(split[0]!.missing).toEqual([
      "22:00–02:00: nobody on call on the premises (on call nearby only)",
      "02:00–04:00: nobody on duty",
      "04:00–06:00: nobody on call on the premises (on call nearby only)",
    ]);
  });

  it("names a night's shift of someone not cleared on its gap (scheduled, not counted) and lists the overrides", () => {
    const uncleared = (w: string) =>
      week(
        w,
        nightly(w, "awake").map((s) => ({
          ...s,
          staffId: "s9",
          overrideReason: "Agency cover",
          overrideBy: "Ann Admin",
          overrideAt: "2026-11-24T18:00:00.000Z",
        })),
      );
    const packet = inspectionPacketOf(
      input(
        packetWeeks(TODAY).map((w) => {
          const it = uncleared(w);
          return {
            ...it,
            people: [...it.people, { ...it.people[0]!, id: "s9", name: "New, Pat", clearanceStatus: "submitted" }],
          };
        }),
      ),
    );
    expect(packet.nights.gaps[0]).toMatchObject({
      date: TODAY,
      missing: ["nobody on duty", "New, Pat 22:00–06:00: scheduled, not counted: not cleared."],
    });
    expect(packet.overrides[0]).toEqual({
      shiftId: `night-${TODAY}`,
      name: "New, Pat",
      date: TODAY,
      start: "22:00",
      end: "06:00",
      reason: "Agency cover",
      by: "Ann Admin",
      at: "2026-11-24T18:00:00.000Z",
    });
  });
});
