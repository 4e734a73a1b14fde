/**
 * Census and occupancy: who lived in each home on a day, licensed capacity and occupancy, move-ins and
 * move-outs by reason, and the average length of the stays that ended — now, over a range, and month
 * by month. Stays come from a resident's own dates and their history (an earlier discharge and
 * readmission), homes from their transfers, so a past month counts a resident where they lived then.
 * Every backend answers with this function: the server from narrow SQL reads, memory and Firebase from
 * the records the DataPort gives.
 */
import { z } from "zod";
import { ZId } from "../common.schema.ts";
import { homeOn } from "../rules/census.rules.ts";
import { residentStays } from "../rules/stays.rules.ts";
import type { TResidentStatus } from "../collections/residents.collection.ts";
import { addDays, addMonths, daysBetween } from "../rules/date-only.rules.ts";
import { monthsBetween } from "../rules/rent.rules.ts";
import {
  byHomeName,
  lastCountedDay,
  liveFrom,
  ZGoLiveDate,
  type TReportHomeInput,
  type TReportQuery,
} from "./report-query.schema.ts";

export const MOVE_OUT_REASONS = ["discharged", "deceased", "transferred"] as const;
export type TMoveOutReason = (typeof MOVE_OUT_REASONS)[number];
export const MOVE_OUT_REASON_LABELS: Record<TMoveOutReason, string> = {
  discharged: "Discharged",
  deceased: "Deceased",
  transferred: "Moved to another home of the group",
};

const ZCount = z.number().int().min(0);
const ZPercent = z.number().min(0).nullable();

const ZCensusFigures = z.object({
  /** Licensed capacity (of the homes that record one); null when none does. */
  capacity: ZCount.nullable(),
  /** Residents in the census on the report's last counted day (the range's end, or today). */
  census: ZCount,
  /** Census of the homes with a capacity over that capacity, in whole percent; null without capacity. */
  occupancyPercent: ZPercent,
  moveIns: ZCount,
  moveOuts: ZCount,
  moveOutsByReason: z.object({ discharged: ZCount, deceased: ZCount, transferred: ZCount }),
  /** Average days of the stays that ended in the range (discharge or death); null without one. */
  averageStayDays: z.number().min(0).nullable(),
});
export type TCensusFigures = z.infer<typeof ZCensusFigures>;

export const ZCensusReport = z.object({
  from: z.string(),
  to: z.string(),
  /** The day "census" is counted on: the range's end, or today when the range reaches past it. */
  countedOn: z.string(),
  homes: z.array(ZCensusFigures.extend({ facilityId: ZId, name: z.string(), goLiveDate: ZGoLiveDate })),
  total: ZCensusFigures,
  /** Each month of the range: census on its last counted day, occupancy, moves within the range. */
  months: z.array(
    z.object({
      month: z.string(),
      census: ZCount,
      capacity: ZCount.nullable(),
      occupancyPercent: ZPercent,
      moveIns: ZCount,
      moveOuts: ZCount,
    }),
  ),
});
export type TCensusReport = z.infer<typeof ZCensusReport>;

/** What the census reads of a home, a resident and a resident's history event. */
export interface TCensusInput {
  homes: readonly TReportHomeInput[];
  residents: readonly {
    id: string;
    facilityId: string;
    status: TResidentStatus;
    admissionDate: string;
    dischargeDate?: string | null | undefined;
  }[];
  /** Admissions, readmissions, discharges, deaths and transfers of those residents (others are ignored). */
  events: readonly {
    residentId: string;
    facilityId: string;
    type: string;
    date: string;
    createdAt?: string;
    /** Set on an event undone (entered by mistake): it no longer counts. */
    undoReason?: string | null | undefined;
  }[];
}

/** The event types the census reads. */
export const CENSUS_EVENT_TYPES = ["admission", "readmission", "discharge", "death", "transfer_in", "transfer_out"];

