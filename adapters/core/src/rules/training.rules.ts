/**
 * Training rules: for a staff member, their ledger and a date, the hours each requirement counts in its
 * current period, what is short, and whether they may work independently. Pure functions shared by the
 * server, the memory and Firebase adapters and the web app, so every screen and reminder agrees.
 *
 * Counting: an entry counts towards every requirement that names its category and whose period holds its
 * date (a dementia session in the second year counts towards the annual 20 hours and its 8 dementia
 * hours: the requirement says so by naming the category). Within one requirement an entry counts once.
 * A part with a cap (at most 20 hours online) stops the hours beyond it from counting towards the total.
 */
import type { TClearanceStatus } from "../collections/staff.collection.ts";
import type { TTrainingCategory, TTrainingPeriod, TYearBasis } from "../collections/training.collection.ts";
import type { TDerivedReminder } from "../ports/insights.port.ts";
import { addDays, addMonths } from "./date-only.rules.ts";

/** A requirement as the rules need it (a `trainingRequirements` record fits). */
export interface TTrainingRequirementLike {
  id: string;
  name: string;
  positions: readonly string[];
  period: TTrainingPeriod;
  withinDays?: number | undefined;
  yearBasis: TYearBasis;
  hours: number;
  categories: readonly TTrainingCategory[];
  parts: readonly {
    label: string;
    categories: readonly TTrainingCategory[];
    onlineOnly: boolean;
    minHours?: number | undefined;
    maxHours?: number | undefined;
  }[];
  leadTimeDays: number;
}

/** A ledger entry as the rules need it. */
export interface TTrainingEntryLike {
  id: string;
  date: string;
  hours: number;
  category: TTrainingCategory;
  online: boolean;
}

/** A staff member as the rules need them. */
export interface TTraineeLike {
  position: string;
  hireDate?: string | undefined;
}

/**
 * The dates a requirement counts: entries dated from `start` (null: any earlier date) until before `end`
 * (null: no end). `due` is the last day to meet it (null: no deadline; "before working independently"
 * has none: it holds the person back instead).
 */
export interface TTrainingWindow {
  start: string | null;
  end: string | null;
  due: string | null;
}

/** The result for one part of a requirement (dementia ≥ 8, online ≤ 20). */
export interface TPartProgress {
  label: string;
  hours: number;
  minHours?: number | undefined;
  maxHours?: number | undefined;
  /** Its floor reached (a cap is never unmet: hours beyond it just do not count). */
  met: boolean;
}

/** Where a staff member stands on one requirement on a date. */
export interface TRequirementProgress {
  requirementId: string;
  name: string;
  period: TTrainingPeriod;
  /**
   * `met`; `short` (still time in the period); `overdue` (its due date passed unmet); `not_yet` (a yearly
   * requirement before its first year begins: the initial training covers the first year).
   */
  state: "met" | "short" | "overdue" | "not_yet";
  window: TTrainingWindow;
  /** Hours that count towards the total (caps applied). */
  hours: number;
  required: number;
  parts: TPartProgress[];
  /** Hours still needed to meet it: the total's and the parts' floors (0 when met). */
  shortBy: number;
}

/** Does the requirement apply to this person's position? */
export function requirementApplies(requirement: Pick<TTrainingRequirementLike, "positions">, person: TTraineeLike) {
  return requirement.positions.length === 0 || requirement.positions.includes(person.position);
}

const yearOf = (date: string) => Number(date.slice(0, 4));
const january = (year: number) => `${String(year).padStart(4, "0")}-01-01`;

/**
 * The counting window of a requirement that holds `today`, or `{ notBefore }` for a yearly requirement
 * whose first year has not begun. Years run from January 1 (`calendar`) or from the hire date
 * (`hire_anniversary`: the hire's day each year, February 29 becoming February 28 in other years);
 * without a hire date, calendar years.
 */
export function trainingWindow(
  requirement: Pick<TTrainingRequirementLike, "period" | "withinDays" | "yearBasis">,
  hireDate: string | undefined,
  today: string,
): TTrainingWindow | { notBefore: string } {
  switch (requirement.period) {
    case "before_independence":
      return { start: null, end: null, due: null };
    case "initial": {
      if (!hireDate) return { start: null, end: null, due: null };
      const end = addDays(hireDate, requirement.withinDays ?? 0);
      return { start: null, end, due: addDays(end, -1) };
    }
    case "yearly":
    case "two_years": {
      const years = requirement.period === "yearly" ? 1 : 2;
      // A yearly requirement begins after the first year; a two-year one at the hire.
      const first = requirement.period === "yearly" ? 1 : 0;
      if (!hireDate || requirement.yearBasis === "calendar") {
        const base = hireDate ? yearOf(hireDate) + first : yearOf(today) - (((yearOf(today) % years) + years) % years);
        if (yearOf(today) < base) return { notBefore: january(base) };
        const start = base + Math.floor((yearOf(today) - base) / years) * years;
        return { start: january(start), end: january(start + years), due: addDays(january(start + years), -1) };
      }
      const nth = (k: number) => addMonths(hireDate, 12 * years * k + 12 * first);
      if (today < nth(0)) return { notBefore: nth(0) };
      // The whole periods since the first began, corrected by a step either way for day-of-month clamping.
      let k = Math.floor((yearOf(today) - yearOf(nth(0))) / years);
      while (k > 0 && nth(k) > today) k -= 1;
      while (nth(k + 1) <= today) k += 1;
      return { start: nth(k), end: nth(k + 1), due: addDays(nth(k + 1), -1) };
    }
  }
}

