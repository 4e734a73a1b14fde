/**
 * How the medical pages read the data port: residents a page at a time (active ones first), then
 * their entries with a few batched `in` queries (at most 30 ids each) rather than one per resident.
 */
import { listAll } from "@care/core/list-all";
import { MAX_IN_VALUES, MAX_PAGE_SIZE, type TFilterValue, type TListQuery } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { TCollectionName, TRecordOf } from "@care/core/registry";
import { RESIDENT_STATUSES } from "@care/core/collections/residents.collection";
import {
  chunk,
  recentSince,
  summarizeByResident,
  type TMedicalSummary,
  type TVitalsRecord,
} from "./medical-summary.ts";

/** The records of `collection` for all the residents, in batches of ids the `in` filter accepts. */
async function listForResidents<N extends TCollectionName>(
  data: DataPort,
  collection: N,
  residentIds: readonly string[],
  query: Omit<TListQuery, "where"> = {},
  enough?: (page: TRecordOf<N>[]) => boolean,
): Promise<TRecordOf<N>[]> {
  const batches = await Promise.all(
    chunk(residentIds, MAX_IN_VALUES).map((ids) =>
      listAll(data, collection, { ...query, where: { residentId: ids as TFilterValue[] } }, enough),
    ),
  );
  return batches.flat();
}

/**
 * The latest vitals of each resident: one newest-first page per batch of ids covers everyone recorded
 * lately; only residents missing from it cost a query of their own (one record).
 */
async function latestVitals(data: DataPort, residentIds: readonly string[]): Promise<TVitalsRecord[]> {
  const firstPages = await Promise.all(
    chunk(residentIds, MAX_IN_VALUES).map((ids) =>
      data.list("vitals", {
        where: { residentId: ids },
        orderBy: { field: "recordedAt", direction: "desc" },
        limit: MAX_PAGE_SIZE,
      }),
    ),
  );
  const found = firstPages.flatMap((page) => page.items);
  const seen = new Set(found.map((v) => v.residentId));
  // A batch whose page was full may hold residents whose latest entry is older than that page.
  const missing = chunk(residentIds, MAX_IN_VALUES).flatMap((ids, i) =>
    firstPages[i]?.nextCursor ? ids.filter((id) => !seen.has(id)) : [],
  );
  const older = await Promise.all(
    missing.map((id) =>
      data.list("vitals", {
        where: { residentId: id },
        orderBy: { field: "recordedAt", direction: "desc" },
        limit: 1,
      }),
    ),
  );
  return [...found, ...older.flatMap((page) => page.items)];
}

/** The summary of each resident's medical record for the Medical Records list. */
export async function loadMedicalSummaries(
  data: DataPort,
  residentIds: readonly string[],
  now: Date,
): Promise<Map<string, TMedicalSummary>> {
  if (residentIds.length === 0) return new Map();
  const since = recentSince(now);
  const [vitals, medications, allergies, incidents] = await Promise.all([
    latestVitals(data, residentIds),
    listForResidents(data, "medications", residentIds),
    listForResidents(data, "allergies", residentIds),
    listForResidents(data, "incidents", residentIds, { orderBy: { field: "occurredAt", direction: "desc" } }, (page) =>
      page.some((i) => i.occurredAt < since),
    ),
  ]);
  return summarizeByResident(residentIds, { vitals, medications, allergies, incidents }, now);
}

/** Where a list of residents continues: which group of statuses, and the cursor within it. */
export interface TResidentsCursor {
  phase: number;
  cursor: string | null;
}

/** Active residents first, then everyone else; each group sorted by last name. */
const STATUS_PHASES: readonly TFilterValue[][] = [["active"], RESIDENT_STATUSES.filter((s) => s !== "active")];

export const RESIDENTS_PAGE_SIZE = 25;

/**
 * One page of the facility's residents ("" = all facilities the user may see) matching `search`,
 * active ones first. `next` is null when there are no more.
 */
export async function loadResidentsPage(
  data: DataPort,
  facilityId: string,
  search: string,
  from: TResidentsCursor = { phase: 0, cursor: null },
  pageSize = RESIDENTS_PAGE_SIZE,
): Promise<{ items: TRecordOf<"residents">[]; next: TResidentsCursor | null }> {
  const items: TRecordOf<"residents">[] = [];
  let { phase, cursor } = from;
  while (phase < STATUS_PHASES.length && items.length < pageSize) {
    const statuses = STATUS_PHASES[phase] as TFilterValue[];
    const page = await data.list("residents", {
      where: { ...(facilityId ? { facilityId } : {}), status: statuses.length === 1 ? statuses[0]! : statuses },
      ...(search.trim() ? { search: search.trim() } : {}),
      orderBy: { field: "lastName", direction: "asc" },
      limit: pageSize - items.length,
      ...(cursor ? { cursor } : {}),
    });
    items.push(...page.items);
    if (page.nextCursor) cursor = page.nextCursor;
    else {
      phase += 1;
      cursor = null;
    }
  }
  return { items, next: phase < STATUS_PHASES.length ? { phase, cursor } : null };
}
