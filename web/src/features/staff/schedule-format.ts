/** How the rota reads: duties, issue severities, days and weeks. */
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
