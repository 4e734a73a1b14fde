import { describe, expect, it } from "vitest";
import type { TRecordOf } from "../registry.ts";
import { moveInOps } from "./referral-move-in.rules.ts";

const meta = { version: 3, createdAt: "", updatedAt: "", createdBy: null, updatedBy: null, archivedAt: null };
const referral = (id: string, extra: Partial<TRecordOf<"referrals">> = {}): TRecordOf<"referrals"> =>
  ({
    ...meta,
    id,
    facilityId: "tull",
    referredOn: "2026-11-02",
    source: "agent",
    agentId: "a1",
    firstName: "Eleanor",
    lastName: "Vance",
    status: "toured",
    ...extra,
  }) as TRecordOf<"referrals">;

describe("moveInOps", () => {
  it("closes the referral as moved in and the prospect's other open referrals as a sister-home move", () => {
    const ops = moveInOps({
      referral: referral("r1"),
      residentId: "res1",
      moveInDate: "2026-11-10",
      firstMonthRentCents: 520_000,
      sisters: [
        referral("r2", { facilityId: "newman", status: "contacted", outcomeNotes: "Called twice." }),
        referral("r3", { facilityId: "newman", status: "declined", closeReason: "declined_by_us" }),
        referral("r1"),
      ],
    });
    expect(ops).toEqual([
      {
        op: "update",
        collection: "referrals",
        id: "r1",
        version: 3,
        patch: {
          status: "moved_in",
          closeReason: "moved_in",
          residentId: "res1",
          moveInDate: "2026-11-10",
          firstMonthRentCents: 520_000,
          nextFollowUp: null,
        },
      },
      {
        op: "update",
        collection: "referrals",
        id: "r2",
        version: 3,
        patch: {
          status: "lost",
          closeReason: "sister_home",
          nextFollowUp: null,
          outcomeNotes: "Called twice.\nMoved in at another home of the group on 2026-11-10.",
        },
      },
    ]);
  });
});
