/**
 * Rent rules as pure functions, shared by the rent tracker, the reminders and the server: which rate is
 * in force, what a month's charge is (prorated by day, in integer cents), how payments settle charges
 * (oldest first), and the writes that keep a resident's running account in step with every charge and
 * payment. Dates are `YYYY-MM-DD` calendar days computed in UTC, months `YYYY-MM`, money integer cents.
 */
import type { z } from "zod";
import { AppError } from "../app-error.ts";
import type { ZPayment, ZRentAccount, ZRentCharge } from "../collections/rent.collection.ts";
import type { TWriteOp } from "../ports/data.port.ts";

export type TRentChargeInput = z.input<typeof ZRentCharge>;
export type TPaymentInput = z.input<typeof ZPayment>;
export type TRentAccountFields = Pick<
  z.output<typeof ZRentAccount>,
  "chargedCents" | "paidCents" | "balanceCents" | "oldestUnpaidDueDate"
>;

/** A rate as the rules need it (a `rentRates` record fits). */
export interface TRateLike {
  amountCents: number;
  effectiveFrom: string;
}

/** A resident's stay and rates, enough to price any month. */
export interface TStay {
  admissionDate: string;
  /** Last day in residence (charged), when the resident has left. */
  dischargeDate?: string | null;
  /** The resident's rate history (`rentRates`). */
  rates: readonly TRateLike[];
  /** The face sheet's rate, used as in force from admission only when there is no rate history. */
  monthlyRateCents?: number | null;
}

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
}

/** What allocation needs of a payment (a `payments` record fits). */
export interface TPaymentLike {
  amountCents: number;
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

function ratesOf(stay: TStay): readonly TRateLike[] {
  if (stay.rates.length > 0 || stay.monthlyRateCents == null) return stay.rates;
  return [{ amountCents: stay.monthlyRateCents, effectiveFrom: stay.admissionDate }];
}

function chargeDescription(month: string, days: number, total: number, segments: TChargeSegment[]): string {
  const parts: string[] = [];
  if (days < total) parts.push(`prorated ${days}/${total} days`);
  if (segments.length > 1) {
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
 * force on any day of it. Admission and discharge days both count as days in residence. A partial
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
    const resident = date >= stay.admissionDate && (stay.dischargeDate == null || date <= stay.dischargeDate);
    if (!resident || inForce === null) continue;
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
 * Allocates payments to charges oldest first (by due date, then month, then id). A negative charge
 * (a credit) adds to what is paid rather than being settled.
 */
export function allocatePayments<C extends TChargeLike>(
  charges: readonly C[],
  payments: readonly TPaymentLike[],
): TAllocation<C> {
  let pool = payments.reduce((sum, p) => sum + p.amountCents, 0);
  for (const c of charges) if (c.amountCents < 0) pool -= c.amountCents;
  const ordered = [...charges].sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      (a.month ?? "").localeCompare(b.month ?? "") ||
      (a.id ?? "").localeCompare(b.id ?? ""),
  );
  const rows: TAllocation<C>["charges"] = [];
  for (const charge of ordered) {
    const owed = Math.max(charge.amountCents, 0);
    const allocatedCents = Math.max(Math.min(owed, pool), 0);
    pool -= allocatedCents;
    rows.push({ charge, allocatedCents, remainingCents: owed - allocatedCents });
  }
  return { charges: rows, unallocatedCents: pool };
}

/** A resident's account from their charges and payments: totals, balance and the oldest unpaid due date. */
export function accountFrom(charges: readonly TChargeLike[], payments: readonly TPaymentLike[]): TRentAccountFields {
  const chargedCents = charges.reduce((sum, c) => sum + c.amountCents, 0);
  const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const unpaid = allocatePayments(charges, payments).charges.find((row) => row.remainingCents > 0);
  return {
    chargedCents,
    paidCents,
    balanceCents: chargedCents - paidCents,
    oldestUnpaidDueDate: unpaid ? unpaid.charge.dueDate : null,
  };
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

/** The resident's stored account, if any: its id is the resident's id. */
export type TAccountRef = { id: string; version: number } | null;

/** One resident's charges and payments as stored (not archived), the account's source of truth. */
export interface TRentHistory {
  residentId: string;
  facilityId: string;
  account: TAccountRef;
  charges: readonly TChargeLike[];
  payments: readonly TPaymentLike[];
}

/**
 * The write that sets the resident's account from their charges and payments: a create (id =
 * residentId) when there is none yet, else an update at the version read. Either way a concurrent
 * change of the account makes the commit fail with CONFLICT, so reload and recompute.
 */
export function accountOp(history: TRentHistory): TWriteOp {
  const fields = accountFrom(history.charges, history.payments);
  if (!history.account) {
    return {
      op: "create",
      collection: "rentAccounts",
      id: history.residentId,
      data: { residentId: history.residentId, facilityId: history.facilityId, ...fields },
    };
  }
  return {
    op: "update",
    collection: "rentAccounts",
    id: history.account.id,
    version: history.account.version,
    patch: fields,
  };
}

/**
 * One resident's charge and the matching account write, to commit together. The charge's fixed id makes
 * a second generation of the month (from another screen or server) fail with CONFLICT: reload, and
 * `chargesToGenerate` will skip it.
 */
export function generationOps(charge: TNewCharge, history: TRentHistory): TWriteOp[] {
  if (charge.data.residentId !== history.residentId) {
    throw new AppError("VALIDATION", "The charge is for another resident.", { fields: { residentId: "Mismatch" } });
  }
  if (history.charges.some((c) => c.id === charge.id)) {
    throw new AppError("CONFLICT", `Rent for ${monthLabel(charge.data.month)} was already generated.`);
  }
  return [
    { op: "create", collection: "rentCharges", id: charge.id, data: charge.data },
    accountOp({ ...history, charges: [...history.charges, { ...charge.data, id: charge.id }] }),
  ];
}

/** A payment and the matching account write, to commit together. */
export function paymentOps(payment: TPaymentInput, history: TRentHistory): TWriteOp[] {
  if (payment.residentId !== history.residentId) {
    throw new AppError("VALIDATION", "The payment is for another resident.", { fields: { residentId: "Mismatch" } });
  }
  return [
    { op: "create", collection: "payments", data: payment },
    accountOp({ ...history, payments: [...history.payments, payment] }),
  ];
}
