/**
 * Rent rules as pure functions, shared by the rent tracker, the reminders and the server: which rate is
 * in force, what a month's charge is (prorated by day over every stay, in integer cents), how payments
 * settle charges (oldest first), a resident's account as the backends derive it, and the corrections
 * when a stay changes after its month was billed. Dates are `YYYY-MM-DD` calendar days computed in UTC, months `YYYY-MM`, money integer cents.
 */
import type { z } from "zod";
import { AppError } from "../app-error.ts";
import type { TChargeKind, ZRentAccount, ZRentCharge } from "../collections/rent.collection.ts";
import type { TWriteOp } from "../ports/data.port.ts";
import type { TCollectionName } from "../registry.ts";
import { currentStayStart } from "./stays.rules.ts";

export type TRentChargeInput = z.input<typeof ZRentCharge>;
export type TRentAccountFields = Pick<
  z.output<typeof ZRentAccount>,
  "chargedCents" | "paidCents" | "balanceCents" | "oldestUnpaidDueDate"
>;

/** A rate as the rules need it (a `rentRates` record fits). */
export interface TRateLike {
  amountCents: number;
  effectiveFrom: string;
}

/** A stay that has ended: its first and last days in residence (both charged). */
export interface TPastStay {
  from: string;
  to: string;
}

/** A resident's stays and rates, enough to price any month. */
export interface TStay {
  /** The current (or last) stay's admission or readmission day. */
  admissionDate: string;
  /** Last day in residence (charged) of the current stay, when the resident has left. */
  dischargeDate?: string | null;
  /** Earlier stays (before a discharge and readmission); see `earlierStays`. */
  earlierStays?: readonly TPastStay[];
  /** The resident's rate history (`rentRates`). */
  rates: readonly TRateLike[];
  /** The face sheet's rate, used as in force from the first admission only when there is no rate history. */
  monthlyRateCents?: number | null;
}

/**
 * What the backend writes itself after a write to a collection (accounts follow charges and payments;
 * a stay or rate change bills or restates the month), so caches of those follow a write too.
 */
export const BILLING_FOLLOWS: Partial<Record<TCollectionName, readonly TCollectionName[]>> = {
  rentCharges: ["rentAccounts"],
  payments: ["rentAccounts"],
  residents: ["rentCharges", "rentAccounts"],
  rentRates: ["rentCharges", "rentAccounts"],
};

/** Part of a month at one rate. */
export interface TChargeSegment {
  from: string;
  to: string;
  rateCents: number;
  amountCents: number;
}

/** A month's charge before it is tied to a resident. */
export interface TMonthlyCharge {
  month: string;
  amountCents: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  description: string;
  /** Days in residence with a rate in force, and the month's length. */
  days: number;
  daysInMonth: number;
  /** The charged days split by rate, in order; their amounts sum to `amountCents`. */
  segments: TChargeSegment[];
}

/** A charge to create: its deterministic id and its fields. */
export interface TNewCharge {
  id: string;
  data: TRentChargeInput;
}

/** What allocation needs of a charge (a `rentCharges` record fits). */
export interface TChargeLike {
  amountCents: number;
  dueDate: string;
  month?: string;
  id?: string;
  /** A `credit` lowers what is owed; rent and extra charges raise it (absent = rent). */
  kind?: TChargeKind;
}

/** What a charge line adds to the balance: its amount, negative for a credit. */
export function signedAmount(charge: Pick<TChargeLike, "amountCents" | "kind">): number {
  return charge.kind === "credit" ? -charge.amountCents : charge.amountCents;
}

/** What allocation needs of a payment (a `payments` record fits). */
export interface TPaymentLike {
  amountCents: number;
  /** A `refund` raises the balance (absent = payment). */
  kind?: string | undefined;
  /** A `voided` line counts for nothing (absent = recorded). */
  status?: string | undefined;
}