interface TStaySpan {
  from: string;
  /** Last day in residence; null while the stay goes on. */
  to: string | null;
  ending: "discharged" | "deceased" | null;
}

/**
 * A resident's stays (rules/stays.rules.ts: the admission, each readmission opening one, each discharge
 * or death closing one; undone events left out), each with how it ended: the event that closed it, the
 * last one the resident's own discharge (planned or done) or death.
 */
function staysOf(resident: TCensusInput["residents"][number], events: TCensusInput["events"]): TStaySpan[] {
  const live = events.filter((e) => !e.undoReason);
  const periods = residentStays(resident, live);
  return periods.map((period, i) => {
    if (period.to === null) return { ...period, ending: null };
    const closer =
      i === periods.length - 1
        ? resident.status
        : live.find((e) => (e.type === "discharge" || e.type === "death") && e.date === period.to)?.type;
    return { ...period, ending: closer === "death" || closer === "deceased" ? "deceased" : "discharged" };
  });
}

const inSpan = (day: string, from: string, to: string) => day >= from && day <= to;

function percent(census: number, capacity: number | null): number | null {
  return capacity === null || capacity === 0 ? null : Math.round((census * 100) / capacity);
}

function emptyFigures(capacity: number | null): TCensusFigures {
  return {
    capacity,
    census: 0,
    occupancyPercent: null,
    moveIns: 0,
    moveOuts: 0,
    moveOutsByReason: { discharged: 0, deceased: 0, transferred: 0 },
    averageStayDays: null,
  };
}

/** Each month of a range: the day its census is counted on, and the census per home that day. */
export interface TMonthCensus {
  month: string;
  /** The day the month's census is counted on: its last day, or the report's last counted day. */
  day: string;
  census: Map<string, number>;
  moveIns: number;
  moveOuts: number;
}

/**
 * The counts behind the census report (the rent roll's loss to vacancy reads the months per home). A
 * home counts from its go-live date: no moves, stays or census of it before that day.
 */
export function censusCounts(input: TCensusInput, query: Pick<TReportQuery, "from" | "to" | "today">) {
  const countedOn = lastCountedDay(query);
  const months = monthsBetween(query.from, query.to);
  const monthEnd = (month: string) => {
    const end = addDays(addMonths(`${month}-01`, 1), -1);
    return end < countedOn ? end : countedOn;
  };
  const homes = new Map(input.homes.map((h) => [h.id, { home: h, figures: emptyFigures(h.licensedCapacity ?? null) }]));
  const stayDays = new Map<string, number[]>();
  const byMonth: TMonthCensus[] = months.map((month) => ({
    month,
    day: monthEnd(month),
    census: new Map(),
    moveIns: 0,
    moveOuts: 0,
  }));
  const startOf = new Map(input.homes.map((h) => [h.id, liveFrom(h, query.from)]));
  const monthOf = (day: string) => byMonth.find((m) => day.startsWith(m.month));
  const eventsOf = new Map<string, TCensusInput["events"][number][]>();
  for (const event of input.events) {
    if (!CENSUS_EVENT_TYPES.includes(event.type)) continue;
    const list = eventsOf.get(event.residentId) ?? [];
    list.push(event);
    eventsOf.set(event.residentId, list);
  }
  const counts = (homeId: string, day: string) => day >= (startOf.get(homeId) ?? query.from) && day <= countedOn;
  const moveIn = (homeId: string, day: string) => {
    const entry = homes.get(homeId);
    if (!entry || !counts(homeId, day)) return;
    entry.figures.moveIns += 1;
    monthOf(day)!.moveIns += 1;
  };
  const moveOut = (homeId: string, day: string, reason: TMoveOutReason) => {
    const entry = homes.get(homeId);
    if (!entry || !counts(homeId, day)) return;
    entry.figures.moveOuts += 1;
    entry.figures.moveOutsByReason[reason] += 1;
    monthOf(day)!.moveOuts += 1;
  };

  for (const resident of input.residents) {
    const events = eventsOf.get(resident.id) ?? [];
    const where = (day: string) => homeOn(events, resident.facilityId, day);
    const stays = staysOf(resident, events);
    const living = (day: string) => stays.some((s) => inSpan(day, s.from, s.to ?? "9999-12-31"));
    for (const stay of stays) {
      moveIn(where(stay.from), stay.from);
      if (stay.to !== null && stay.ending !== null) {
        const home = where(stay.to);
        moveOut(home, stay.to, stay.ending);
        if (homes.has(home) && counts(home, stay.to)) {
          const list = stayDays.get(home) ?? [];
          list.push(daysBetween(stay.from, stay.to) + 1);
          stayDays.set(home, list);
        }
      }
    }
    for (const event of events) {
      if (event.type === "transfer_out") moveOut(event.facilityId, event.date, "transferred");
      else if (event.type === "transfer_in") moveIn(event.facilityId, event.date);
    }
    if (living(countedOn)) {
      const home = where(countedOn);
      const entry = homes.get(home);
      if (entry && counts(home, countedOn)) entry.figures.census += 1;
    }
    for (const m of byMonth) {
      // A month still to come (after the counted day) has no census yet.
      if (m.day < query.from || m.day < `${m.month}-01` || !living(m.day)) continue;
      const home = where(m.day);
      if (homes.has(home) && m.day >= startOf.get(home)!) m.census.set(home, (m.census.get(home) ?? 0) + 1);
    }
  }

  return { countedOn, homes, stayDays, byMonth };
}

