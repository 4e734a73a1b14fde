/** How the rota reads: duties, issue severities, days and weeks, a week's status. */
import type { TShiftDuty } from "@care/core/collections/schedules.collection";
import { addDays } from "@care/core/rules/date-only.rules";
import type { TIssueSeverity } from "@care/core/rules/schedule.rules";

export const DUTY_LABELS: Record<TShiftDuty, string> = {
  awake: "Awake",
  on_call_premises: "On call on the premises",
  on_call_nearby: "On call nearby (10 minutes)",
};

/** The short mark a shift block shows for its duty. */
export const DUTY_MARKS: Record<TShiftDuty, string> = {
  awake: "",
  on_call_premises: "on call",
  on_call_nearby: "on call nearby",
};

export const SEVERITY_LABELS: Record<TIssueSeverity, string> = {
  error: "Errors",
  warning: "Warnings",
  coverage: "Coverage",
};

const DAY = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
const LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Mon, Nov 23". */
export function dayLabel(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** "Week of November 23, 2026 – November 29, 2026" as the page's heading words. */
export function weekLabel(weekStart: string): string {
  return `${LONG.format(new Date(`${weekStart}T00:00:00Z`))} – ${LONG.format(new Date(`${addDays(weekStart, 6)}T00:00:00Z`))}`;
}

/** The seven dates of a week. */
export function daysOf(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

/**
 * A time as people type it ("9:00", "7am", "1930", "7:30 pm") as the `HH:MM` the rota stores; anything
 * else is returned as typed, for the form to refuse beside the field.
 */
export function normalizeTime(text: string): string {
  const match =
    /^(\d{1,2})(?::?(\d{2}))?\s*([ap])\.?m?\.?$/i.exec(text.trim()) ?? /^(\d{1,2}):?(\d{2})?()$/.exec(text.trim());
  if (!match) return text;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? "0");
  const half = match[3]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return text;
    hour = (hour % 12) + (half === "p" ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return text;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** What a week's answer is computed from: a write to any of them changes it. */
export const WEEK_READS = [
  "shifts",
  "staff",
  "residents",
  "trainingEntries",
  "trainingRequirements",
  "facilities",
] as const;

/** "1 shift", "12 shifts". */
export function shiftCount(n: number): string {
  return `${n} ${n === 1 ? "shift" : "shifts"}`;
}

/** "Published: 12 shifts.", "Draft: 3 of 12 shifts not published — …", or what an empty week means. */
export function weekStatusText(shifts: number, drafts: number, mayEditWeek: boolean): string {
  if (shifts === 0) return mayEditWeek ? "No shifts this week." : "Nothing published for this week yet.";
  if (drafts === 0) return `Published: ${shiftCount(shifts)}.`;
  return drafts < shifts
    ? `Published, with ${drafts} of ${shifts} shifts not yet published — staff see only published shifts.`
    : `Draft: ${drafts} of ${shifts} shifts not published — staff see only published shifts.`;
}

/**
 * The End field's hint as the times are typed: the shift's length on the wall clock, and the next
 * morning when it ends at or before its start — so "09:00–08:00" reads as the 23-hour shift it is.
 */
export function shiftLengthHint(start: string, end: string): string {
  const minutes = (time: string) => {
    const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
    return Number(match[1]) * 60 + Number(match[2]);
  };
  const from = minutes(start);
  const to = minutes(end);
  // A time that is no time of day ("25:99") has its own message beside its field: no length to tell.
  if ((start.trim() && from === null) || (end.trim() && to === null)) return "";
  if (from === null || to === null || from === to) return "Earlier than the start: the next morning (a night shift).";
  const length = (to - from + 24 * 60) % (24 * 60);
  const whole = Math.floor(length / 60);
  const hours = length % 60 ? `${whole} h ${length % 60} min` : `${whole} hour${whole === 1 ? "" : "s"}`;
  if (to > from) return `${hours} long.`;
  return `Ends the next morning: ${hours} long${length > 12 * 60 ? " — check the times" : ""}.`;
}
