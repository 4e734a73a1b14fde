import { describe, expect, it } from "vitest";
import type { TComplianceStatus, TSubjectCompliance } from "@care/core/ports/insights.port";
import { complianceScope, occupancyLabel, slugOf, summarizeCompliance } from "./facility-stats.ts";

function subject(
  name: string,
  status: TComplianceStatus,
  counts: Partial<Record<TComplianceStatus, number>>,
): TSubjectCompliance {
  return {
    subject: "resident",
    subjectId: name.toLowerCase(),
    facilityId: "tull",
    name,
    status,
    counts: { complete: 0, missing: 0, expiring: 0, expired: 0, ...counts },
    requirements: [],
  };
}

describe("occupancyLabel", () => {
  it("says the planned move-ins apart from the census", () => {
    expect(occupancyLabel(5, 6, 2)).toBe("5 / 6 (83%) · 2 planned move-ins");
    expect(occupancyLabel(5, undefined, 1)).toBe("5 (capacity not recorded) · 1 planned move-in");
  });
});

describe("summarizeCompliance", () => {
  it("takes the worst status, sums the required documents and lists who needs attention, worst first", () => {
    const summary = summarizeCompliance({
      today: "2026-03-01",
      subjects: [
        subject("Tull", "complete", { complete: 4 }),
        subject("Baker, Ann", "expiring", { complete: 3, expiring: 1 }),
        subject("Adams, Bo", "missing", { complete: 2, missing: 2 }),
        subject("Cole, Di", "expired", { expired: 1, missing: 1, complete: 1 }),
      ],
    });
    expect(summary.status).toBe("expired");
    expect(summary.counts).toEqual({ complete: 10, missing: 3, expiring: 1, expired: 1 });
    expect(summary.attention.map((s) => s.name)).toEqual(["Cole, Di", "Adams, Bo", "Baker, Ann"]);
  });

  it("is complete when nobody lacks anything (and when there is nobody)", () => {
    expect(summarizeCompliance({ today: "2026-03-01", subjects: [] }).status).toBe("complete");
    const summary = summarizeCompliance({
      today: "2026-03-01",
      subjects: [subject("Tull", "complete", { complete: 2 })],
    });
    expect(summary).toMatchObject({ status: "complete", attention: [] });
  });
});

describe("occupancyLabel", () => {
  it("shows census against capacity with a whole percentage", () => {
    expect(occupancyLabel(12, 15)).toBe("12 / 15 (80%)");
    expect(occupancyLabel(5, 6)).toBe("5 / 6 (83%)");
    expect(occupancyLabel(0, 0)).toBe("0 / 0");
    expect(occupancyLabel(3, undefined)).toBe("3 (capacity not recorded)");
  });
});

describe("slugOf", () => {
  it("makes a URL-safe id from a name", () => {
    expect(slugOf("Van Buren")).toBe("van-buren");
    expect(slugOf("  Señora's Home #2 ")).toBe("senora-s-home-2");
    expect(slugOf("!!!")).toBe("");
    expect(slugOf("a".repeat(80)).length).toBe(64);
  });
});

describe("complianceScope", () => {
  it("names whose papers are counted, and says which the role leaves out (a caregiver: staff)", () => {
    expect(complianceScope(["resident", "staff", "facility"])).toEqual({
      whose: "the home, its residents and staff",
      leftOut: null,
    });
    expect(complianceScope(["resident", "facility"])).toEqual({
      whose: "the home and its residents",
      leftOut: "The staff documents are not counted here: your role does not include Staff.",
    });
    expect(complianceScope(["facility"]).leftOut).toBe(
      "The residents' and staff documents are not counted here: your role does not include Residents or Staff.",
    );
  });
});
