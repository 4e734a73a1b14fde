/**
 * How the residents pages read the ports: the list query from the page's filters, the balance due of
 * a page of residents from their rent accounts, and their stays from their history events (both
 * batched: at most 30 ids per `in` filter, never one read per resident).
 */
import { MAX_IN_VALUES, type TListQuery } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import { listAll } from "@care/core/list-all";
import type { TRecordOf } from "@care/core/registry";
import { residentStays, type TStayPeriod } from "@care/core/rules/stays.rules";
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

/**
 * Every stay of each resident of a page (rules/stays.rules.ts), from the history events of the page's
 * residents read together: one query per 30 residents, as the face sheet derives them one by one.
 */
export async function staysOf(
  data: DataPort,
  residents: readonly TRecordOf<"residents">[],
): Promise<Map<string, TStayPeriod[]>> {
  const batches = await Promise.all(
    inBatches(
      residents.map((r) => r.id),
      MAX_IN_VALUES,
    ).map((ids) => listAll(data, "residentEvents", { where: { residentId: ids } })),
  );
  const eventsOf = new Map<string, TRecordOf<"residentEvents">[]>();
  for (const event of batches.flat())
    eventsOf.set(event.residentId, [...(eventsOf.get(event.residentId) ?? []), event]);
  return new Map(residents.map((r) => [r.id, residentStays(r, eventsOf.get(r.id) ?? [])]));
}