/** The census report of the homes given, over the query's range. */
export function censusReportOf(input: TCensusInput, query: Pick<TReportQuery, "from" | "to" | "today">): TCensusReport {
  const { countedOn, homes, stayDays, byMonth } = censusCounts(input, query);
  const withCapacity = input.homes.filter((h) => h.licensedCapacity != null);
  const capacity = withCapacity.length === 0 ? null : withCapacity.reduce((s, h) => s + (h.licensedCapacity ?? 0), 0);
  const censusOfCapacityHomes = (census: (id: string) => number) =>
    withCapacity.reduce((sum, h) => sum + census(h.id), 0);
  const total = emptyFigures(capacity);
  const allStays: number[] = [];
  const rows = byHomeName(input.homes).map((h) => {
    const { figures } = homes.get(h.id)!;
    figures.occupancyPercent = percent(figures.census, figures.capacity);
    const days = stayDays.get(h.id) ?? [];
    allStays.push(...days);
    figures.averageStayDays = average(days);
    total.census += figures.census;
    total.moveIns += figures.moveIns;
    total.moveOuts += figures.moveOuts;
    for (const reason of MOVE_OUT_REASONS) total.moveOutsByReason[reason] += figures.moveOutsByReason[reason];
    return { facilityId: h.id, name: h.name, goLiveDate: h.goLiveDate ?? null, ...figures };
  });
  total.occupancyPercent = percent(
    censusOfCapacityHomes((id) => homes.get(id)!.figures.census),
    capacity,
  );
  total.averageStayDays = average(allStays);
  return {
    from: query.from,
    to: query.to,
    countedOn,
    homes: rows,
    total,
    months: byMonth.map((m) => {
      const census = [...m.census.values()].reduce((a, b) => a + b, 0);
      // The beds of the homes live by the month's counted day (a home before its go-live has none yet).
      const live = withCapacity.filter((h) => m.day >= liveFrom(h, query.from));
      const monthCapacity = live.length === 0 ? null : live.reduce((s, h) => s + (h.licensedCapacity ?? 0), 0);
      return {
        month: m.month,
        census,
        capacity: monthCapacity,
        occupancyPercent: percent(
          live.reduce((sum, h) => sum + (m.census.get(h.id) ?? 0), 0),
          monthCapacity,
        ),
        moveIns: m.moveIns,
        moveOuts: m.moveOuts,
      };
    }),
  };
}

function average(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}
