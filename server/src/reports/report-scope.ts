/**
 * What every report use case starts with: the caller may open the report, the query is sound, and the
 * homes it covers (the one asked for, NOT_FOUND when out of reach, or every home the caller may see)
 * with their names, capacity and go-live date, read in one plain SQL query.
 */
import type { TSessionUser } from "@care/core/ports/auth.port";
import { parseReportQuery, type TReportQuery } from "@care/core/reports/report-query.schema";
import { assertCanOpenReport, type TReportKind } from "@care/core/reports/reports";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { insightsScope } from "../insights/insights-scope.ts";

export interface TReportHome {
  id: string;
  name: string;
  licensedCapacity: number | null;
  timeZone: string;
  /** The day the home's reports count from; null: no limit. */
  goLiveDate: string | null;
}

export interface TReportScope {
  user: TSessionUser;
  query: TReportQuery;
  /** The homes' ids, for `= ANY($n)`. */
  ids: string[];
  homes: TReportHome[];
}

export async function reportScope(
  database: Database,
  caller: TCaller,
  kind: TReportKind,
  raw: unknown,
): Promise<TReportScope> {
  const user = assertCanOpenReport(requireUser(caller), kind);
  const query = parseReportQuery(raw);
  const scope = await insightsScope(database, user, query.facilityId);
  const homes = await sqlRows<TReportHome>(
    database.prisma,
    `SELECT "id", "name", "licensedCapacity", "timeZone", "goLiveDate" FROM "facilities"
     WHERE "archivedAt" IS NULL ${scope === null ? "" : `AND "id" = ANY($1)`} ORDER BY "name", "id"`,
    scope === null ? [] : [scope],
  );
  return { user, query, ids: homes.map((h) => h.id), homes };
}
