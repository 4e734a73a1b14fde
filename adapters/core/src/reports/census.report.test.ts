import { describe, expect, it } from "vitest";
import { censusReportOf, type TCensusInput } from "./census.report.ts";

const homes = [
  { id: "a", name: "Alder", licensedCapacity: 2 },
  { id: "b", name: "Birch", licensedCapacity: null },
];
const query = { from: "2026-01-01", to: "2026-04-30", today: "2026-03-20" };

describe("censusReportOf", () => {
  it("counts a transferred resident at each home for its part, and the move as a move-out and a move-in", () => {
    const input: TCensusInput = {
      homes,
      residents: [{ id: "r", facilityId: "b", status: "active", admissionDate: "2025-06-01" }],
      events: [
        { residentId: "r", facilityId: "a", type: "admission", date: "2025-06-01" },
        { residentId: "r", facilityId: "a", type: "transfer_out", date: "2026-02-10" },
        { residentId: "r", facilityId: "b", type: "transfer_in", date: "2026-02-10" },
      ],
    };
    const report = censusReportOf(input, query);
    expect(report.homes.map((h) => [h.facilityId, h.census, h.moveIns, h.moveOuts])).toEqual([
      ["a", 0, 0, 1],
      ["b", 1, 1, 0],
    ]);
    expect(report.homes[0]!.moveOutsByReason.transferred).toBe(1);
    // January at Alder (1 of 2 beds); February on at Birch, which records no capacity.
    expect(report.months.map((m) => [m.month, m.census, m.occupancyPercent])).toEqual([
      ["2026-01", 1, 50],
      ["2026-02", 1, 0],
      ["2026-03", 1, 0],
      // April has not come yet (today is March 20).
      ["2026-04", 0, 0],
    ]);
    expect(report.countedOn).toBe("2026-03-20");
  });

  it("counts an earlier stay closed by a discharge, a readmission, and a death with its reason", () => {
    const input: TCensusInput = {
      homes,
      residents: [
        { id: "back", facilityId: "a", status: "active", admissionDate: "2026-03-01" },
        { id: "gone", facilityId: "a", status: "deceased", admissionDate: "2026-01-01", dischargeDate: "2026-01-31" },
      ],
      events: [
        { residentId: "back", facilityId: "a", type: "admission", date: "2025-12-01" },
        { residentId: "back", facilityId: "a", type: "discharge", date: "2026-01-20" },
        { residentId: "back", facilityId: "a", type: "readmission", date: "2026-03-01" },
      ],
    };
    const [alder] = censusReportOf(input, query).homes;
    expect(alder).toMatchObject({
      census: 1,
      occupancyPercent: 50,
      moveIns: 2,
      moveOuts: 2,
      moveOutsByReason: { discharged: 1, deceased: 1, transferred: 0 },
      // 51 days (December 1 to January 20) and 31 days (January).
      averageStayDays: 41,
    });
  });

  it("does not count a planned move-in, and leaves occupancy empty for homes without a capacity", () => {
    const input: TCensusInput = {
      homes: [homes[1]!],
      residents: [{ id: "soon", facilityId: "b", status: "active", admissionDate: "2026-04-02" }],
      events: [],
    };
    const report = censusReportOf(input, query);
    expect(report.total).toMatchObject({ census: 0, moveIns: 0, capacity: null, occupancyPercent: null });
  });
});
