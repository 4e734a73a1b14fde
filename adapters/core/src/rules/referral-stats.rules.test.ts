import { describe, expect, it } from "vitest";
import { agentStatsOf, conversionPercent, costPerMoveInCents, sourceStatsOf } from "./referral-stats.rules.ts";

describe("agentStatsOf", () => {
  it("counts referrals, tours and move-ins per agent, and payments all time and in the year", () => {
    const stats = agentStatsOf(
      ["a1", "a2"],
      [
        { agentId: "a1", status: "moved_in", tourAt: "2026-11-05T14:00" },
        { agentId: "a1", status: "lost", tourAt: "2026-11-06T10:00" },
        { agentId: "a1", status: "new" },
        { agentId: "a2", status: "toured" },
        { agentId: "a9", status: "moved_in" },
        { status: "new" },
      ],
      [
        { agentId: "a1", kind: "payment", date: "2026-11-20", amountCents: 260_000 },
        { agentId: "a1", kind: "payment", date: "2025-12-20", amountCents: 100_000 },
        { agentId: "a1", kind: "invoice", date: "2026-11-12", amountCents: 999_999 },
      ],
      2026,
    );
    expect(stats).toEqual([
      {
        agentId: "a1",
        referrals: 3,
        tours: 2,
        moveIns: 1,
        feesOwedCents: 0,
        feesPaidCents: 360_000,
        feesPaidInYearCents: 260_000,
      },
      { agentId: "a2", referrals: 1, tours: 1, moveIns: 0, feesOwedCents: 0, feesPaidCents: 0, feesPaidInYearCents: 0 },
    ]);
    expect(conversionPercent(stats[0]!)).toBe(33);
    expect(costPerMoveInCents(stats[0]!)).toBe(360_000);
    expect(costPerMoveInCents(stats[1]!)).toBeNull();
  });

  it("gives no fee figures without fees read", () => {
    expect(agentStatsOf(["a1"], [], null, 2026)).toEqual([
      {
        agentId: "a1",
        referrals: 0,
        tours: 0,
        moveIns: 0,
        feesOwedCents: null,
        feesPaidCents: null,
        feesPaidInYearCents: null,
      },
    ]);
    expect(conversionPercent({ referrals: 0, moveIns: 0 })).toBeNull();
  });
});

describe("counted rows", () => {
  it("count grouped rows as many referrals as they stand for", () => {
    const rows = [
      { agentId: "a1", source: "agent" as const, status: "moved_in" as const, tourAt: "set", count: 3 },
      { agentId: "a1", source: "agent" as const, status: "new" as const, count: 5 },
    ];
    expect(agentStatsOf(["a1"], rows, null, 2026)[0]).toMatchObject({ referrals: 8, tours: 3, moveIns: 3 });
    expect(sourceStatsOf(rows, null)[0]).toMatchObject({ source: "agent", referrals: 8, tours: 3, moveIns: 3 });
  });
});

describe("fees owed and cost per move-in", () => {
  it("counts what the terms make owed for move-ins (not a duplicate's) and costs a move-in by it", () => {
    const [stats] = agentStatsOf(["a1"], [{ agentId: "a1", status: "moved_in" }], [], 2026, {
      terms: [{ agentId: "a1", kind: "percent_first_month", percentBasisPoints: 5000, prorateFirstMonth: false }],
      moveIns: [
        { agentId: "a1", status: "moved_in", firstMonthRentCents: 400_000, moveInDate: "2026-11-10" },
        {
          agentId: "a1",
          status: "moved_in",
          firstMonthRentCents: 400_000,
          moveInDate: "2026-11-10",
          duplicateOfId: "r1",
        },
      ],
    });
    expect(stats).toMatchObject({ feesOwedCents: 200_000, feesPaidCents: 0 });
    expect(costPerMoveInCents(stats!)).toBe(200_000);
    expect(costPerMoveInCents({ moveIns: 2, feesOwedCents: 100_000, feesPaidCents: 300_000 })).toBe(150_000);
  });
});
