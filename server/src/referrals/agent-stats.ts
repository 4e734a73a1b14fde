/**
 * Each agent's referrals, tours, move-ins and fees owed and paid (InsightsPort.agentStats), counted in
 * the database by grouping over the agent index — over the homes the caller may see; fees only for a
 * role with Referral fees (owed: the agents' terms over their moved-in referrals, read row by row).
 */
import { assertCan, can } from "@care/core/rules/access.rules";
import { agentStatsOf, parseAgentStatsQuery, type TAgentStats } from "@care/core/rules/referral-stats.rules";
import type { TFeeKind, TReferralStatus } from "@care/core/collections/referrals.collection";
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
  // Counted per agent and stage, with and without a tour set (two groupings, not one row per referral).
  const [untoured, toured, fees, terms, moveIns] = await Promise.all([
    database.prisma.referral.groupBy({
      by: ["agentId", "status"],
      where: { ...where, tourAt: null },
      _count: { _all: true },
    }),
    database.prisma.referral.groupBy({
      by: ["agentId", "status"],
      where: { ...where, tourAt: { not: null } },
      _count: { _all: true },
    }),
    seesFees
      ? database.prisma.referralFee.groupBy({
          by: ["agentId", "date"],
          where: { ...where, kind: "payment" },
          _sum: { amountCents: true },
        })
      : null,
    seesFees ? database.prisma.agentFeeTerms.findMany({ where: { agentId: { in: query.agentIds } } }) : [],
    seesFees
      ? database.prisma.referral.findMany({
          where: { ...where, status: "moved_in", duplicateOfId: null },
          select: { agentId: true, status: true, firstMonthRentCents: true, moveInDate: true },
        })
      : [],
  ]);
  const counted = (groups: typeof untoured, tourAt: string | undefined) =>
    groups.map((g) => ({
      agentId: g.agentId ?? undefined,
      status: g.status as TReferralStatus,
      tourAt,
      count: g._count._all,
    }));
  const referrals = [...counted(untoured, undefined), ...counted(toured, "set")];
  const payments =
    fees?.map((g) => ({
      agentId: g.agentId,
      kind: "payment",
      date: g.date,
      amountCents: Number(g._sum.amountCents ?? 0),
    })) ?? null;
  return agentStatsOf(query.agentIds, referrals, payments, query.year, {
    terms: terms.map((t) => ({
      agentId: t.agentId,
      kind: t.kind as TFeeKind,
      percentBasisPoints: t.percentBasisPoints ?? undefined,
      flatCents: t.flatCents === null ? undefined : Number(t.flatCents),
      capCents: t.capCents === null ? undefined : Number(t.capCents),
      prorateFirstMonth: t.prorateFirstMonth,
    })),
    moveIns: moveIns.map((r) => ({
      agentId: r.agentId ?? undefined,
      status: r.status as TReferralStatus,
      firstMonthRentCents: r.firstMonthRentCents === null ? undefined : Number(r.firstMonthRentCents),
      moveInDate: r.moveInDate ?? undefined,
    })),
  });
}
