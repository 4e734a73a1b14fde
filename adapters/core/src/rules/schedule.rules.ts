/**
 * The checks of a home's week of shifts, as pure functions shared by the server, the memory and Firebase
 * adapters and the web app. Computed from stored data: the home's shifts, the same people's shifts in
 * the group's other homes (as busy time only), who they are (clearance, employment dates, whether they
 * may work independently) and the home's census each night. Each issue cites the rule it comes from.
 *
 * - errors: one person on two overlapping shifts in any home; a shift of someone without a clearance (not
 *   cleared, no exemption — Title 22 §87355); a shift outside their employment dates;
 * - warnings: over 8 hours in a workday (overtime) or 12 (double time), over 40 in the workweek, a 7th
 *   consecutive day (Labor Code §510); someone who may not yet work independently on duty with nobody
 *   else awake (H&S §1569.625);
 * - coverage: half hours of the day (06:00–22:00) with nobody awake on duty, and nights (22:00–06:00)
 *   short of Title 22 §87415 for the night's census (fewer than 16 residents: someone on call on the
 *   premises; 16–100: one awake and one on call; 101–200: one awake, one on call on the premises and one
 *   more on call; one more awake for each further 100), or with nobody awake when a resident has
 *   dementia (§87705). A shift of someone not cleared is not counted but listed as coverage on its own
 *   ("scheduled, not counted: not cleared"), so a night is never shown empty while someone is booked on it.
 */
import type { TShiftDuty } from "../collections/schedules.collection.ts";
import { MAY_BE_IN_THE_HOME, type TClearanceStatus } from "../collections/staff.collection.ts";
import { addDays, wallClockInstant, wallClockOf } from "./date-only.rules.ts";
import { currentDocument, documentExpiry, type TDocumentLike, type TDocumentTypeLike } from "./compliance.rules.ts";

/** A shift as the rules need it (a `shifts` record fits). */
export interface TShiftLike {
  id: string;
  staffId: string;
  date: string;
  start: string;
  end: string;
  duty: TShiftDuty;
  /** The position worked; one outside care (a cook) does not count for coverage. */
  position?: string | undefined;
}

/** Positions that do not give care or supervision: their shifts do not cover the home. */
const NOT_CARE: readonly string[] = ["cook", "housekeeper", "activity_director"];

/** A person's time taken in another home of the group: when, and which home only to whom may see it. */
export interface TBusyTime {
  staffId: string;
  from: number;
  to: number;
  /** The other home's name, given only to a user who may see that home. */
  home?: string;
}

/** A staff member as the checks need them. */
export interface TRotaPerson {
  id: string;
  name: string;
  hireDate?: string | undefined;
  terminationDate?: string | undefined;
  clearanceStatus: TClearanceStatus;
  /** Every "before working independently" requirement of their position met. */
  mayWorkIndependently: boolean;
  /** The night-duty documents (first aid, TB screening) they lack a current one of; absent: not checked. */
  missingForNights?: readonly string[] | undefined;
}

/** The residents a night counts: those living in the home that evening (planned moves included). */
export interface TNightCensus {
  /** The evening's date: the night from 22:00 that day to 06:00 the next. */
  date: string;
  residents: number;
  /** A resident with dementia lives in the home that night. */
  dementia: boolean;
}

export interface TWeekInput {
  /** The first day of the workweek (the home's local date). */
  weekStart: string;
  timeZone: string;
  shifts: readonly TShiftLike[];
  /** The same people's shifts in other homes of this week and the days around it. */
  busyElsewhere: readonly TBusyTime[];
  people: readonly TRotaPerson[];
  census: readonly TNightCensus[];
}

export type TIssueSeverity = "error" | "warning" | "coverage";

export interface TScheduleIssue {
  severity: TIssueSeverity;
  /** What kind of problem (for grouping and tests). */
  code:
    | "double-booked"
    | "no-clearance"
    | "outside-employment"
    | "daily-overtime"
    | "daily-double-time"
    | "weekly-overtime"
    | "seventh-day"
    | "supervision"
    | "night-documents"
    | "no-one-awake"
    | "night-rule"
    | "not-counted";
  message: string;
  /** The rule it comes from, e.g. "Labor Code §510". */
  rule: string;
  staffId?: string;
  shiftId?: string;
  /** A double booking of two shifts of this home: the other one (both are marked on the grid). */
  otherShiftId?: string;
  /** The local date it concerns. */
  date?: string;
  /** The local times of a coverage gap, `HH:MM`. */
  from?: string;
  to?: string;
}

