/**
 * How the residents pages read the ports: the list query from the page's filters, and the balance due of
 * a page of residents from their rent accounts (batched: at most 30 ids per `in` filter).
 */
import { MAX_IN_VALUES, type TListQuery } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import { inBatches } from "../../lib/compliance.ts";

export interface TResidentFilters {
  /** Selected facility id, "" = every facility the user may see. */
  facilityId: string;
  status: TResidentStatus | "";
  search: string;
  orderBy: { field: "lastName" | "admissionDate" | "room"; direction: "asc" | "desc" };
}

/** The list query of the filters (without page size and cursor). */
export function residentsQuery(filters: TResidentFilters): Omit<TListQuery, "limit" | "cursor"> {
  const where: Record<string, string> = {};
  if (filters.facilityId) where.facilityId = filters.facilityId;
  if (filters.status) where.status = filters.status;
  const search = filters.search.trim();
  return { where, orderBy: filters.orderBy, ...(search ? { search } : {}) };
}

/** Balance due in cents per resident id (residents without a rent account are left out). */
export async function balancesOf(data: DataPort, residentIds: readonly string[]): Promise<Map<string, number>> {
  const pages = await Promise.all(
    inBatches(residentIds, MAX_IN_VALUES).map((ids) =>
      data.list("rentAccounts", { where: { residentId: ids }, limit: MAX_IN_VALUES }),
    ),
  );
  const balances = new Map<string, number>();
  for (const page of pages) for (const account of page.items) balances.set(account.residentId, account.balanceCents);
  return balances;
}