/** Is the entry's date inside the window? */
export function inWindow(window: Pick<TTrainingWindow, "start" | "end">, date: string): boolean {
  return (window.start === null || date >= window.start) && (window.end === null || date < window.end);
}

/** Quarter-hour sums stay exact in binary (0.25 is a power of two), but keep them rounded for display. */
const round = (hours: number) => Math.round(hours * 100) / 100;

/** The progress of one requirement for a person, from their ledger, on `today`. */
export function requirementProgress(
  requirement: TTrainingRequirementLike,
  person: TTraineeLike,
  entries: readonly TTrainingEntryLike[],
  today: string,
): TRequirementProgress {
  const base = { requirementId: requirement.id, name: requirement.name, period: requirement.period };
  const window = trainingWindow(requirement, person.hireDate, today);
  if ("notBefore" in window)
    return {
      ...base,
      state: "not_yet",
      window: { start: window.notBefore, end: null, due: null },
      hours: 0,
      required: requirement.hours,
      parts: requirement.parts.map((p) => ({
        label: p.label,
        hours: 0,
        minHours: p.minHours,
        maxHours: p.maxHours,
        met: false,
      })),
      shortBy: 0,
    };
  const counted = entries.filter(
    (e) => requirement.categories.includes(e.category) && inWindow(window, e.date) && e.date <= today,
  );
  const sum = (list: readonly TTrainingEntryLike[]) => list.reduce((total, e) => total + e.hours, 0);
  const parts = requirement.parts.map((part) => {
    const categories = part.categories.length > 0 ? part.categories : requirement.categories;
    const hours = sum(counted.filter((e) => categories.includes(e.category) && (!part.onlineOnly || e.online)));
    return { part, hours };
  });
  const beyondCaps = parts.reduce(
    (total, { part, hours }) => total + (part.maxHours === undefined ? 0 : Math.max(0, hours - part.maxHours)),
    0,
  );
  const hours = round(Math.max(0, sum(counted) - beyondCaps));
  const partShort = parts.reduce(
    (total, { part, hours: h }) => total + (part.minHours === undefined ? 0 : Math.max(0, part.minHours - h)),
    0,
  );
  const shortBy = round(Math.max(requirement.hours - hours, partShort, 0));
  const met = shortBy === 0;
  const overdue = !met && window.due !== null && today > window.due;
  return {
    ...base,
    state: met ? "met" : overdue ? "overdue" : "short",
    window,
    hours,
    required: requirement.hours,
    parts: parts.map(({ part, hours: h }) => ({
      label: part.label,
      hours: round(h),
      minHours: part.minHours,
      maxHours: part.maxHours,
      met: part.minHours === undefined || h >= part.minHours,
    })),
    shortBy,
  };
}

/** The progress of every requirement that applies to the person, in the requirements' order. */
export function trainingProgress(
  requirements: readonly TTrainingRequirementLike[],
  person: TTraineeLike,
  entries: readonly TTrainingEntryLike[],
  today: string,
): TRequirementProgress[] {
  return requirements
    .filter((requirement) => requirementApplies(requirement, person))
    .map((requirement) => requirementProgress(requirement, person, entries, today));
}

/**
 * May the person work without direct supervision? Yes when every "before working independently"
 * requirement of their position is met (and when none applies); `missing` names those that are not.
 */
export function independence(
  requirements: readonly TTrainingRequirementLike[],
  person: TTraineeLike,
  entries: readonly TTrainingEntryLike[],
  today: string,
): { may: boolean; missing: TRequirementProgress[] } {
  const gates = requirements.filter((r) => r.period === "before_independence");
  const missing = trainingProgress(gates, person, entries, today).filter((p) => p.state !== "met");
  return { may: missing.length === 0, missing };
}

/**
 * Hours per calendar year and category, newest year first: the ledger's yearly totals.
 * `online` is the part of the year's hours taken online.
 */
