/**
 * What every report is asked: a date range, one home or every home the user may see, and the viewer's
 * today (figures "now" and the end of a range still to come are taken on that day). Checked the same
 * way by every backend, so a reversed or too long range is the same VALIDATION error everywhere.
 */
import { z } from "zod";
import { validationError } from "../app-error.ts";
import { ZDateOnly, ZId } from "../common.schema.ts";
import { monthsBetween } from "../rules/rent.rules.ts";

/** The longest range a report covers, in calendar months. */
export const MAX_REPORT_MONTHS = 36;

export const ZReportQuery = z
  .object({
    /** One home; every home the user may see when absent. */
    facilityId: ZId.optional(),
    from: ZDateOnly,
    to: ZDateOnly,
    /** The viewer's calendar date. */
    today: ZDateOnly,
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: "custom", path: ["to"], message: "The end cannot be before the start" });
    else if (monthsBetween(q.from, q.to).length > MAX_REPORT_MONTHS)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `A report covers at most ${MAX_REPORT_MONTHS} months`,
      });
  });
export type TReportQuery = z.output<typeof ZReportQuery>;
export type TReportQueryInput = z.input<typeof ZReportQuery>;

/** The report query, checked; VALIDATION with field messages otherwise. */
export function parseReportQuery(raw: unknown): TReportQuery {
  const parsed = ZReportQuery.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, "Check the report's dates.");
  return parsed.data;
}

/** The last day the range counts: its end, or today when the range reaches into the future. */
export function lastCountedDay(query: Pick<TReportQuery, "to" | "today">): string {
  return query.to < query.today ? query.to : query.today;
}

/** What every report reads of a home: its name, beds and the day its records in the portal begin. */
export interface TReportHomeInput {
  id: string;
  name: string;
  licensedCapacity?: number | null | undefined;
  /** The home's go-live date: its reports count from then. Null or absent: no limit. */
  goLiveDate?: string | null | undefined;
}

/** A home's go-live date in a report's answer (null: counted from the range's start). */
export const ZGoLiveDate = z.string().nullable();

/** The first day a report counts a home: the range's start, or the home's go-live date when later. */
export function liveFrom(home: Pick<TReportHomeInput, "goLiveDate">, from: string): string {
  return home.goLiveDate && home.goLiveDate > from ? home.goLiveDate : from;
}

/** A home as the reports name it. */
export const ZReportHome = z.object({ facilityId: ZId, name: z.string() });

/** Homes in the order every report lists them: by name, then id (the same on every backend). */
export function byHomeName<T extends { name: string; id: string }>(homes: readonly T[]): T[] {
  return [...homes].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
}