const HOUR = 3_600_000;
const SLOT = HOUR / 2;
/** The night of §87415: 22:00 to 06:00. */
const NIGHT_STARTS = "22:00";
const NIGHT_ENDS = "06:00";

/** A shift's real start and end (epoch ms) in the home's time zone: across a DST change it lasts 7 or 9 hours. */
export function shiftInstants(shift: Pick<TShiftLike, "date" | "start" | "end">, timeZone: string) {
  const endDate = shift.end <= shift.start ? addDays(shift.date, 1) : shift.date;
  return {
    from: wallClockInstant(shift.date, shift.start, timeZone),
    to: wallClockInstant(endDate, shift.end, timeZone),
  };
}

/**
 * Is it night duty: a shift across midnight, or one starting at 22:00 or later, or one in the early
 * morning before 06:00? An evening shift ending at 23:00 is not.
 */
export function isNightShift(shift: Pick<TShiftLike, "start" | "end">): boolean {
  return shift.end <= shift.start || shift.start >= NIGHT_STARTS || shift.start < NIGHT_ENDS;
}

/**
 * The night-duty document types (`nightDuty`) a staff member lacks a current one of on `date`: none on
 * file, or expired by then. Names as the types are called.
 */
export function missingNightDocuments(
  types: readonly (Pick<TDocumentTypeLike, "id" | "name" | "subject" | "validityMonths" | "facilityIds"> & {
    nightDuty: boolean;
  })[],
  person: { id: string; facilityId: string },
  documents: readonly TDocumentLike[],
  date: string,
): string[] {
  return types
    .filter(
      (t) =>
        t.nightDuty &&
        t.subject === "staff" &&
        (t.facilityIds.length === 0 || t.facilityIds.includes(person.facilityId)),
    )
    .filter((t) => {
      const doc = currentDocument(documents, person.id, t.id);
      if (!doc) return true;
      const expiry = documentExpiry(t, doc);
      return expiry !== undefined && expiry < date;
    })
    .map((t) => t.name);
}

/** A shift's real length in hours. */
export function shiftHours(shift: Pick<TShiftLike, "date" | "start" | "end">, timeZone: string): number {
  const { from, to } = shiftInstants(shift, timeZone);
  return (to - from) / HOUR;
}

const rounded = (hours: number) => Math.round(hours * 100) / 100;

/** What §87415 asks of a night with `residents` in the home (and §87705 with dementia). */
export function nightRequirement(residents: number, dementia: boolean) {
  if (residents < 16) return { awake: dementia ? 1 : 0, onCallPremises: dementia ? 0 : 1, onCallAny: 0 };
  if (residents <= 100) return { awake: 1, onCallPremises: 0, onCallAny: 1 };
  if (residents <= 200) return { awake: 1, onCallPremises: 1, onCallAny: 1 };
  return { awake: 1 + Math.ceil((residents - 200) / 100), onCallPremises: 1, onCallAny: 1 };
}

/** "1 awake, 1 on call": what a night needs, in words. */
function needWords(need: ReturnType<typeof nightRequirement>): string {
  const words: string[] = [];
  if (need.awake > 0) words.push(`${need.awake} awake`);
  if (need.onCallPremises > 0) words.push(`${need.onCallPremises} on call on the premises`);
  if (need.onCallAny > 0) words.push(`${need.onCallAny} ${need.onCallPremises > 0 ? "more " : ""}on call`);
  return words.join(", ");
}

