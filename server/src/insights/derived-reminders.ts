/**
 * Derived reminders (InsightsPort.derivedReminders): missing and expiring documents, reappraisals due
 * and rent past due in the facilities the caller may see, with their snoozes and waivers applied,
 * answered as groups with counts and one page of items. Computed next to the data by the shared rules
 * of @care/core; nothing is stored.
 */
import type { TRemindersAnswer, TRemindersQuery } from "@care/core/ports/insights.port";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { insightsScope } from "./insights-scope.ts";
import { queryDerivedReminders } from "./insights.queries.ts";

export async function derivedReminders(
  database: Database,
  caller: TCaller,
  query: TRemindersQuery,
): Promise<TRemindersAnswer> {
  const user = requireUser(caller);
  const scope = await insightsScope(database, user, query.facilityId);
  return queryDerivedReminders(database.prisma, scope, user, query);
}
