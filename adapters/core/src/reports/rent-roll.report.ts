/**
 * Rent roll and receivables: per resident their rate, what was charged and paid in the range, the
 * balance on the range's last counted day and its age (the unpaid part of each charge, payments
 * settling the oldest first, by days since it fell due: 0–30, 31–60, 61–90, over 90), totals per home,
 * and loss to vacancy (each month's empty licensed beds × the home's average rate), as ALIS and
 * PointClickCare report it. `rentFiguresOf` is the rule for one resident; the server computes the same
 * figures in SQL, and a property test holds the two to the same answers.
 */
import { z } from "zod";
import { ZId } from "../common.schema.ts";
import type { TResidentStatus } from "../collections/residents.collection.ts";
import { daysBetween } from "../rules/date-only.rules.ts";
import {
  allocatePayments,
  paymentEffect,
  signedAmount,
  type TChargeLike,
  type TPaymentLike,
} from "../rules/rent.rules.ts";
import { LIVING_STATUSES } from "../rules/census.rules.ts";
import { censusCounts, type TCensusInput } from "./census.report.ts";
import { byHomeName, lastCountedDay, liveFrom, ZGoLiveDate, type TReportQuery } from "./report-query.schema.ts";

const ZMoney = z.number().int();

export const ZAging = z.object({
  /** Due 0 to 30 days ago. */
  days0to30: ZMoney,
  days31to60: ZMoney,
  days61to90: ZMoney,
  over90: ZMoney,
});
export type TAging = z.infer<typeof ZAging>;

const ZRentFigures = z.object({
  /** Charges falling due in the range (credits subtracted). */
  chargedCents: ZMoney,
  /** Payments received in the range. */
  paidCents: ZMoney,
  /** Owed on the last counted day: charges due by then less payments received by then. */
  balanceCents: ZMoney,
  aging: ZAging,
});
export type TRentFigures = z.infer<typeof ZRentFigures>;

const ZHomeRent = ZRentFigures.extend({
  residents: z.number().int().min(0),
  /** The average monthly rate of the home's residents in the census with a rate; null without one. */
  averageRateCents: ZMoney.nullable(),
  /** Licensed beds empty on the last counted day; null without a capacity or before the home's go-live. */
  vacantBeds: z.number().int().min(0).nullable(),
  /**
   * Σ over the range's months from the home's go-live of empty beds at the month's end × the average
   * rate; null without a capacity or rate.
   */
  lossToVacancyCents: ZMoney.nullable(),
});

export const ZRentRollReport = z.object({
  from: z.string(),
  to: z.string(),
  countedOn: z.string(),
  residents: z.array(
    ZRentFigures.extend({
      residentId: ZId,
      facilityId: ZId,
      name: z.string(),
      status: z.string(),
      rateCents: ZMoney.nullable(),
    }),
  ),
  homes: z.array(ZHomeRent.extend({ facilityId: ZId, name: z.string(), goLiveDate: ZGoLiveDate })),
  total: ZHomeRent,
});
export type TRentRollReport = z.infer<typeof ZRentRollReport>;

export interface TRentWindow {
  from: string;
  to: string;
  /** The day balances and ages are taken on. */
  countedOn: string;
}

const emptyAging = (): TAging => ({ days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 });

/** The bucket of an amount due `days` days ago. */
export function agingBucket(days: number): keyof TAging {
  if (days <= 30) return "days0to30";
  if (days <= 60) return "days31to60";
  if (days <= 90) return "days61to90";
  return "over90";
}

/** One resident's figures from their charges (with due dates) and payments (with days received). */
export function rentFiguresOf(
  charges: readonly (TChargeLike & { dueDate: string })[],
  payments: readonly (TPaymentLike & { receivedOn: string })[],
  window: TRentWindow,
): TRentFigures {
  const inRange = (day: string) => day >= window.from && day <= window.to;
  const due = charges.filter((c) => c.dueDate <= window.countedOn);
  const received = payments.filter((p) => p.receivedOn <= window.countedOn);
  const aging = emptyAging();
  for (const row of allocatePayments(due, received).charges) {
    if (row.remainingCents > 0)
      aging[agingBucket(daysBetween(row.charge.dueDate, window.countedOn))] += row.remainingCents;
  }
  return {
    chargedCents: charges.filter((c) => inRange(c.dueDate)).reduce((sum, c) => sum + signedAmount(c), 0),
    paidCents: payments.filter((p) => inRange(p.receivedOn)).reduce((sum, p) => sum + paymentEffect(p), 0),
    balanceCents:
      due.reduce((sum, c) => sum + signedAmount(c), 0) - received.reduce((sum, p) => sum + paymentEffect(p), 0),
    aging,
  };
}

