/**
 * What an agent's fee comes to, in integer cents, from the terms agreed with them: a percent of the
 * resident's first month's rent (prorated to the days from the move-in to the month's end when the terms
 * say so, then capped) or a flat amount. Shared by every backend and the web app.
 */
import type { TAgentFeeTerms } from "../collections/referrals.collection.ts";
import { daysInMonth, formatCents } from "./rent.rules.ts";

export type TFeeTermsLike = Pick<
  TAgentFeeTerms,
  "kind" | "percentBasisPoints" | "flatCents" | "capCents" | "prorateFirstMonth"
>;

/** n / d rounded half up, in non-negative integers (d > 0). */
function roundDiv(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** The first month's rent the percent applies to: all of it, or the days from the move-in day on. */
export function firstMonthBaseCents(terms: TFeeTermsLike, monthlyRentCents: number, moveInDate: string): number {
  if (!terms.prorateFirstMonth) return monthlyRentCents;
  const days = daysInMonth(moveInDate.slice(0, 7));
  const stayed = days - Number(moveInDate.slice(8, 10)) + 1;
  return roundDiv(monthlyRentCents * stayed, days);
}

/**
 * The fee owed for a move-in: never negative, never above the cap. A prorated percent is rounded once,
 * on the exact product (50% of $5,200 for 5 of 30 days is $433.33, not the $433.34 of rounding the
 * prorated rent first).
 */
export function feeOwedCents(terms: TFeeTermsLike, monthlyRentCents: number, moveInDate: string): number {
  const rent = Math.max(0, monthlyRentCents);
  const percent = terms.percentBasisPoints ?? 0;
  let raw: number;
  if (terms.kind === "flat") raw = terms.flatCents ?? 0;
  else if (!terms.prorateFirstMonth) raw = roundDiv(rent * percent, 10_000);
  else {
    const days = daysInMonth(moveInDate.slice(0, 7));
    const stayed = days - Number(moveInDate.slice(8, 10)) + 1;
    // In BigInt: rent × days × basis points can pass 2^53 for a large rent.
    const d = BigInt(days * 10_000);
    raw = Number((BigInt(rent) * BigInt(stayed) * BigInt(percent) * 2n + d) / (2n * d));
  }
  return terms.capCents === undefined ? raw : Math.min(raw, terms.capCents);
}

/** "50% of the first month's rent, prorated, at most $3,000.00" / "$2,500.00 flat". */
export function feeTermsText(terms: TFeeTermsLike): string {
  const cap = terms.capCents === undefined ? "" : `, at most ${formatCents(terms.capCents)}`;
  if (terms.kind === "flat") return `${formatCents(terms.flatCents ?? 0)} flat${cap}`;
  const percent = (terms.percentBasisPoints ?? 0) / 100;
  return `${percent}% of the first month's rent${terms.prorateFirstMonth ? ", prorated" : ""}${cap}`;
}
