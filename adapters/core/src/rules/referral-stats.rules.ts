/**
 * How each referral agent, and each source of referrals, converts: referrals, tours, move-ins,
 * conversion, fees owed by the agent's terms for their move-ins, and fees paid (an agent's all time and in
 * a calendar year, for the agent's 1099). Counted the same way by every backend.
 */
import { z } from "zod";
import { validationError } from "../app-error.ts";
import { ZId } from "../common.schema.ts";
import { REFERRAL_SOURCES, type TReferralSource, type TReferralStatus } from "../collections/referrals.collection.ts";
import { feeOwedCents, type TFeeTermsLike } from "./referral-fees.rules.ts";

export const MAX_AGENT_STATS_IDS = 100;

export const ZAgentStatsQuery = z.object({
  agentIds: z
    .array(ZId)
    .min(1, "Give at least one agent")
    .max(MAX_AGENT_STATS_IDS, `At most ${MAX_AGENT_STATS_IDS} agents`),
  /** The calendar year of `feesPaidInYearCents`. */
  year: z.number().int().min(2000).max(2100),
});
export type TAgentStatsQuery = z.input<typeof ZAgentStatsQuery>;

export function parseAgentStatsQuery(raw: unknown): z.output<typeof ZAgentStatsQuery> {
  const parsed = ZAgentStatsQuery.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export interface TAgentStats {
  agentId: string;
  referrals: number;
  /** Referrals that reached a tour (scheduled or held). */
  tours: number;
  moveIns: number;
  /**
   * What the agent's terms make owed for their move-ins (a duplicate owes nothing; a percent needs the
   * first month's rent), all time; null without Referral fees read.
   */
  feesOwedCents: number | null;
  /** Payments to the agent, all time; null without Referral fees read. */
  feesPaidCents: number | null;
  /** Payments dated in the query's year; null without Referral fees read. */
  feesPaidInYearCents: number | null;
}

/** Statuses a referral has after its tour was at least scheduled. */
const TOURED: readonly TReferralStatus[] = ["tour_scheduled", "toured", "assessment", "moved_in"];

/** Whether a referral reached a tour: one was scheduled (its time is kept after it closes) or held. */
export function reachedTour(r: { status: TReferralStatus; tourAt?: string | undefined }): boolean {
  return r.tourAt !== undefined || TOURED.includes(r.status);
}

/** Move-ins per referral in whole percent, or null without referrals. */
export function conversionPercent(stats: Pick<TAgentStats, "referrals" | "moveIns">): number | null {
  return stats.referrals === 0 ? null : Math.round((stats.moveIns * 100) / stats.referrals);
}

/**
 * What the agent cost per move-in: the fees owed by their terms, or what was paid when that is more (an
 * agent without terms, a fee agreed apart), over the move-ins; null without a move-in or without fees read.
 */
export function costPerMoveInCents(
  stats: Pick<TAgentStats, "moveIns" | "feesPaidCents"> & { feesOwedCents?: number | null },
): number | null {
  if (stats.feesPaidCents === null || stats.moveIns === 0) return null;
  return Math.round(Math.max(stats.feesOwedCents ?? 0, stats.feesPaidCents) / stats.moveIns);
}

/** A moved-in referral as the fee owed reads it (its first month's rent is read with Referral fees only). */
export interface TMoveInFee {
  agentId?: string | undefined;
  status: TReferralStatus;
  duplicateOfId?: string | undefined;
  firstMonthRentCents?: number | undefined;
  moveInDate?: string | undefined;
}

/** The fee owed for one move-in by its agent's terms (0 when not known yet: no terms, or a percent without rent). */
function owedFor(r: TMoveInFee, terms: TFeeTermsLike | undefined): number {
  if (r.status !== "moved_in" || r.duplicateOfId || !terms) return 0;
  if (terms.kind === "flat") return terms.flatCents ?? 0;
  if (r.firstMonthRentCents === undefined || !r.moveInDate) return 0;
  return feeOwedCents(terms, r.firstMonthRentCents, r.moveInDate);
}

/**
 * Referrals as the figures count them: one each, or `count` alike (a database's grouped rows, where
 * `tourAt` only says whether a tour was set).
 */
interface TCountedReferral {
  status: TReferralStatus;
  tourAt?: string | undefined;
  count?: number;
}

/**
 * The stats of each agent from their live referrals and fee entries (`fees` null: not readable), and the
 * fees owed from their terms and moved-in referrals (`owed`, with `fees` only).
 */
export function agentStatsOf(
  agentIds: readonly string[],
  referrals: readonly (TCountedReferral & { agentId?: string | undefined })[],
  fees: readonly { agentId: string; kind: string; date: string; amountCents?: number | undefined }[] | null,
  year: number,
  owed?: { terms: readonly (TFeeTermsLike & { agentId: string })[]; moveIns: readonly TMoveInFee[] },
): TAgentStats[] {
  const stats = new Map<string, TAgentStats>(
    agentIds.map((id) => [
      id,
      {
        agentId: id,
        referrals: 0,
        tours: 0,
        moveIns: 0,
        feesOwedCents: fees ? 0 : null,
        feesPaidCents: fees ? 0 : null,
        feesPaidInYearCents: fees ? 0 : null,
      },
    ]),
  );
  for (const r of referrals) {
    const s = r.agentId ? stats.get(r.agentId) : undefined;
    if (!s) continue;
    const n = r.count ?? 1;
    s.referrals += n;
    if (reachedTour(r)) s.tours += n;
    if (r.status === "moved_in") s.moveIns += n;
  }
  for (const f of fees ?? []) {
    const s = stats.get(f.agentId);
    if (!s || f.kind !== "payment") continue;
    s.feesPaidCents = (s.feesPaidCents ?? 0) + (f.amountCents ?? 0);
    if (f.date.startsWith(`${year}-`)) s.feesPaidInYearCents = (s.feesPaidInYearCents ?? 0) + (f.amountCents ?? 0);
  }
  const termsOf = new Map((owed?.terms ?? []).map((t) => [t.agentId, t]));
  for (const r of fees ? (owed?.moveIns ?? []) : []) {
    const s = r.agentId ? stats.get(r.agentId) : undefined;
    if (s) s.feesOwedCents = (s.feesOwedCents ?? 0) + owedFor(r, termsOf.get(r.agentId!));
  }
  return [...stats.values()];
}

export const ZSourceStatsQuery = z.object({
  /** One home; every home the user may see when absent. */
  facilityId: ZId.optional(),
});
export type TSourceStatsQuery = z.input<typeof ZSourceStatsQuery>;

export function parseSourceStatsQuery(raw: unknown): z.output<typeof ZSourceStatsQuery> {
  const parsed = ZSourceStatsQuery.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** How the referrals of one source (agents together, hospitals, families…) convert. */
export interface TSourceStats {
  source: TReferralSource;
  referrals: number;
  tours: number;
  moveIns: number;
  /** Fees paid for the source's referrals (agents only); null without Referral fees read. */
  feesPaidCents: number | null;
}

/** Every source's figures, in the sources' order (sources without referrals included, at zero). */
export function sourceStatsOf(
  referrals: readonly (TCountedReferral & { source: TReferralSource })[],
  feesPaidCents: number | null,
): TSourceStats[] {
  const sum = (rows: readonly TCountedReferral[]) => rows.reduce((total, r) => total + (r.count ?? 1), 0);
  return REFERRAL_SOURCES.map((source) => {
    const mine = referrals.filter((r) => r.source === source);
    return {
      source,
      referrals: sum(mine),
      tours: sum(mine.filter(reachedTour)),
      moveIns: sum(mine.filter((r) => r.status === "moved_in")),
      feesPaidCents: feesPaidCents === null ? null : source === "agent" ? feesPaidCents : 0,
    };
  });
}