/** Every check of the week, errors first, then warnings, then coverage; each in time order. */
export function checkWeek(input: TWeekInput): TScheduleIssue[] {
  const { timeZone, weekStart } = input;
  const issues: TScheduleIssue[] = [];
  const people = new Map(input.people.map((p) => [p.id, p]));
  const name = (id: string) => people.get(id)?.name ?? "Someone";
  const timed = input.shifts
    .map((shift) => ({ shift, ...shiftInstants(shift, timeZone) }))
    .sort((a, b) => a.from - b.from || a.shift.id.localeCompare(b.shift.id));
  const weekDates = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const inWeek = (date: string) => date >= weekStart && date < addDays(weekStart, 7);

  // Per person: this home's shifts and the busy time elsewhere, in time order.
  const byPerson = new Map<string, { from: number; to: number; shiftId?: string; date?: string; home?: string }[]>();
  for (const t of timed)
    byPerson.set(t.shift.staffId, [
      ...(byPerson.get(t.shift.staffId) ?? []),
      { from: t.from, to: t.to, shiftId: t.shift.id, date: t.shift.date },
    ]);
  for (const busy of input.busyElsewhere)
    byPerson.set(busy.staffId, [
      ...(byPerson.get(busy.staffId) ?? []),
      { from: busy.from, to: busy.to, ...(busy.home ? { home: busy.home } : {}) },
    ]);

  for (const [staffId, spans] of byPerson) {
    spans.sort((a, b) => a.from - b.from);
    // Double bookings: each of this home's shifts that overlaps another span of the same person.
    for (let i = 0; i < spans.length; i++) {
      const a = spans[i]!;
      for (let j = i + 1; j < spans.length && spans[j]!.from < a.to; j++) {
        const b = spans[j]!;
        const mine = a.shiftId ? a : b.shiftId ? b : null;
        if (!mine?.shiftId || !inWeek(mine.date!)) continue;
        const elsewhere = !a.shiftId ? a : !b.shiftId ? b : null;
        const where = elsewhere ? ` (the other ${elsewhere.home ? `at ${elsewhere.home}` : "in another home"})` : "";
        issues.push({
          severity: "error",
          code: "double-booked",
          message: `${name(staffId)} is on two overlapping shifts${where} on ${mine.date}.`,
          rule: "One person, one place",
          staffId,
          shiftId: mine.shiftId,
          ...(a.shiftId && b.shiftId ? { otherShiftId: mine === a ? b.shiftId : a.shiftId } : {}),
          date: mine.date,
        });
      }
    }
  }

  for (const t of timed) {
    const { shift } = t;
    if (!inWeek(shift.date)) continue;
    const person = people.get(shift.staffId);
    if (!person) continue;
    if (notCleared(person))
      issues.push({
        severity: "error",
        code: "no-clearance",
        message: `${person.name} has no criminal record clearance or exemption and may not be in the home (${shift.date}).`,
        rule: "Title 22 §87355",
        staffId: person.id,
        shiftId: shift.id,
        date: shift.date,
      });
    if (
      (person.hireDate && shift.date < person.hireDate) ||
      (person.terminationDate && shift.date > person.terminationDate)
    )
      issues.push({
        severity: "error",
        code: "outside-employment",
        message: `${person.name} is not employed on ${shift.date}${person.hireDate && shift.date < person.hireDate ? ` (hired ${person.hireDate})` : ` (left ${person.terminationDate})`}.`,
        rule: "Employment dates",
        staffId: person.id,
        shiftId: shift.id,
        date: shift.date,
      });
    const missing = person.missingForNights ?? [];
    if (missing.length > 0 && isNightShift(shift))
      issues.push({
        severity: "warning",
        code: "night-documents",
        message: `${person.name} is on night duty on ${shift.date} without a current ${missing.join(" or ")}.`,
        rule: "Title 22 §87411 (night staff)",
        staffId: person.id,
        shiftId: shift.id,
        date: shift.date,
      });
    if (!person.mayWorkIndependently && shift.duty === "awake") {
      const company = timed.some(
        (o) => o.shift.staffId !== shift.staffId && o.shift.duty === "awake" && o.from <= t.from && o.to >= t.to,
      );
      if (!company)
        issues.push({
          severity: "warning",
          code: "supervision",
          message: `${person.name} may not work independently yet and is on duty with nobody else awake for the whole shift (${shift.date}).`,
          rule: "H&S §1569.625",
          staffId: person.id,
          shiftId: shift.id,
          date: shift.date,
        });
    }
  }

  // Hours per person per workday (the day a shift starts) and per workweek, this home's and elsewhere's;
  // time on two overlapping shifts (a double booking, reported above) is counted once.
  const hours = new Map<string, Map<string, number>>();
  for (const span of countedSpans(input)) {
    const days = hours.get(span.staffId) ?? new Map<string, number>();
    days.set(span.date, (days.get(span.date) ?? 0) + span.hours);
    hours.set(span.staffId, days);
  }
  for (const [staffId, days] of hours) {
    if (!people.has(staffId)) continue;
    let week = 0;
    let worked = 0;
    for (const date of weekDates) {
      const h = days.get(date) ?? 0;
      week += h;
      if (h > 0) worked += 1;
      if (h > 12)
        issues.push({
          severity: "warning",
          code: "daily-double-time",
          message: `${name(staffId)} works ${rounded(h)} hours on ${date}: double time after 12.`,
          rule: "Labor Code §510",
          staffId,
          date,
        });
      else if (h > 8)
        issues.push({
          severity: "warning",
          code: "daily-overtime",
          message: `${name(staffId)} works ${rounded(h)} hours on ${date}: overtime after 8.`,
          rule: "Labor Code §510",
          staffId,
          date,
        });
    }
    if (week > 40)
      issues.push({
        severity: "warning",
        code: "weekly-overtime",
        message: `${name(staffId)} works ${rounded(week)} hours this week: overtime after 40.`,
        rule: "Labor Code §510",
        staffId,
      });
    if (worked === 7)
      issues.push({
        severity: "warning",
        code: "seventh-day",
        message: `${name(staffId)} works all 7 days of the week: the 7th consecutive day is paid as overtime.`,
        rule: "Labor Code §510",
        staffId,
        date: weekDates[6],
      });
  }

  issues.push(
    ...coverage(
      input,
      timed.filter(({ shift }) => coversHome(shift, people.get(shift.staffId))),
    ),
  );
  // Booked but not counted for want of a clearance: said as such, never left out silently.
  for (const { shift } of timed) {
    const person = people.get(shift.staffId);
    if (!inWeek(shift.date) || !person || !notCleared(person)) continue;
    if (!coversHome(shift, { ...person, clearanceStatus: "cleared" })) continue;
    issues.push({
      severity: "coverage",
      code: "not-counted",
      message: `${person.name} ${shift.date} ${shift.start}–${shift.end}: scheduled, not counted: not cleared.`,
      rule: "Title 22 §87355",
      staffId: person.id,
      shiftId: shift.id,
      date: shift.date,
      from: shift.start,
      to: shift.end,
    });
  }
  const order: Record<TIssueSeverity, number> = { error: 0, warning: 1, coverage: 2 };
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => order[a.issue.severity] - order[b.issue.severity] || a.index - b.index)
    .map(({ issue }) => issue);
}

