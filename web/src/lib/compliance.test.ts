import { describe, expect, it } from "vitest";
import type { InsightsPort, TComplianceQuery, TSubjectCompliance } from "@care/core/ports/insights.port";
import { complianceOf } from "./compliance.ts";

function subject(id: string): TSubjectCompliance {
  return {
    subject: "staff",
    subjectId: id,
    facilityId: "tull",
    name: id,
    status: "missing",
    counts: { complete: 0, missing: 1, expiring: 0, expired: 0 },
    requirements: [],
  };
}

describe("compliance of a page of subjects", () => {
  it("asks for the compliance of at most 100 staff at a time and leaves out those not counted", async () => {
    const asked: TComplianceQuery[] = [];
    const insights: InsightsPort = {
      compliance: (query) => {
        asked.push(query);
        // The rules leave terminated staff out; here, every id ending in 7.
        const ids = (query.subjectIds ?? []).filter((id) => !id.endsWith("7"));
        return Promise.resolve({ today: query.today, subjects: ids.map(subject) });
      },
      derivedReminders: () => Promise.reject(new Error("not asked")),
      facilityStats: () => Promise.reject(new Error("not asked")),
      residentMatches: () => Promise.reject(new Error("not asked")),
      referralMatches: () => Promise.reject(new Error("not asked")),
      agentStats: () => Promise.reject(new Error("not asked")),
      sourceStats: () => Promise.reject(new Error("not asked")),
      report: () => Promise.reject(new Error("not asked")),
      scheduleWeek: () => Promise.reject(new Error("not asked")),
    };
    const ids = Array.from({ length: 250 }, (_, i) => `s${i}`);
    const byId = await complianceOf(insights, "staff", ids, "2026-11-21");
    expect(asked.map((q) => q.subjectIds?.length)).toEqual([100, 100, 50]);
    expect(asked.every((q) => q.subject === "staff" && q.today === "2026-11-21")).toBe(true);
    expect(byId.size).toBe(225);
    expect(byId.get("s0")?.status).toBe("missing");
    expect(byId.has("s7")).toBe(false);
    expect(await complianceOf(insights, "staff", [], "2026-11-21")).toEqual(new Map());
    expect(asked).toHaveLength(3);
  });
});
