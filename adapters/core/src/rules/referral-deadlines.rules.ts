/**
 * When a referral owes something to someone: the agent's fee as it stands (owed from the terms and the
 * first month's rent, invoiced, paid, disputed; an invoice unpaid after 30 days), and the agency's
 * reporting windows (a duplicate within N days of logging it, a move-in within N business days). Read
 * by the referral's page and the derived reminders alike.
 */
import { AppError } from "../app-error.ts";
import {
  OPEN_REFERRAL_STATUSES,
  type TFeeEntryKind,
  type TReferralStatus,
} from "../collections/referrals.collection.ts";
import { addBusinessDays, addDays } from "./date-only.rules.ts";
import { feeOwedCents, type TFeeTermsLike } from "./referral-fees.rules.ts";
import { formatCents } from "./rent.rules.ts";

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
  referral: { duplicateOfId?: string | undefined; duplicateReportedOn?: string | undefined; referredOn: string },
  agent: { duplicateReportDays?: number | undefined } | undefined,
): string | null {
  // Counted from the day the agency sent the lead (the home's calendar date, not a UTC timestamp).
  if (!referral.duplicateOfId || referral.duplicateReportedOn || !agent?.duplicateReportDays) return null;
  return addDays(referral.referredOn, agent.duplicateReportDays);
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

/** A referral as its deadlines read it. */
export interface TReferralDeadlineLike {
  id: string;
  facilityId: string;
  firstName: string;
  lastName: string;
  status: TReferralStatus;
  agentId?: string | undefined;
  nextFollowUp?: string | undefined;
  duplicateOfId?: string | undefined;
  duplicateReportedOn?: string | undefined;
  moveInDate?: string | undefined;
  moveInReportedOn?: string | undefined;
  firstMonthRentCents?: number | undefined;
  referredOn: string;
}

export interface TReferralRemindersInput {
  today: string;
  /**
   * The referrals that may owe something: open ones with a follow-up, unreported duplicates and move-ins,
   * and (for fee readers) those with an invoice.
   */
  referrals: readonly TReferralDeadlineLike[];
  agents: readonly {
    id: string;
    name: string;
    duplicateReportDays?: number | undefined;
    moveInReportBusinessDays?: number | undefined;
  }[];
  /** Fee terms and entries, for a role with Referral fees; absent otherwise (no invoice reminders). */
  fees?: {
    terms: readonly (TFeeTermsLike & { agentId: string })[];
    entries: readonly (TFeeEntryLike & { id: string; referralId: string; invoiceNumber?: string | undefined })[];
  };
}

/** A derived reminder of a referral, before its snooze state is applied. */
export interface TReferralReminder {
  key: string;
  kind: "referral-follow-up" | "referral-report" | "referral-fee-unpaid";
  title: string;
  detail?: string;
  dueDate: string;
  facilityId: string;
  name: string;
  link: { type: "referral"; id: string };
}

/**
 * The referrals' reminders: a follow-up on its day, telling an agency of a duplicate or a move-in by its
 * window's last day, and an invoice unpaid 30 days after its date.
 */
export function referralReminders(input: TReferralRemindersInput): TReferralReminder[] {
  const agents = new Map(input.agents.map((a) => [a.id, a]));
  const terms = new Map((input.fees?.terms ?? []).map((t) => [t.agentId, t]));
  const entriesOf = new Map<string, NonNullable<TReferralRemindersInput["fees"]>["entries"][number][]>();
  for (const e of input.fees?.entries ?? []) entriesOf.set(e.referralId, [...(entriesOf.get(e.referralId) ?? []), e]);
  const out: TReferralReminder[] = [];
  for (const r of input.referrals) {
    const name = `${r.lastName}, ${r.firstName}`;
    const agent = r.agentId ? agents.get(r.agentId) : undefined;
    const base = { facilityId: r.facilityId, name, link: { type: "referral" as const, id: r.id } };
    if (OPEN_REFERRAL_STATUSES.includes(r.status) && r.nextFollowUp)
      out.push({
        ...base,
        key: `referral-follow-up|${r.id}|${r.nextFollowUp}`,
        kind: "referral-follow-up",
        title: `Follow up with ${name}`,
        ...(agent ? { detail: `Referred by ${agent.name}` } : {}),
        dueDate: r.nextFollowUp,
      });
    const duplicateDue = duplicateReportDue(r, agent);
    if (duplicateDue && agent)
      out.push({
        ...base,
        key: `referral-report-duplicate|${r.id}`,
        kind: "referral-report",
        title: `Tell ${agent.name} that ${name} was already referred`,
        detail: `Within ${agent.duplicateReportDays} days of logging the referral`,
        dueDate: duplicateDue,
      });
    const moveInDue = moveInReportDue(r, agent);
    if (moveInDue && agent)
      out.push({
        ...base,
        key: `referral-report-move-in|${r.id}`,
        kind: "referral-report",
        title: `Tell ${agent.name} that ${name} moved in`,
        detail: `Within ${agent.moveInReportBusinessDays} business days of the move-in on ${r.moveInDate}`,
        dueDate: moveInDue,
      });
    const entries = entriesOf.get(r.id);
    if (!entries || !r.agentId) continue;
    const summary = feeSummary(r, terms.get(r.agentId), entries, input.today);
    for (const invoice of summary.overdueInvoices)
      out.push({
        ...base,
        key: `referral-fee|${invoice.id}`,
        kind: "referral-fee-unpaid",
        title: `Invoice ${invoice.invoiceNumber ?? ""} of ${agent?.name ?? "the agent"} unpaid — ${name}`,
        detail: `Received ${invoice.date}; pay or dispute it`,
        dueDate: addDays(invoice.date, INVOICE_DUE_DAYS),
      });
  }
  return out;
}

/** What a fee entry being recorded is checked against: its referral, the referral's fee, the agent's invoices. */
export interface TFeeEntryContext {
  referral: { status: TReferralStatus; referredOn: string; duplicateOfId?: string | undefined };
  summary: Pick<TFeeSummary, "balanceCents" | "owedCents">;
  /** The agent's invoices already recorded (every referral of theirs the user sees). */
  agentInvoices: readonly { invoiceNumber?: string | undefined }[];
}

/**
 * Why a fee entry must not be recorded — the ways one fee gets paid twice — with the field to show it
 * beside, or null: a date before the referral; an invoice number already recorded for the agent; a
 * payment for a referral that did not move in or is a duplicate, or above the balance.
 */
export function feeEntryRefusal(
  entry: { kind: TFeeEntryKind; date: string; amountCents?: number | undefined; invoiceNumber?: string | undefined },
  context: TFeeEntryContext,
): { field: "date" | "amountCents" | "invoiceNumber"; message: string } | null {
  const { referral, summary } = context;
  if (entry.date < referral.referredOn)
    return { field: "date", message: `Before the referral of ${referral.referredOn}` };
  const number = entry.invoiceNumber?.trim().toLowerCase();
  if (
    entry.kind === "invoice" &&
    number &&
    context.agentInvoices.some((i) => i.invoiceNumber?.trim().toLowerCase() === number)
  )
    return { field: "invoiceNumber", message: "This agent's invoice of that number is already recorded" };
  if (entry.kind !== "payment") return null;
  if (referral.duplicateOfId)
    return { field: "amountCents", message: "A duplicate of an earlier referral: its agency is owed nothing for it" };
  if (referral.status !== "moved_in")
    return { field: "amountCents", message: "Nothing is owed: the prospect has not moved in" };
  if ((entry.amountCents ?? 0) > summary.balanceCents)
    return {
      field: "amountCents",
      message:
        summary.balanceCents > 0
          ? `More than the balance of ${formatCents(summary.balanceCents)}`
          : "Nothing is left to pay",
    };
  return null;
}

/** What the backends read to check a fee entry being written: the referral, its agent's terms and entries. */
export interface TFeeEntryRecords {
  referral: {
    agentId?: string | undefined;
    status: TReferralStatus;
    referredOn: string;
    duplicateOfId?: string | undefined;
    firstMonthRentCents?: number | undefined;
    moveInDate?: string | undefined;
  };
  terms: TFeeTermsLike | undefined;
  /** The referral's other entries (not this one, not removed). */
  entries: readonly TFeeEntryLike[];
  /** The agent's other invoices (every home's, not removed). */
  agentInvoices: readonly { invoiceNumber?: string | undefined }[];
  today: string;
}

/**
 * The backends' check of a fee entry written through the data port, so a direct API call cannot pay a
 * fee twice either: the entry is the referral's agent's, and `feeEntryRefusal` holds against the
 * referral's fee as stored. VALIDATION on the field, or null.
 */
export function feeEntryError(
  entry: {
    agentId: string;
    kind: TFeeEntryKind;
    date: string;
    amountCents?: number | undefined;
    invoiceNumber?: string | undefined;
  },
  records: TFeeEntryRecords,
): AppError | null {
  const refused =
    entry.agentId !== records.referral.agentId
      ? { field: "agentId", message: "Must be the agent who made the referral" }
      : feeEntryRefusal(entry, {
          referral: records.referral,
          summary: feeSummary(records.referral, records.terms, records.entries, records.today),
          agentInvoices: records.agentInvoices,
        });
  return refused ? new AppError("VALIDATION", refused.message, { fields: { [refused.field]: refused.message } }) : null;
}
