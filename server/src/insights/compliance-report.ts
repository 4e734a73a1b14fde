/**
 * Compliance per person and facility (InsightsPort.compliance): for each resident, staff member and
 * facility the caller may see, which required documents are complete, missing, expiring or expired.
 * Computed next to the data by the shared rules of @care/core over narrow reads. A summary is not a
 * view of any one record, so no audit row is written.
 */
import type { TComplianceQuery, TComplianceReport } from "@care/core/ports/insights.port";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { insightsScope } from "./insights-scope.ts";
import { queryComplianceReport } from "./insights.queries.ts";

export async function complianceReport(
  database: Database,
  caller: TCaller,
  query: TComplianceQuery,
): Promise<TComplianceReport> {
  const user = requireUser(caller);
  const scope = await insightsScope(database, user, query.facilityId);
  return queryComplianceReport(database.prisma, scope, user, query);
}
