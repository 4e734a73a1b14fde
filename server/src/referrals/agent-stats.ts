/**
 * Each agent's referrals, tours, move-ins and fees paid (InsightsPort.agentStats), counted in the
 * database by grouping over the agent index — over the homes the caller may see; fees only for a role
 * with Referral fees.
 */
import { assertCan, can } from "@care/core/rules/access.rules";
import { agentStatsOf, parseAgentStatsQuery, type TAgentStats } from "@care/core/rules/referral-stats.rules";
import type { TReferralStatus } from "@care/core/collections/referrals.collection";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";

export async function agentStats(database: Database, caller: TCaller, raw: unknown): Promise<TAgentStats[]> {
  const user = assertCan(requireUser(caller), "referrals", "read");
  const query = parseAgentStatsQuery(raw);
  const where = {
    agentId: { in: query.agentIds },
    archivedAt: null,
    ...(user.facilityIds === null ? {} : { facilityId: { in: user.facilityIds } }),
  };
  const seesFees = can(user, "fees", "read");
  const [byStatus, fees] = await Promise.all([
    database.prisma.referral.groupBy({
      by: ["agentId", "status", "tourAt"],
      where,
      _count: { _all: true },
    }),
    seesFees
      ? database.prisma.referralFee.groupBy({
          by: ["agentId", "date"],
          where: { ...where, kind: "payment" },
          _sum: { amountCents: true },
        })
      : null,
  ]);
  // Grouped rows stand for as many referrals (or payments) as they count: expand them for the shared rule.
  const referrals = byStatus.flatMap((g) =>
    Array.from({ length: g._count._all }, () => ({
      agentId: g.agentId ?? undefined,
      status: g.status as TReferralStatus,
      tourAt: g.tourAt ?? undefined,
    })),
  );
  const payments =
    fees?.map((g) => ({
      agentId: g.agentId,
      kind: "payment",
      date: g.date,
      amountCents: Number(g._sum.amountCents ?? 0),
    })) ?? null;
  return agentStatsOf(query.agentIds, referrals, payments, query.year);
}
