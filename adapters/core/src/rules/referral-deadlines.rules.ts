/**
 * When a referral owes something to someone: the agent's fee as it stands (owed from the terms and the
 * first month's rent, invoiced, paid, disputed; an invoice unpaid after 30 days), and the agency's
 * reporting windows (a duplicate within N days of logging it, a move-in within N business days). Read
 * by the referral's page and the derived reminders alike.
 */
import type { TFeeEntryKind, TReferralStatus } from "../collections/referrals.collection.ts";
import { addBusinessDays, addDays } from "./date-only.rules.ts";
import { feeOwedCents, type TFeeTermsLike } from "./referral-fees.rules.ts";

/** Days after an invoice's date when an unpaid one is overdue. */
export const INVOICE_DUE_DAYS = 30;

interface TFeeEntryLike {
  kind: TFeeEntryKind;
  date: string;
  amountCents?: number | undefined;
}

/** Where a referral's fee stands: owed (null until a move-in with rent and terms), invoiced, paid, disputed. */
export interface TFeeSummary<E extends TFeeEntryLike = TFeeEntryLike> {
  owedCents: number | null;
  invoicedCents: number;
  paidCents: number;
  disputes: number;
  /** Owed (or invoiced, before the owed amount is known) less paid. */
  balanceCents: number;
  /** Invoices received more than 30 days ago while something is still unpaid. */
  overdueInvoices: E[];
}

export function feeSummary<E extends TFeeEntryLike>(
  referral: { status: TReferralStatus; firstMonthRentCents?: number | undefined; moveInDate?: string | undefined },
  terms: TFeeTermsLike | undefined,
  entries: readonly E[],
  today: string,
): TFeeSummary<E> {
  const owedCents =
    referral.status === "moved_in" && terms && referral.moveInDate && referral.firstMonthRentCents !== undefined
      ? feeOwedCents(terms, referral.firstMonthRentCents, referral.moveInDate)
      : referral.status === "moved_in" && terms?.kind === "flat"
        ? (terms.flatCents ?? 0)
        : null;
  const sum = (kind: TFeeEntryKind) =>
    entries.filter((e) => e.kind === kind).reduce((total, e) => total + (e.amountCents ?? 0), 0);
  const invoicedCents = sum("invoice");
  const paidCents = sum("payment");
  const balanceCents = (owedCents ?? invoicedCents) - paidCents;
  const overdueInvoices =
    balanceCents > 0 ? entries.filter((e) => e.kind === "invoice" && addDays(e.date, INVOICE_DUE_DAYS) < today) : [];
  return {
    owedCents,
    invoicedCents,
    paidCents,
    disputes: entries.filter((e) => e.kind === "dispute").length,
    balanceCents,
    overdueInvoices,
  };
}

/** The day the agency must be told of a duplicate, or null (no window set, or already told). */
export function duplicateReportDue(
  referral: { duplicateOfId?: string | undefined; duplicateReportedOn?: string | undefined; createdAt: string },
  agent: { duplicateReportDays?: number | undefined } | undefined,
): string | null {
  if (!referral.duplicateOfId || referral.duplicateReportedOn || !agent?.duplicateReportDays) return null;
  return addDays(referral.createdAt.slice(0, 10), agent.duplicateReportDays);
}

/** The day the agency must be told of the move-in, or null. */
export function moveInReportDue(
  referral: { status: TReferralStatus; moveInDate?: string | undefined; moveInReportedOn?: string | undefined },
  agent: { moveInReportBusinessDays?: number | undefined } | undefined,
): string | null {
  if (referral.status !== "moved_in" || !referral.moveInDate || referral.moveInReportedOn) return null;
  if (!agent?.moveInReportBusinessDays) return null;
  return addBusinessDays(referral.moveInDate, agent.moveInReportBusinessDays);
}