/**
 * What a payment line takes off the balance: its amount; the negative of it for a refund; nothing once
 * voided. The one place every balance, allocation, the rent roll and aging count payments (the server's
 * rent roll SQL says the same, and a property test compares them).
 */
export function paymentEffect(payment: TPaymentLike): number {
  if (payment.status === "voided") return 0;
  return payment.kind === "refund" ? -payment.amountCents : payment.amountCents;
}

export type TMonthStatus = "paid" | "partial" | "unpaid" | "none";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAY_MS = 86_400_000;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DESCRIPTION_MAX = 200;

function parseMonth(month: string): { year: number; monthIndex: number } {
  const m = MONTH_RE.exec(month);
  if (!m) throw new AppError("VALIDATION", "The month is not valid.", { fields: { month: "Use the format YYYY-MM" } });
  return { year: Number(m[1]), monthIndex: Number(m[2]) - 1 };
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function daysInMonth(month: string): number {
  const { year, monthIndex } = parseMonth(month);
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function dayOf(month: string, day: number): string {
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** n / d rounded half away from zero, in integers (d > 0). */
function roundDiv(n: number, d: number): number {
  if (n < 0) return -roundDiv(-n, d);
  return Math.floor((2 * n + d) / (2 * d));
}

/** "March 2026". */
export function monthLabel(month: string): string {
  const { year, monthIndex } = parseMonth(month);
  return `${MONTH_NAMES[monthIndex]} ${year}`;
}

/** The id of a resident's charge for a month; the same everywhere, so a month is never charged twice. */
export function chargeId(residentId: string, month: string): string {
  parseMonth(month);
  return `rent-${residentId}-${month}`;
}

/**
 * The rate in force on `date`: the one with the latest `effectiveFrom` on or before it (of two with the
 * same date, the later in the list), or null when none is in force yet.
 */
export function rateOn<T extends TRateLike>(rates: readonly T[], date: string): T | null {
  let found: T | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= date && (found === null || rate.effectiveFrom >= found.effectiveFrom)) found = rate;
  }
  return found;
}

/** What `earlierStays` needs of a resident's history event (a `residentEvents` record fits). */
export interface TStayEventLike {
  type: string;
  date: string;
  createdAt?: string;
  /** Set on an event undone (entered by mistake): it no longer counts. */
  undoReason?: string | null | undefined;
}

/**
 * The stays that ended before the current one began, from the resident's history: an admission or
 * readmission opens a stay, a discharge or death closes it. Only stays closed before `admissionDate`
 * (the current stay's start) count; the current stay is the resident's own admission and discharge dates.
 * A discharge with no admission recorded before it (records from before the history was kept) closes
 * a stay taken to begin on the first of the discharge's month: that month is billed up to the discharge.
 */
export function earlierStays(events: readonly TStayEventLike[], admissionDate: string): TPastStay[] {
  const ordered = events
    .filter((e) => !e.undoReason)
    .sort((a, b) => a.date.localeCompare(b.date) || (a.createdAt ?? "").localeCompare(b.createdAt ?? ""));
  const stays: TPastStay[] = [];
  let open: string | null = null;
  for (const event of ordered) {
    if (event.type === "admission" || event.type === "readmission") open ??= event.date;
    else if (event.type === "discharge" || event.type === "death") {
      if (event.date < admissionDate) stays.push({ from: open ?? `${event.date.slice(0, 7)}-01`, to: event.date });
      open = null;
    }
  }
  return stays;
}

/**
 * The first day of the resident's first stay: their earliest admission or readmission on record, or the
 * current stay's start when earlier (or when no history is recorded). The admission rate starts here.
 */
export function firstAdmission(admissionDate: string, events: readonly TStayEventLike[]): string {
  return events
    .filter((e) => e.type === "admission" || e.type === "readmission")
    .reduce((first, e) => (e.date < first ? e.date : first), admissionDate);
}

/** Whether the resident was in residence on `date` (in the current stay or an earlier one). */
export function inResidence(stay: TStay, date: string): boolean {
  if (date >= stay.admissionDate && (stay.dischargeDate == null || date <= stay.dischargeDate)) return true;
  return (stay.earlierStays ?? []).some((s) => date >= s.from && date <= s.to);
}

function ratesOf(stay: TStay): readonly TRateLike[] {
  if (stay.rates.length > 0 || stay.monthlyRateCents == null) return stay.rates;
  const first = (stay.earlierStays ?? []).reduce((a, b) => (b.from < a ? b.from : a), stay.admissionDate);
  return [{ amountCents: stay.monthlyRateCents, effectiveFrom: first }];
}

function chargeDescription(month: string, days: number, total: number, segments: TChargeSegment[]): string {
  const parts: string[] = [];
  if (days < total) parts.push(`prorated ${days}/${total} days`);
  if (new Set(segments.map((s) => s.rateCents)).size > 1) {
    const short = (date: string) =>
      `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]!.slice(0, 3)} ${Number(date.slice(8))}`;
    parts.push(segments.map((s) => `${formatCents(s.rateCents)} from ${short(s.from)}`).join(", "));
  }
  const text = `Rent ${monthLabel(month)}${parts.length > 0 ? ` (${parts.join("; ")})` : ""}`;
  if (text.length <= DESCRIPTION_MAX) return text;
  return `Rent ${monthLabel(month)} (${days < total ? `prorated ${days}/${total} days; ` : ""}rate changed during the month)`;
}

/**
 * The charge for `month`, or null when the resident was not in residence that month or had no rate in
 * force on any day of it. Every stay counts (a discharge and readmission in the same month charges
 * both parts); admission and discharge days both count as days in residence. A partial
 * month is prorated by day: each day costs the rate in force that day divided by the days of the
 * month. Rounding is cumulative over the month's calendar days (the month's first k days cost the
 * exact amount for k days rounded to the cent), so a full month costs exactly its rate, a move-out
 * part and a move-in part of the same month add up to the full rate, and no cent drifts. The due date
 * is `dueDay` of the month (the month's last day if shorter), or the admission day when later.
 */
export function monthlyCharge(stay: TStay, month: string, dueDay = 1): TMonthlyCharge | null {
  if (!Number.isInteger(dueDay) || dueDay < 1 || dueDay > 31) {
    throw new AppError("VALIDATION", "The due day is not valid.", { fields: { dueDay: "Give a day from 1 to 31" } });
  }
  const total = daysInMonth(month);
  const rates = ratesOf(stay);
  if (rates.length === 0) return null;
  const earliest = rates.reduce((a, b) => (b.effectiveFrom < a.effectiveFrom ? b : a));

  // Cumulative exact amount (in cents × days of the month) of the month's first k days; days before
  // any rate is in force take the earliest rate here only to keep rounding positions stable.
  let cumulative = 0;
  let previousRounded = 0;
  let days = 0;
  const segments: TChargeSegment[] = [];
  for (let day = 1; day <= total; day++) {
    const date = dayOf(month, day);
    const inForce = rateOn(rates, date);
    cumulative += (inForce ?? earliest).amountCents;
    const rounded = roundDiv(cumulative, total);
    const dayAmount = rounded - previousRounded;
    previousRounded = rounded;
    if (!inResidence(stay, date) || inForce === null) continue;
    days++;
    const last = segments.at(-1);
    if (last && last.rateCents === inForce.amountCents && dayNumber(date) - dayNumber(last.to) === 1) {
      last.to = date;
      last.amountCents += dayAmount;
    } else {
      segments.push({ from: date, to: date, rateCents: inForce.amountCents, amountCents: dayAmount });
    }
  }
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return null;
  const dueOn = dayOf(month, Math.min(dueDay, total));
  return {
    month,
    amountCents: segments.reduce((sum, s) => sum + s.amountCents, 0),
    periodStart: first.from,
    periodEnd: last.to,
    dueDate: first.from > dueOn ? first.from : dueOn,
    description: chargeDescription(month, days, total, segments),
    days,
    daysInMonth: total,
    segments,
  };
}

/** The charges to create for `month`: one per resident in residence with a rate, skipping existing ids. */
export function chargesToGenerate(
  residents: readonly (TStay & { id: string; facilityId: string })[],
  existingChargeIds: Iterable<string>,
  month: string,
  dueDay = 1,
): TNewCharge[] {
  const existing = new Set(existingChargeIds);
  const out: TNewCharge[] = [];
  for (const resident of residents) {
    const id = chargeId(resident.id, month);
    if (existing.has(id)) continue;
    const charge = monthlyCharge(resident, month, dueDay);
    if (!charge) continue;
    existing.add(id);
    out.push({
      id,
      data: {
        residentId: resident.id,
        facilityId: resident.facilityId,
        month,
        kind: "rent",
        amountCents: charge.amountCents,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        dueDate: charge.dueDate,
        description: charge.description,
      },
    });
  }
  return out;
}

/** How much of each charge the payments cover, oldest due first, and what is left over as credit. */
export interface TAllocation<C extends TChargeLike> {
  charges: { charge: C; allocatedCents: number; remainingCents: number }[];
  /** Payments (and credits) not needed by any charge. */
  unallocatedCents: number;
}

/**
 * Allocates payments to charges oldest first (by due date, then month, then id). A credit (or a
 * negative amount of older data) adds to what is paid rather than being settled.
 */
export function allocatePayments<C extends TChargeLike>(
  charges: readonly C[],
  payments: readonly TPaymentLike[],
): TAllocation<C> {
  let pool = payments.reduce((sum, p) => sum + paymentEffect(p), 0);
  for (const c of charges) if (signedAmount(c) < 0) pool -= signedAmount(c);
  const ordered = [...charges].sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      (a.month ?? "").localeCompare(b.month ?? "") ||
      (a.id ?? "").localeCompare(b.id ?? ""),
  );
  const rows: TAllocation<C>["charges"] = [];
  for (const charge of ordered) {
    const owed = Math.max(signedAmount(charge), 0);
    const allocatedCents = Math.max(Math.min(owed, pool), 0);
    pool -= allocatedCents;
    rows.push({ charge, allocatedCents, remainingCents: owed - allocatedCents });
  }
  return { charges: rows, unallocatedCents: pool };
}

