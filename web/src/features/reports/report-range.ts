/**
 * A report's date range as the address carries it (`?from=2026-01-01&to=2026-03-31`, so a report can
 * be bookmarked, shared and printed as shown) and the usual choices: this month, last month, the last
 * three or twelve months, this year and last year. Without a range in the address: the last twelve months.
 */
import { format } from "date-fns";
import { ZDateOnly } from "@care/core/common.schema";
import { addDays, addMonths } from "@care/core/rules/date-only.rules";

export const RANGE_PRESETS = [
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
  { id: "last-3-months", label: "Last 3 months" },
  { id: "last-12-months", label: "Last 12 months" },
  { id: "this-year", label: "This year" },
  { id: "last-year", label: "Last year" },
] as const;
export type TRangePreset = (typeof RANGE_PRESETS)[number]["id"];

export interface TRange {
  from: string;
  to: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The range a preset names on `today`. */
export function presetRange(preset: TRangePreset, today: string): TRange {
  const month = firstOfMonth(today);
  const year = today.slice(0, 4);
  switch (preset) {
    case "this-month":
      return { from: month, to: today };
    case "last-month":
      return { from: addMonths(month, -1), to: addDays(month, -1) };
    case "last-3-months":
      return { from: addMonths(month, -2), to: today };
    case "last-12-months":
      return { from: addMonths(month, -11), to: today };
    case "this-year":
      return { from: `${year}-01-01`, to: today };
    case "last-year":
      return { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` };
  }
}

/** The preset a range is, on `today`, if any (the choice then shows it). */
export function presetOf(range: TRange, today: string): TRangePreset | "" {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p.id, today);
      return r.from === range.from && r.to === range.to;
    })?.id ?? ""
  );
}

/**
 * The range in the address: its days when they are dates, the last twelve months otherwise; `unreadable`
 * names what was not a date (a mistyped or cut link), which the page says once.
 */
export function rangeFromAddress(search: URLSearchParams, today: string): TRange & { unreadable: string[] } {
  const fallback = presetRange("last-12-months", today);
  const unreadable: string[] = [];
  const read = (name: "from" | "to") => {
    const value = search.get(name);
    if (value === null) return fallback[name];
    if (ZDateOnly.safeParse(value).success) return value;
    unreadable.push(value);
    return fallback[name];
  };
  return { from: read("from"), to: read("to"), unreadable };
}

/** A calendar day as a local Date for formatting (any year: `new Date(y, …)` reads 0–99 as 1900–1999). */
function asDate(date: string): Date {
  const day = new Date(2000, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10) || "1"));
  day.setFullYear(Number(date.slice(0, 4)));
  return day;
}

/** "Jan 1, 2026 – Mar 31, 2026". */
export function rangeText(range: TRange): string {
  return `${format(asDate(range.from), "MMM d, yyyy")} – ${format(asDate(range.to), "MMM d, yyyy")}`;
}

/** "Jan 2026" for a month (`YYYY-MM`) on a chart's axis and in a table. */
export function monthShort(month: string): string {
  return format(asDate(month), "MMM yyyy");
}

/** "Mar 31, 2026". */
export function dayText(date: string): string {
  return format(asDate(date), "MMM d, yyyy");
}
