/**
 * How the residents pages read the ports: the list query from the page's filters, the balance due of a
 * page of residents from their rent accounts (batched: at most 30 ids per `in` filter), and their
 * document compliance from the insights port (at most 100 ids per question).
 */
import { MAX_IN_VALUES, type TListQuery } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { InsightsPort, TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TResidentStatus } from "@care/core/collections/residents.collection";

export interface TResidentFilters {
  /** Selected facility id, "" = every facility the user may see. */
  facilityId: string;
  status: TResidentStatus | "";
  search: string;
  orderBy: { field: "lastName" | "admissionDate" | "room"; direction: "asc" | "desc" };
}

export function residentsQuery(filters: TResidentFilters, limit: number, cursor?: string): TListQuery {
  const where: Record<string, string> = {};
  if (filters.facilityId) where.facilityId = filters.facilityId;
  if (filters.status) where.status = filters.status;
  const search = filters.search.trim();
  return {
    where,
    orderBy: filters.orderBy,
    limit,
    ...(search ? { search } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Balance due in cents per resident id (residents without a rent account are left out). */
export async function balancesOf(data: DataPort, residentIds: readonly string[]): Promise<Map<string, number>> {
  const batches: string[][] = [];
  for (let i = 0; i < residentIds.length; i += MAX_IN_VALUES) batches.push(residentIds.slice(i, i + MAX_IN_VALUES));
  const pages = await Promise.all(
    batches.map((ids) => data.list("rentAccounts", { where: { residentId: ids }, limit: MAX_IN_VALUES })),
  );
  const balances = new Map<string, number>();
  for (const page of pages) for (const account of page.items) balances.set(account.residentId, account.balanceCents);
  return balances;
}

/** How many subjects one compliance question may name. */
const MAX_COMPLIANCE_IDS = 100;

/**
 * Document compliance per resident id on `today` (residents whose paperwork no longer counts, e.g.
 * discharged ones, are left out by the rules).
 */
export async function complianceOf(
  insights: InsightsPort,
  residentIds: readonly string[],
  today: string,
): Promise<Map<string, TSubjectCompliance>> {
  const batches: string[][] = [];
  for (let i = 0; i < residentIds.length; i += MAX_COMPLIANCE_IDS)
    batches.push(residentIds.slice(i, i + MAX_COMPLIANCE_IDS));
  const reports = await Promise.all(
    batches.map((subjectIds) => insights.compliance({ subject: "resident", subjectIds, today })),
  );
  const byId = new Map<string, TSubjectCompliance>();
  for (const report of reports) for (const s of report.subjects) byId.set(s.subjectId, s);
  return byId;
}