/** Without a clearance or exemption: may not be in the home (Title 22 §87355), so not counted on duty. */
export function notCleared(person: Pick<TRotaPerson, "clearanceStatus">): boolean {
  return !MAY_BE_IN_THE_HOME.includes(person.clearanceStatus);
}

/**
 * Whether a shift counts for coverage: its person may be there and gives care — cleared (or exempted),
 * employed that day, in a care position.
 */
export function coversHome(
  shift: Pick<TShiftLike, "date" | "position">,
  person: Pick<TRotaPerson, "clearanceStatus" | "hireDate" | "terminationDate"> | undefined,
): boolean {
  if (!person || NOT_CARE.includes(shift.position ?? "")) return false;
  if (notCleared(person)) return false;
  return (
    !(person.hireDate && shift.date < person.hireDate) &&
    !(person.terminationDate && shift.date > person.terminationDate)
  );
}

/**
 * What a half hour of the night lacks against what it needs (`nightRequirement`), in words; none when
 * covered. Awake staff beyond those needed awake count as on call; on call on the premises counts as on call.
 */
export function nightShortfall(
  need: ReturnType<typeof nightRequirement>,
  on: { awake: number; premises: number; nearby: number },
): string[] {
  const { awake, premises, nearby } = on;
  if (awake + premises + nearby === 0) return ["nobody on duty"];
  const words: string[] = [];
  if (awake < need.awake)
    words.push(awake === 0 ? "nobody awake" : `${need.awake - awake} more awake (${awake} on duty)`);
  const spare = Math.max(0, awake - need.awake);
  if (spare + premises < need.onCallPremises)
    words.push(nearby > 0 ? "nobody on call on the premises (on call nearby only)" : "nobody on call on the premises");
  else if (spare + premises + nearby < need.onCallPremises + need.onCallAny) words.push("nobody on call");
  return words;
}