const zeroFigures = (): TRentFigures => ({ chargedCents: 0, paidCents: 0, balanceCents: 0, aging: emptyAging() });

function add(into: TRentFigures, figures: TRentFigures): void {
  into.chargedCents += figures.chargedCents;
  into.paidCents += figures.paidCents;
  into.balanceCents += figures.balanceCents;
  for (const key of Object.keys(into.aging) as (keyof TAging)[]) into.aging[key] += figures.aging[key];
}

export interface TRentRollInput {
  census: TCensusInput;
  /** The residents' names and rates (of every resident of `census.residents`). */
  people: ReadonlyMap<string, { name: string; rateCents: number | null }>;
  /** Each resident's figures (`rentFiguresOf`, or the server's SQL); a resident without any is left out unless living there. */
  figures: ReadonlyMap<string, TRentFigures>;
}

/** The rent roll of the homes given. */
export function rentRollReportOf(
  input: TRentRollInput,
  query: Pick<TReportQuery, "from" | "to" | "today">,
): TRentRollReport {
  const countedOn = lastCountedDay(query);
  const counts = censusCounts(input.census, query);
  const homeIds = new Set(input.census.homes.map((h) => h.id));
  const living = new Set<string>();
  // Who lives where on the counted day: the census counts them, so they are listed even without charges.
  for (const r of input.census.residents) {
    const stayed = r.dischargeDate == null ? LIVING_STATUSES.includes(r.status) : r.dischargeDate >= countedOn;
    if (homeIds.has(r.facilityId) && r.admissionDate <= countedOn && stayed) living.add(r.id);
  }
  const residents = input.census.residents
    .filter((r) => homeIds.has(r.facilityId) && (input.figures.has(r.id) || living.has(r.id)))
    .map((r) => {
      const person = input.people.get(r.id);
      return {
        residentId: r.id,
        facilityId: r.facilityId,
        name: person?.name ?? r.id,
        status: r.status as TResidentStatus,
        rateCents: person?.rateCents ?? null,
        ...(input.figures.get(r.id) ?? zeroFigures()),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.residentId < b.residentId ? -1 : 1));

  const total = {
    ...zeroFigures(),
    residents: 0,
    averageRateCents: null as number | null,
    vacantBeds: null as number | null,
    lossToVacancyCents: null as number | null,
  };
  const rates: number[] = [];
  const homes = byHomeName(input.census.homes).map((home) => {
    const mine = residents.filter((r) => r.facilityId === home.id);
    const figures = zeroFigures();
    for (const r of mine) add(figures, r);
    const homeRates = mine.filter((r) => living.has(r.residentId) && r.rateCents !== null).map((r) => r.rateCents!);
    rates.push(...homeRates);
    const averageRateCents =
      homeRates.length === 0 ? null : Math.round(homeRates.reduce((a, b) => a + b, 0) / homeRates.length);
    const capacity = home.licensedCapacity ?? null;
    const censusNow = counts.homes.get(home.id)?.figures.census ?? 0;
    const start = liveFrom(home, query.from);
    const vacantBeds = capacity === null || countedOn < start ? null : Math.max(capacity - censusNow, 0);
    const lossToVacancyCents =
      capacity === null || averageRateCents === null
        ? null
        : counts.byMonth.reduce((sum, m) => {
            // A month still to come has no empty beds yet; nor has one ending before the home went live.
            if (`${m.month}-01` > countedOn || m.day < start) return sum;
            return sum + Math.max(capacity - (m.census.get(home.id) ?? 0), 0) * averageRateCents;
          }, 0);
    add(total, figures);
    total.residents += mine.length;
    if (vacantBeds !== null) total.vacantBeds = (total.vacantBeds ?? 0) + vacantBeds;
    if (lossToVacancyCents !== null) total.lossToVacancyCents = (total.lossToVacancyCents ?? 0) + lossToVacancyCents;
    return {
      facilityId: home.id,
      name: home.name,
      goLiveDate: home.goLiveDate ?? null,
      residents: mine.length,
      averageRateCents,
      vacantBeds,
      lossToVacancyCents,
      ...figures,
    };
  });
  total.averageRateCents = rates.length === 0 ? null : Math.round(rates.reduce((a, b) => a + b, 0) / rates.length);
  return { from: query.from, to: query.to, countedOn, residents, homes, total };
}
