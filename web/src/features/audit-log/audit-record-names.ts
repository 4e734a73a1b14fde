/**
 * The names of the records the audit log's page names ("Okafor, Margaret" for a resident's row rather
 * than its id), read for the rows shown in one list per collection (by id, archived records too; at
 * most 30 ids a request), for their names only: the lookups are not audited as views of those records
 * (the page itself is the look). A record removed since, or one the viewer may not read, keeps its id.
 */
import { MAX_IN_VALUES } from "@care/core/list-query";
import { collections, isCollectionName, type TCollectionName, type TRecordOf } from "@care/core/registry";
import { canReadCollection } from "@care/core/rules/access.rules";
import { recordName } from "@care/core/rules/record-name.rules";
import type { DataPort } from "@care/core/ports/data.port";
import { useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";

type TAuditRow = Pick<TRecordOf<"auditLog">, "collection" | "recordId">;

/** The key of a record in the answer: `residents/r1`. */
export function recordKey(collection: string, id: string): string {
  return `${collection}/${id}`;
}

/** The ids each collection's rows name, of the collections the viewer may read (the audit log's own rows aside). */
export function namedRecords(
  rows: readonly TAuditRow[],
  mayRead: (name: TCollectionName) => boolean,
): [TCollectionName, string[]][] {
  const ids = new Map<TCollectionName, Set<string>>();
  for (const { collection, recordId } of rows) {
    if (!collection || !recordId || !isCollectionName(collection) || collection === "auditLog") continue;
    if (!mayRead(collection)) continue;
    const set = ids.get(collection) ?? new Set<string>();
    set.add(recordId);
    ids.set(collection, set);
  }
  return [...ids].map(([collection, set]) => [collection, [...set].sort()]);
}

/** Reads the names: one list per collection (per 30 ids). */
export async function readRecordNames(
  data: DataPort,
  wanted: readonly [TCollectionName, string[]][],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const reads = wanted.flatMap(([collection, ids]) =>
    Array.from({ length: Math.ceil(ids.length / MAX_IN_VALUES) }, async (_, i) => {
      const chunk = ids.slice(i * MAX_IN_VALUES, (i + 1) * MAX_IN_VALUES);
      const page = await data.list(collection, {
        where: { id: chunk },
        includeArchived: true,
        limit: chunk.length,
        purpose: "names",
      });
      for (const record of page.items) {
        const name = recordName(record as Record<string, unknown>);
        if (name) names.set(recordKey(collection, record.id), name);
      }
    }),
  );
  await Promise.all(reads);
  return names;
}

/** The names of the records `rows` name, by `recordKey`; empty while loading or when they cannot be read. */
export function useAuditRecordNames(rows: readonly TAuditRow[]): ReadonlyMap<string, string> {
  const session = useSession();
  const wanted = namedRecords(rows, (name) => !!session && canReadCollection(session, collections[name]));
  const query = usePortQuery(["audit-record-names", wanted], ({ data }) => readRecordNames(data, wanted), {
    reads: wanted.map(([collection]) => collection),
    enabled: wanted.length > 0,
    quiet: ["FORBIDDEN", "NOT_FOUND", "VALIDATION"],
  });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, string> = new Map();
