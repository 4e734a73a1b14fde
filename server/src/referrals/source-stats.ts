/**
 * How each source of referrals converts (InsightsPort.sourceStats): referrals grouped in the database
 * by source and stage over one home or the caller's homes, and the fees paid for them (Referral fees
 * only), counted by the shared rule.
 */
import { assertCan, can } from "@care/core/rules/access.rules";
import { parseSourceStatsQuery, sourceStatsOf, type TSourceStats } from "@care/core/rules/referral-stats.rules";
import type { TReferralSource, TReferralStatus } from "@care/core/collections/referrals.collection";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { insightsScope } from "../insights/insights-scope.ts";

export async function sourceStats(database: Database, caller: TCaller, raw: unknown): Promise<TSourceStats[]> {
  const user = assertCan(requireUser(caller), "referrals", "read");
  const query = parseSourceStatsQuery(raw);
  const scope = await insightsScope(database, user, query.facilityId);
  const where = { archivedAt: null, ...(scope === null ? {} : { facilityId: { in: scope } }) };
  // Counted per source and stage, with and without a tour set (two groupings, not one row per referral).
  const [untoured, toured, paid] = await Promise.all([
    database.prisma.referral.groupBy({
      by: ["source", "status"],
      where: { ...where, tourAt: null },
      _count: { _all: true },
    }),
    database.prisma.referral.groupBy({
      by: ["source", "status"],
      where: { ...where, tourAt: { not: null } },
      _count: { _all: true },
    }),
    can(user, "fees", "read")
      ? database.prisma.referralFee.aggregate({ where: { ...where, kind: "payment" }, _sum: { amountCents: true } })
      : null,
  ]);
  const counted = (groups: typeof untoured, tourAt: string | undefined) =>
    groups.map((g) => ({
      source: g.source as TReferralSource,
      status: g.status as TReferralStatus,
      tourAt,
      count: g._count._all,
    }));
  const referrals = [...counted(untoured, undefined), ...counted(toured, "set")];
  return sourceStatsOf(referrals, paid === null ? null : Number(paid._sum.amountCents ?? 0));
}
