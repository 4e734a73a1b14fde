/** "Today" and month labels in the office's local time zone, as staff read dates on the wall calendar. */
import { format, subMonths } from "date-fns";

/** Today's date here, `YYYY-MM-DD`. */
export function todayLocal(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd");
}

/** This month here, `YYYY-MM`. */
export function currentMonth(now: Date = new Date()): string {
  return format(now, "yyyy-MM");
}

/** Last month here, `YYYY-MM` (the current one is billed without a click). */
export function previousMonth(now: Date = new Date()): string {
  return format(subMonths(now, 1), "yyyy-MM");
}

/** "Apr 2026" for a grid column. */
export function shortMonth(month: string): string {
  return format(new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1), "MMM yyyy");
}

/** "April 2, 2026" for a receipt or ledger line. */
export function longDate(date: string): string {
  return format(
    new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))),
    "MMMM d, yyyy",
  );
}
