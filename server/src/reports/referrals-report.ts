/**
 * Referrals (InsightsPort.report "referrals"): the homes' referrals received in the range, the agents'
 * names, and — for a role with Referral fees — the agents' terms and the fee entries dated in the range,
 * read in plain SQL, then the shared `referralsReportOf`.
 */
import type {
  TFeeEntryKind,
  TFeeKind,
  TReferralSource,
  TReferralStatus,
} from "@care/core/collections/referrals.collection";
import { can } from "@care/core/rules/permissions.rules";
import { lastCountedDay } from "@care/core/reports/report-query.schema";
import { referralsReportOf, type TReferralsReport } from "@care/core/reports/referrals.report";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { reportScope } from "./report-scope.ts";

export async function referralsReport(database: Database, caller: TCaller, raw: unknown): Promise<TReferralsReport> {
  const { user, query, ids } = await reportScope(database, caller, "referrals", raw);
  const countedOn = lastCountedDay(query);
  const seesFees = can(user, "fees", "read");
  const [referrals, agents, terms, entries] = await Promise.all([
    sqlRows<{
      id: string;
      agentId: string | null;
      source: TReferralSource;
      status: TReferralStatus;
      referredOn: string;
      tourAt: string | null;
      moveInDate: string | null;
      firstMonthRentCents: number | null;
      duplicateOfId: string | null;
    }>(
      database.prisma,
      `SELECT "id", "agentId", "source", "status", "referredOn", "tourAt", "moveInDate", "firstMonthRentCents",
         "duplicateOfId" FROM "referrals"
       WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1) AND "referredOn" BETWEEN $2 AND $3`,
      [ids, query.from, countedOn],
    ),
    sqlRows<{ id: string; name: string }>(database.prisma, `SELECT "id", "name" FROM "referral_agents"`),
    seesFees
      ? sqlRows<{
          agentId: string;
          kind: TFeeKind;
          percentBasisPoints: number | null;
          flatCents: number | null;
          capCents: number | null;
          prorateFirstMonth: boolean;
        }>(
          database.prisma,
          `SELECT "agentId", "kind", "percentBasisPoints", "flatCents", "capCents", "prorateFirstMonth"
           FROM "agent_fee_terms" WHERE "archivedAt" IS NULL`,
        )
      : [],
    seesFees
      ? sqlRows<{ referralId: string; agentId: string; kind: TFeeEntryKind; date: string; amountCents: number | null }>(
          database.prisma,
          `SELECT "referralId", "agentId", "kind", "date", "amountCents" FROM "referral_fees"
           WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1) AND "date" BETWEEN $2 AND $3`,
          [ids, query.from, countedOn],
        )
      : [],
  ]);
  return referralsReportOf(
    {
      agents,
      referrals,
      fees: seesFees
        ? {
            terms: new Map(
              terms.map((t) => [
                t.agentId,
                {
                  kind: t.kind,
                  percentBasisPoints: t.percentBasisPoints ?? undefined,
                  flatCents: t.flatCents ?? undefined,
                  capCents: t.capCents ?? undefined,
                  prorateFirstMonth: t.prorateFirstMonth,
                },
              ]),
            ),
            entries,
          }
        : null,
    },
    query,
  );
}
