/**
 * The audit log page's filters between its address and the list query: each filter is a search
 * parameter (so a record's panel can link to its rows), the days are turned into a time range in the
 * page's time zone (the last day included), and days that cannot form a range are reported by field.
 */
import { ZAuditAction, type TAuditAction } from "@care/core/collections/audit-log.collection";
import type { TListQuery } from "@care/core/list-query";
import { addDays, startOfDayIn } from "@care/core/rules/date-only.rules";
import type { TAuditLogLink } from "../../lib/paths.ts";

/** Every filter of the page; "" = any. */
export type TAuditLogFilters = Required<TAuditLogLink>;

export const FILTER_KEYS = ["user", "action", "type", "record", "facility", "from", "to"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): TAuditLogFilters {
  const value = (key: (typeof FILTER_KEYS)[number]) => (params.get(key) ?? "").trim();
  return {
    user: value("user"),
    action: ZAuditAction.safeParse(value("action")).success ? value("action") : "",
    type: value("type"),
    record: value("record"),
    facility: value("facility"),
    from: DAY.test(value("from")) ? value("from") : "",
    to: DAY.test(value("to")) ? value("to") : "",
  };
}

/** The address's search parameters of these filters (only those set). */
export function paramsOfFilters(filters: TAuditLogFilters): URLSearchParams {
  return new URLSearchParams(FILTER_KEYS.filter((key) => filters[key]).map((key) => [key, filters[key]]));
}

export interface TAuditLogQuery {
  query: Omit<TListQuery, "cursor" | "limit">;
  /** Why the days were left out of the query, by field ("to"). */
  problems: Partial<Record<"to", string>>;
}

/** The list query of the filters, newest first, with the days as a range in `timeZone`. */
export function auditLogQuery(filters: TAuditLogFilters, timeZone: string): TAuditLogQuery {
  const where: Record<string, string> = {};
  if (filters.user) where.actorId = filters.user;
  if (filters.action) where.action = filters.action as TAuditAction;
  if (filters.type) where.collection = filters.type;
  if (filters.record) where.recordId = filters.record;
  if (filters.facility) where.facilityId = filters.facility;
  const problems: TAuditLogQuery["problems"] = {};
  if (filters.from && filters.to && filters.to < filters.from) problems.to = "Must be on or after the first day";
  const range =
    !problems.to && (filters.from || filters.to)
      ? {
          ...(filters.from ? { from: startOfDayIn(filters.from, timeZone) } : {}),
          ...(filters.to ? { to: startOfDayIn(addDays(filters.to, 1), timeZone) } : {}),
        }
      : undefined;
  return {
    query: {
      ...(Object.keys(where).length > 0 ? { where } : {}),
      ...(range ? { range } : {}),
      orderBy: { field: "at", direction: "desc" },
    },
    problems,
  };
}