/** The coverage gaps of the week, in half hours merged into runs. */
function coverage(
  input: TWeekInput,
  timed: readonly { shift: TShiftLike; from: number; to: number }[],
): TScheduleIssue[] {
  const { timeZone, weekStart } = input;
  const census = new Map(input.census.map((c) => [c.date, c]));
  const start = wallClockInstant(weekStart, "00:00", timeZone);
  const end = wallClockInstant(addDays(weekStart, 7), "00:00", timeZone);
  /** The gap being extended: its issue, the key of what is short, and where it ends so far. */
  const runs: { issue: TScheduleIssue; key: string; lastTo: number }[] = [];
  for (let slot = start; slot < end; slot += SLOT) {
    const slotEnd = slot + SLOT;
    const on = timed.filter((t) => t.from <= slot && t.to >= slotEnd);
    const awake = on.filter((t) => t.shift.duty === "awake").length;
    const premises = on.filter((t) => t.shift.duty === "on_call_premises").length;
    const nearby = on.filter((t) => t.shift.duty === "on_call_nearby").length;
    const local = wallClockOf(slot, timeZone);
    const night = local.time >= NIGHT_STARTS || local.time < NIGHT_ENDS;
    // The residents of the day, or of the night (which belongs to the evening it starts): nobody to care
    // for, nothing to cover.
    const evening = local.time >= NIGHT_STARTS || !night ? local.date : addDays(local.date, -1);
    const counted = census.get(evening) ?? { date: evening, residents: 0, dementia: false };
    if (counted.residents === 0) continue;
    let gap: { code: TScheduleIssue["code"]; rule: string; message: string; key: string; date: string } | null = null;
    if (!night) {
      if (awake === 0)
        gap = {
          code: "no-one-awake",
          rule: "24-hour care and supervision (Title 22 §87411)",
          message: "nobody awake on duty",
          key: "day",
          date: local.date,
        };
    } else {
      const need = nightRequirement(counted.residents, counted.dementia);
      if (nightShortfall(need, { awake, premises, nearby }).length > 0)
        gap = {
          code: "night-rule",
          rule: counted.dementia && counted.residents < 16 ? "Title 22 §87705" : "Title 22 §87415",
          message: `${counted.residents === 1 ? "1 resident needs" : `${counted.residents} residents need`} ${needWords(need) || "someone on duty"} at night${counted.dementia ? " (dementia care)" : ""}`,
          key: `night|${needWords(need)}|${counted.residents}|${counted.dementia}`,
          date: local.date,
        };
    }
    if (!gap) continue;
    const to = wallClockOf(slotEnd, timeZone).time;
    const last = runs.at(-1);
    if (last && last.lastTo === slot && last.key === gap.key) {
      last.lastTo = slotEnd;
      last.issue.to = to;
      last.issue.message = `${last.issue.date} ${last.issue.from}–${to}: ${gap.message}.`;
      continue;
    }
    runs.push({
      key: gap.key,
      lastTo: slotEnd,
      issue: {
        severity: "coverage",
        code: gap.code,
        message: `${gap.date} ${local.time}–${to}: ${gap.message}.`,
        rule: gap.rule,
        date: gap.date,
        from: local.time,
        to,
      },
    });
  }
  return runs.map((r) => r.issue);
}

/** A staff member as a week's rota reads them. */
export interface TRotaStaffLike {
  id: string;
  firstName: string;
  lastName: string;
  preferredName?: string | undefined;
  position: string;
  status: string;
  facilityId: string;
  hireDate?: string | undefined;
  terminationDate?: string | undefined;
  clearanceStatus: TClearanceStatus;
}

/** A resident as a night's census reads them. */
export interface TCensusResidentLike {
  status: string;
  admissionDate: string;
  dischargeDate?: string | undefined;
  dementia: boolean;
}

/**
 * The census of each night from the day before the week to its last day: residents living in the home
 * (or holding their bed) admitted by that evening and not discharged by it — planned move-ins counted
 * from their day, planned move-outs until theirs — and whether one of them has dementia.
 */
export function nightCensus(residents: readonly TCensusResidentLike[], weekStart: string): TNightCensus[] {
  return Array.from({ length: 8 }, (_, i) => addDays(weekStart, i - 1)).map((date) => {
    const present = residents.filter(
      (r) =>
        ["active", "on_leave", "hospital"].includes(r.status) &&
        r.admissionDate <= date &&
        (!r.dischargeDate || r.dischargeDate > date),
    );
    return { date, residents: present.length, dementia: present.some((r) => r.dementia) };
  });
}