/** A resident's account from their charges and payments: totals, balance and the oldest unpaid due date. */
export function accountFrom(charges: readonly TChargeLike[], payments: readonly TPaymentLike[]): TRentAccountFields {
  const chargedCents = charges.reduce((sum, c) => sum + signedAmount(c), 0);
  const paidCents = payments.reduce((sum, p) => sum + paymentEffect(p), 0);
  const unpaid = allocatePayments(charges, payments).charges.find((row) => row.remainingCents > 0);
  return {
    chargedCents,
    paidCents,
    balanceCents: chargedCents - paidCents,
    oldestUnpaidDueDate: unpaid ? unpaid.charge.dueDate : null,
  };
}

/**
 * The amount above which recording a payment asks for a second, explicit confirmation: what is owed
 * (never less than nothing) plus two months at the resident's rate. A typo of extra digits is far
 * above it; paying ahead a month or two is not.
 */
export function largePaymentCents(balanceCents: number, rateCents: number): number {
  return Math.max(balanceCents, 0) + 2 * Math.max(rateCents, 0);
}

/** Days since the oldest unpaid charge fell due (0 when nothing is owed or nothing is late yet). */
export function daysOverdue(
  account: Pick<TRentAccountFields, "balanceCents" | "oldestUnpaidDueDate">,
  today: string,
): number {
  if (account.balanceCents <= 0 || !account.oldestUnpaidDueDate) return 0;
  return Math.max(dayNumber(today) - dayNumber(account.oldestUnpaidDueDate), 0);
}