export function hoursByYear(
  entries: readonly TTrainingEntryLike[],
): { year: number; total: number; online: number; byCategory: Partial<Record<TTrainingCategory, number>> }[] {
  const years = new Map<
    number,
    { total: number; online: number; byCategory: Partial<Record<TTrainingCategory, number>> }
  >();
  for (const entry of entries) {
    const year = yearOf(entry.date);
    const row = years.get(year) ?? { total: 0, online: 0, byCategory: {} };
    row.total = round(row.total + entry.hours);
    if (entry.online) row.online = round(row.online + entry.hours);
    row.byCategory[entry.category] = round((row.byCategory[entry.category] ?? 0) + entry.hours);
    years.set(year, row);
  }
  return [...years].sort(([a], [b]) => b - a).map(([year, row]) => ({ year, ...row }));
}

/**
 * Should the "hours short" reminder show on `today`? When the requirement is overdue, or short within
 * its lead time before the due date. Not for "before working independently" (no date: the schedule and
 * the staff page say it) nor before a yearly requirement begins.
 */
export function trainingReminderDue(progress: TRequirementProgress, leadTimeDays: number, today: string): boolean {
  if (progress.state === "overdue") return true;
  if (progress.state !== "short" || progress.window.due === null) return false;
  return today >= addDays(progress.window.due, -leadTimeDays);
}

/** A staff member as the staff reminders need them. */
export interface TStaffReminderSubject extends TTraineeLike {
  id: string;
  /** Their home facility, where their file is kept and the reminder shows. */
  facilityId: string;
  /** "Last, First". */
  name: string;
  clearanceStatus: TClearanceStatus;
  clearanceSubmittedDate?: string | undefined;
}

/** What the staff reminders are computed from. */
export interface TStaffRemindersInput {
  today: string;
  /** Staff whose file counts (not terminated, not archived). */
  staff: readonly TStaffReminderSubject[];
  /** Training requirements (empty when the user may not read training). */
  requirements: readonly TTrainingRequirementLike[];
  /** The staff's ledger entries, at least those of the last two years. */
  entries: readonly (TTrainingEntryLike & { staffId: string })[];
  /** Days a submitted Live Scan may wait for its decision before a reminder. */
  clearanceReminderDays: number;
}

/** The key of a requirement's "hours short" reminder: each period (its due date) is a new occurrence. */
export function trainingKey(staffId: string, requirementId: string, due: string): string {
  return `training|${staffId}|${requirementId}|${due}`;
}

/** The key of a Live Scan reminder: a new submission is a new occurrence. */
export function clearanceKey(staffId: string, submitted: string | undefined): string {
  return `clearance|${staffId}|${submitted ?? "none"}`;
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hour" : "hours"}`;

/**
 * Staff reminders, without their snooze state (deriveReminders applies it): training hours short within
 * a requirement's lead time of its due date (or overdue), a Live Scan never submitted for someone
 * working, and one submitted more than `clearanceReminderDays` ago without a decision.
 */
export function staffReminders(input: TStaffRemindersInput): Omit<TDerivedReminder, "state">[] {
  const { today } = input;
  const entriesOf = new Map<string, (TTrainingEntryLike & { staffId: string })[]>();
  for (const entry of input.entries) entriesOf.set(entry.staffId, [...(entriesOf.get(entry.staffId) ?? []), entry]);
  const out: Omit<TDerivedReminder, "state">[] = [];
  for (const person of input.staff) {
    const link = { type: "staff" as const, id: person.id };
    const about = { facilityId: person.facilityId, name: person.name, link };
    for (const requirement of input.requirements) {
      if (!requirementApplies(requirement, person)) continue;
      const progress = requirementProgress(requirement, person, entriesOf.get(person.id) ?? [], today);
      if (!trainingReminderDue(progress, requirement.leadTimeDays, today) || progress.window.due === null) continue;
      out.push({
        key: trainingKey(person.id, requirement.id, progress.window.due),
        kind: "training-short",
        title: `${requirement.name}: ${hoursText(progress.shortBy)} short — ${person.name}`,
        detail: `${progress.state === "overdue" ? "Was due" : "Due"} by ${progress.window.due}`,
        // Listed from the lead time before, due on the requirement's own last day.
        dueDate: progress.window.due,
        ...about,
      });
    }
    if (person.clearanceStatus === "not_started") {
      out.push({
        key: clearanceKey(person.id, undefined),
        kind: "clearance-pending",
        title: `Live Scan not submitted — ${person.name}`,
        detail: "Not to be present in the home until cleared or exempted",
        dueDate: person.hireDate && person.hireDate < today ? person.hireDate : today,
        ...about,
      });
    } else if (person.clearanceStatus === "submitted" && person.clearanceSubmittedDate) {
      const due = addDays(person.clearanceSubmittedDate, input.clearanceReminderDays);
      if (today >= due)
        out.push({
          key: clearanceKey(person.id, person.clearanceSubmittedDate),
          kind: "clearance-pending",
          title: `Live Scan pending since ${person.clearanceSubmittedDate} — ${person.name}`,
          detail: `No decision ${input.clearanceReminderDays} days after submission`,
          dueDate: due,
          ...about,
        });
    }
  }
  return out;
}
