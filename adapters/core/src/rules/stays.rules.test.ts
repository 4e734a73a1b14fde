import { describe, expect, it } from "vitest";
import { currentStayStart, residentStays } from "./stays.rules.ts";

const admitted = { type: "admission", date: "2026-01-10" };
const discharged = { type: "discharge", date: "2026-03-15" };
const readmitted = { type: "readmission", date: "2026-04-02" };

describe("residentStays", () => {
  it("is one stay while the resident was never discharged", () => {
    expect(residentStays({ admissionDate: "2026-01-10" }, [admitted])).toEqual([{ from: "2026-01-10", to: null }]);
  });

  it("ends the stay on a planned discharge's day", () => {
    const resident = { admissionDate: "2026-01-10", dischargeDate: "2026-05-31" };
    expect(residentStays(resident, [admitted, { type: "discharge", date: "2026-05-31" }])).toEqual([
      { from: "2026-01-10", to: "2026-05-31" },
    ]);
  });

  it("adds a stay at a readmission, keeping the first admission date", () => {
    const resident = { admissionDate: "2026-01-10" };
    expect(residentStays(resident, [readmitted, discharged, admitted])).toEqual([
      { from: "2026-01-10", to: "2026-03-15" },
      { from: "2026-04-02", to: null },
    ]);
    expect(currentStayStart(resident, [admitted, discharged, readmitted])).toBe("2026-04-02");
  });

  it("reads a readmission recorded before stays kept the admission date (admission date overwritten)", () => {
    const resident = { admissionDate: "2026-04-02", dischargeDate: "2026-06-30" };
    expect(
      residentStays(resident, [admitted, discharged, readmitted, { type: "discharge", date: "2026-06-30" }]),
    ).toEqual([
      { from: "2026-01-10", to: "2026-03-15" },
      { from: "2026-04-02", to: "2026-06-30" },
    ]);
  });
});