/** The dates a week's shifts are read for: from the day before (its night reaches into the week) to the last. */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 8 }, (_, i) => addDays(weekStart, i - 1));
}

/** The Monday a date's workweek starts on. */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** A person's hours of a week, for payroll: here, in the group's other homes, and beyond the §510 limits. */
export interface TWeekHours {
  staffId: string;
  /** Hours of this home's shifts starting in the week. */
  here: number;
  /** Hours of their shifts in other homes starting in the week. */
  elsewhere: number;
  days: number;
  /** Hours of each workday beyond 8 up to 12 (overtime), and beyond 12 (double time). */
  dailyOvertime: number;
  dailyDoubleTime: number;
  /** Hours of the week beyond 40 not already paid as daily overtime. */
  weeklyOvertime: number;
}

/**
 * Each shift of the week's people — this home's and their busy time elsewhere — with the hours it adds:
 * its length, less any time an earlier-starting shift of the same person already covers (so a double
 * booking is not paid or counted twice), dated by its workday (the day it starts, in the home's zone).
 */
export function countedSpans(
  input: Pick<TWeekInput, "timeZone" | "shifts" | "busyElsewhere">,
): { staffId: string; date: string; hours: number; here: boolean }[] {
  const { timeZone } = input;
  const spans = [
    ...input.shifts.map((s) => ({ staffId: s.staffId, date: s.date, here: true, ...shiftInstants(s, timeZone) })),
    ...input.busyElsewhere.map((b) => ({
      staffId: b.staffId,
      date: wallClockOf(b.from, timeZone).date,
      here: false,
      from: b.from,
      to: b.to,
    })),
  ].sort((a, b) => a.staffId.localeCompare(b.staffId) || a.from - b.from || Number(b.here) - Number(a.here));
  const covered = new Map<string, number>();
  return spans.map((s) => {
    const until = covered.get(s.staffId) ?? -Infinity;
    covered.set(s.staffId, Math.max(until, s.to));
    return {
      staffId: s.staffId,
      date: s.date,
      here: s.here,
      hours: Math.max(0, s.to - Math.max(s.from, until)) / HOUR,
    };
  });
}

/**
 * Each person's hours of the week by workday (the day a shift starts), as payroll reads them: daily
 * overtime after 8 and double time after 12, then weekly overtime after 40 on what daily overtime did
 * not already count (Labor Code §510; the 7th-day premium is left to payroll).
 */
export function weekHours(
  input: Pick<TWeekInput, "weekStart" | "timeZone" | "shifts" | "busyElsewhere">,
): TWeekHours[] {
  const { weekStart } = input;
  const end = addDays(weekStart, 7);
  const days = new Map<string, Map<string, number>>();
  const totals = new Map<string, { here: number; elsewhere: number }>();
  const add = (staffId: string, date: string, hours: number, here: boolean) => {
    if (hours <= 0) return;
    if (date < weekStart || date >= end) return;
    const byDay = days.get(staffId) ?? new Map<string, number>();
    byDay.set(date, (byDay.get(date) ?? 0) + hours);
    days.set(staffId, byDay);
    const total = totals.get(staffId) ?? { here: 0, elsewhere: 0 };
    if (here) total.here += hours;
    else total.elsewhere += hours;
    totals.set(staffId, total);
  };
  for (const span of countedSpans(input)) add(span.staffId, span.date, span.hours, span.here);
  return [...days].map(([staffId, byDay]) => {
    let dailyOvertime = 0;
    let dailyDoubleTime = 0;
    let regular = 0;
    for (const h of byDay.values()) {
      dailyOvertime += Math.max(0, Math.min(h, 12) - 8);
      dailyDoubleTime += Math.max(0, h - 12);
      regular += Math.min(h, 8);
    }
    const total = totals.get(staffId)!;
    return {
      staffId,
      here: rounded(total.here),
      elsewhere: rounded(total.elsewhere),
      days: byDay.size,
      dailyOvertime: rounded(dailyOvertime),
      dailyDoubleTime: rounded(dailyDoubleTime),
      weeklyOvertime: rounded(Math.max(0, regular - 40)),
    };
  });
}