/**
 * A month's cell of the grid: "none" without a charge that month, else "paid", "partial" or "unpaid"
 * after payments are allocated to the oldest charges first.
 */
export function monthStatus(
  charges: readonly TChargeLike[],
  payments: readonly TPaymentLike[],
  month: string,
): TMonthStatus {
  const rows = allocatePayments(charges, payments).charges.filter((row) => row.charge.month === month);
  if (rows.length === 0) return "none";
  const remaining = rows.reduce((sum, row) => sum + row.remainingCents, 0);
  const allocated = rows.reduce((sum, row) => sum + row.allocatedCents, 0);
  if (remaining === 0) return "paid";
  return allocated > 0 ? "partial" : "unpaid";
}

/** The months from `from` to `to`, both included (`YYYY-MM`, or days whose months are taken). */
export function monthsBetween(from: string, to: string): string[] {
  const start = parseMonth(from.slice(0, 7));
  const end = parseMonth(to.slice(0, 7));
  const out: string[] = [];
  for (let i = start.year * 12 + start.monthIndex; i <= end.year * 12 + end.monthIndex; i++) {
    out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`);
  }
  return out;
}

/** "$1,234.56"; negative amounts as "-$12.00". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** A stored charge line as restating needs it (a `rentCharges` record fits). */
export interface TStoredCharge extends TChargeLike {
  id: string;
  month: string;
  version: number;
  periodStart: string;
  periodEnd: string;
}

/** The id of the n-th correction (1, 2, …) of a resident's month. */
export function correctionId(residentId: string, month: string, n: number): string {
  return `${chargeId(residentId, month)}-adj-${n}`;
}

/**
 * The writes that bring a month's bill in line with the stay as it is now (after a discharge, a
 * readmission or a corrected date), none when it already agrees or the month was never billed. While
 * no payment is applied to the month's rent charge, that charge is recomputed (amount, period,
 * description; 0 when no day of the month is in residence any more). Once a payment is applied, the
 * charge stays as billed and the difference becomes a credit or an extra charge with `reason`, due on
 * `today` at the earliest.
 */
export function restateOps(
  stay: TStay & { id: string; facilityId: string },
  month: string,
  charges: readonly TStoredCharge[],
  payments: readonly TPaymentLike[],
  reason: string,
  today: string,
): TWriteOp[] {
  const rentId = chargeId(stay.id, month);
  const rent = charges.find((c) => c.id === rentId);
  if (!rent) return [];
  const expected = monthlyCharge(stay, month);
  const expectedCents = expected?.amountCents ?? 0;
  const ofMonth = charges.filter((c) => c.month === month);
  const billedCents = ofMonth.reduce((sum, c) => sum + signedAmount(c), 0);
  const corrections = ofMonth.filter((c) => c.id !== rentId);
  const paid = allocatePayments(charges, payments).charges.find((row) => row.charge.id === rentId);
  if (corrections.length === 0 && (paid?.allocatedCents ?? 0) === 0) {
    const patch = {
      amountCents: expectedCents,
      periodStart: expected?.periodStart ?? rent.periodStart,
      periodEnd: expected?.periodEnd ?? rent.periodEnd,
      description: expected?.description ?? `Rent ${monthLabel(month)} (not in residence)`,
    };
    if (
      patch.amountCents === rent.amountCents &&
      patch.periodStart === rent.periodStart &&
      patch.periodEnd === rent.periodEnd
    ) {
      return [];
    }
    return [{ op: "update", collection: "rentCharges", id: rentId, version: rent.version, patch }];
  }
  const difference = expectedCents - billedCents;
  if (difference === 0) return [];
  const kind = difference > 0 ? "extra" : "credit";
  const dueDate = rent.dueDate > today ? rent.dueDate : today;
  const description = `${kind === "credit" ? "Credit" : "Extra charge"}: rent ${monthLabel(month)}, ${reason}`;
  return [
    {
      op: "create",
      collection: "rentCharges",
      id: correctionId(stay.id, month, corrections.length + 1),
      data: {
        residentId: stay.id,
        facilityId: stay.facilityId,
        month,
        kind,
        amountCents: Math.abs(difference),
        periodStart: rent.periodStart,
        periodEnd: rent.periodEnd,
        dueDate,
        description: description.slice(0, DESCRIPTION_MAX),
        reason,
      },
    },
  ];
}

/** A resident as billing needs them (a `residents` record fits). */
export interface TBilledResident {
  id: string;
  facilityId: string;
  admissionDate: string;
  dischargeDate?: string | null | undefined;
  monthlyRateCents?: number | null | undefined;
}

/** Why a stay's bill changed, in words for the correction line ("discharged on 2026-04-15"). */
export function stayChangeReason(
  before: Pick<TBilledResident, "admissionDate" | "dischargeDate">,
  after: Pick<TBilledResident, "admissionDate" | "dischargeDate"> & { statusDate?: string | null | undefined },
): string | null {
  const was = before.dischargeDate ?? null;
  const now = after.dischargeDate ?? null;
  if (now !== null && now !== was) return `discharged on ${now}`;
  if (after.admissionDate !== before.admissionDate)
    return was !== null && now === null
      ? `readmitted on ${after.admissionDate}`
      : `admission date changed to ${after.admissionDate}`;
  // A readmission (which keeps the admission date) starts after the discharge; an undo restores an earlier status day.
  if (was !== null && now === null)
    return after.statusDate && after.statusDate > was ? `readmitted on ${after.statusDate}` : "discharge undone";
  return null;
}

/** What changed a resident's bill: the first month it touches and why, in words. */
export interface TBillChange {
  sinceMonth: string;
  reason: string;
}

/** The change of a resident's write to their stay (admission, discharge, readmission), if any. */
export function stayChange(
  before: Pick<TBilledResident, "admissionDate" | "dischargeDate">,
  after: Pick<TBilledResident, "admissionDate" | "dischargeDate"> & { statusDate?: string | null | undefined },
): TBillChange | undefined {
  const reason = stayChangeReason(before, after);
  const first = [before.admissionDate, before.dischargeDate, after.admissionDate, after.dischargeDate]
    .filter((d): d is string => typeof d === "string")
    .sort()[0];
  return reason && first ? { sinceMonth: first.slice(0, 7), reason } : undefined;
}

/**
 * What the backend writes for one resident's bill, so no one has to click Generate: the charge of the
 * month of `today` (the home's today) when it is missing, and, when the stay changed (`change` given),
 * the restatement of every month billed from `change.sinceMonth` on (see `restateOps`). `charges` are
 * the resident's stored charge lines (archived ones only keep their ids taken).
 */
export function billingOps(input: {
  resident: TBilledResident;
  rates: readonly TRateLike[];
  events: readonly TStayEventLike[];
  charges: readonly (TStoredCharge & { archivedAt?: string | null })[];
  payments: readonly TPaymentLike[];
  today: string;
  change?: { sinceMonth: string; reason: string };
}): TWriteOp[] {
  const { resident, today, change } = input;
  // The current stay begins at the latest readmission (the resident keeps their first admission date).
  const start = currentStayStart(resident, input.events);
  const stay = {
    id: resident.id,
    facilityId: resident.facilityId,
    admissionDate: start,
    dischargeDate: resident.dischargeDate ?? null,
    monthlyRateCents: resident.monthlyRateCents ?? null,
    rates: input.rates,
    earlierStays: earlierStays(input.events, start),
  };
  const live = input.charges.filter((c) => !c.archivedAt);
  const ops: TWriteOp[] = [];
  if (change) {
    const months = [...new Set(live.filter((c) => c.month >= change.sinceMonth).map((c) => c.month))].sort();
    for (const month of months) ops.push(...restateOps(stay, month, live, input.payments, change.reason, today));
  }
  const [charge] = chargesToGenerate(
    [stay],
    input.charges.map((c) => c.id),
    today.slice(0, 7),
  );
  if (charge) ops.push({ op: "create", collection: "rentCharges", id: charge.id, data: charge.data });
  return ops;
}
