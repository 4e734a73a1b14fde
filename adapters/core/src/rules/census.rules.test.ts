import { describe, expect, it } from "vitest";
import { effectiveStatus, homeOn, inCensus, leavingOn } from "./census.rules.ts";

describe("homeOn", () => {
  const events = [
    { type: "admission", facilityId: "A", date: "2026-01-10" },
    { type: "transfer_out", facilityId: "A", date: "2026-03-15" },
    { type: "transfer_in", facilityId: "B", date: "2026-03-15" },
    { type: "transfer_out", facilityId: "B", date: "2026-06-01" },
    { type: "transfer_in", facilityId: "C", date: "2026-06-01" },
  ];

  it("counts a transferred resident at the home they lived in on the day", () => {
    expect(homeOn(events, "C", "2026-02-28")).toBe("A");
    expect(homeOn(events, "C", "2026-03-14")).toBe("A");
    expect(homeOn(events, "C", "2026-03-15")).toBe("B");
    expect(homeOn(events, "C", "2026-05-31")).toBe("B");
    expect(homeOn(events, "C", "2026-06-01")).toBe("C");
  });

  it("keeps a resident never transferred at their current home", () => {
    expect(homeOn([{ type: "admission", facilityId: "A", date: "2026-01-10" }], "A", "2025-01-01")).toBe("A");
  });

  it("orders events by date whatever order they are read in", () => {
    expect(homeOn([...events].reverse(), "C", "2026-04-01")).toBe("B");
  });
});

describe("planned discharges", () => {
  const resident = { status: "active" as const, admissionDate: "2026-01-10", dischargeDate: "2026-03-20" };

  it("leaves the resident living in the home until the day, discharged from it", () => {
    expect(effectiveStatus(resident, "2026-03-19")).toBe("active");
    expect(inCensus(resident, "2026-03-19")).toBe(true);
    expect(leavingOn(resident, "2026-03-19")).toBe("2026-03-20");
    expect(effectiveStatus(resident, "2026-03-20")).toBe("discharged");
    expect(inCensus(resident, "2026-03-20")).toBe(false);
    expect(leavingOn(resident, "2026-03-20")).toBeNull();
  });

  it("keeps a discharged or deceased resident's status as stored", () => {
    const left = { status: "deceased" as const, admissionDate: "2026-01-10", dischargeDate: "2026-03-20" };
    expect(effectiveStatus(left, "2026-03-01")).toBe("deceased");
    expect(leavingOn(left, "2026-03-01")).toBeNull();
  });
});
