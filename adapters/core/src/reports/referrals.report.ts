/**
 * Referrals: by agent and by source — the referrals received in the range, how many reached a tour and
 * moved in, conversion, duplicates caught (a prospect already referred, whose agency is owed nothing),
 * and for roles with Referral fees the fees owed for those move-ins (the agent's terms on the first
 * month's rent), invoiced and paid in the range, and cost per move-in; and referrals and move-ins month
 * by month. Counted by the shared referral rules on every backend.
 */
import { z } from "zod";
import { ZId } from "../common.schema.ts";
import {
  REFERRAL_SOURCES,
  type TFeeEntryKind,
  type TReferralSource,
  type TReferralStatus,
} from "../collections/referrals.collection.ts";
import { feeSummary } from "../rules/referral-deadlines.rules.ts";
import type { TFeeTermsLike } from "../rules/referral-fees.rules.ts";
import { conversionPercent, reachedTour } from "../rules/referral-stats.rules.ts";
import { monthsBetween } from "../rules/rent.rules.ts";
import { lastCountedDay, type TReportQuery } from "./report-query.schema.ts";

const ZCount = z.number().int().min(0);
const ZMoney = z.number().int().nullable();

const ZConversion = z.object({
  referrals: ZCount,
  tours: ZCount,
  moveIns: ZCount,
  /** Move-ins per referral, whole percent; null without referrals. */
  conversionPercent: z.number().int().min(0).nullable(),
  /** Referrals logged as a duplicate of an earlier one (no fee is owed for them). */
  duplicates: ZCount,
  /** Null for a role without Referral fees (and for sources other than agents' fees). */
  owedCents: ZMoney,
  invoicedCents: ZMoney,
  paidCents: ZMoney,
  /** Fees owed for the move-ins over the move-ins: what a move-in from this source costs. */
  costPerMoveInCents: ZMoney,
});
export type TConversion = z.infer<typeof ZConversion>;

export const ZReferralsReport = z.object({
  from: z.string(),
  to: z.string(),
  countedOn: z.string(),
  agents: z.array(ZConversion.extend({ agentId: ZId, name: z.string() })),
  sources: z.array(ZConversion.extend({ source: z.enum(REFERRAL_SOURCES) })),
  total: ZConversion,
  months: z.array(z.object({ month: z.string(), referrals: ZCount, moveIns: ZCount })),
});
export type TReferralsReport = z.infer<typeof ZReferralsReport>;

export interface TReferralsReportInput {
  agents: readonly { id: string; name: string }[];
  /** The homes' referrals (those received in the range count; others are ignored). */
  referrals: readonly {
    id: string;
    agentId?: string | null | undefined;
    source: TReferralSource;
    status: TReferralStatus;
    referredOn: string;
    tourAt?: string | null | undefined;
    moveInDate?: string | null | undefined;
    firstMonthRentCents?: number | null | undefined;
    duplicateOfId?: string | null | undefined;
  }[];
  /** With Referral fees read: each agent's terms and the homes' fee entries; null otherwise. */
  fees: {
    terms: ReadonlyMap<string, TFeeTermsLike>;
    entries: readonly {
      referralId: string;
      agentId: string;
      kind: TFeeEntryKind;
      date: string;
      amountCents?: number | null | undefined;
    }[];
  } | null;
}

function emptyConversion(fees: boolean): TConversion {
  const money = fees ? 0 : null;
  return {
    referrals: 0,
    tours: 0,
    moveIns: 0,
    conversionPercent: null,
    duplicates: 0,
    owedCents: money,
    invoicedCents: money,
    paidCents: money,
    costPerMoveInCents: null,
  };
}

function finish(row: TConversion): TConversion {
  row.conversionPercent = conversionPercent(row);
  row.costPerMoveInCents = row.owedCents === null || row.moveIns === 0 ? null : Math.round(row.owedCents / row.moveIns);
  return row;
}

const addMoney = (a: number | null, b: number) => (a === null ? null : a + b);

export function referralsReportOf(
  input: TReferralsReportInput,
  query: Pick<TReportQuery, "from" | "to" | "today">,
): TReferralsReport {
  const countedOn = lastCountedDay(query);
  const inRange = (date: string) => date >= query.from && date <= countedOn;
  const seesFees = input.fees !== null;
  const agents = new Map(
    input.agents.map((a) => [a.id, { agentId: a.id, name: a.name, ...emptyConversion(seesFees) }]),
  );
  const sources = new Map(REFERRAL_SOURCES.map((s) => [s, { source: s, ...emptyConversion(seesFees) }]));
  const total = emptyConversion(seesFees);
  const months = new Map(monthsBetween(query.from, query.to).map((m) => [m, { month: m, referrals: 0, moveIns: 0 }]));
  const entriesOf = new Map<string, NonNullable<TReferralsReportInput["fees"]>["entries"][number][]>();
  for (const entry of input.fees?.entries ?? [])
    entriesOf.set(entry.referralId, [...(entriesOf.get(entry.referralId) ?? []), entry]);

  for (const r of input.referrals) {
    if (!inRange(r.referredOn)) continue;
    const rows = [
      total,
      sources.get(r.source)!,
      ...(r.agentId && agents.has(r.agentId) ? [agents.get(r.agentId)!] : []),
    ];
    const toured = reachedTour({ status: r.status, tourAt: r.tourAt ?? undefined });
    const movedIn = r.status === "moved_in";
    const owed =
      movedIn && input.fees && r.agentId
        ? (feeSummary(
            {
              status: r.status,
              firstMonthRentCents: r.firstMonthRentCents ?? undefined,
              moveInDate: r.moveInDate ?? undefined,
            },
            input.fees.terms.get(r.agentId),
            [],
            countedOn,
          ).owedCents ?? 0)
        : 0;
    for (const row of rows) {
      row.referrals += 1;
      if (toured) row.tours += 1;
      if (movedIn) row.moveIns += 1;
      if (r.duplicateOfId) row.duplicates += 1;
      row.owedCents = addMoney(row.owedCents, owed);
    }
    months.get(r.referredOn.slice(0, 7))!.referrals += 1;
    if (movedIn && r.moveInDate && inRange(r.moveInDate)) {
      const month = months.get(r.moveInDate.slice(0, 7));
      if (month) month.moveIns += 1;
    }
  }
  // Invoices and payments dated in the range, whatever the referral's date: what was billed and paid then.
  const sourceOf = new Map(input.referrals.map((r) => [r.id, r.source]));
  for (const entry of input.fees?.entries ?? []) {
    if (!inRange(entry.date) || entry.kind === "dispute") continue;
    const amount = entry.amountCents ?? 0;
    const source = sourceOf.get(entry.referralId) ?? "agent";
    for (const row of [
      total,
      sources.get(source)!,
      ...(agents.has(entry.agentId) ? [agents.get(entry.agentId)!] : []),
    ]) {
      if (entry.kind === "invoice") row.invoicedCents = addMoney(row.invoicedCents, amount);
      else row.paidCents = addMoney(row.paidCents, amount);
    }
  }
  return {
    from: query.from,
    to: query.to,
    countedOn,
    agents: [...agents.values()]
      .filter((a) => a.referrals > 0 || (a.invoicedCents ?? 0) > 0 || (a.paidCents ?? 0) > 0)
      .map((a) => ({ ...a, ...finish(a) }))
      .sort((a, b) => b.referrals - a.referrals || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    sources: [...sources.values()].map((s) => ({ ...s, ...finish(s) })),
    total: finish(total),
    months: [...months.values()],
  };
}
