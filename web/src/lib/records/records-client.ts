/**
 * The web app's one cache of what it read through the ports (TanStack Query, the same library
 * react-admin builds its data hooks on). Every read is a query keyed by what it asked; every write
 * through the DataPort marks stale the queries that read the collections it touched, so lists, counts
 * and the navigation's reminder badge refresh without a page asking. Pages never load records by hand:
 * they use the hooks beside this file.
 */
import { BILLING_FOLLOWS } from "@care/core/rules/rent.rules";
import { HISTORY_COLLECTIONS } from "@care/core/collections/history-collections";
import { TRANSFER_COLLECTION, TRANSFER_TOUCHES } from "@care/core/rules/transfer-scope";
import { QueryCache, QueryClient, type Query } from "@tanstack/react-query";
import { isAppError, type TErrorCode } from "@care/core/app-error";
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { TCollectionName } from "@care/core/registry";

/** What a query declares about itself, beyond its key. */
export interface TQueryMeta extends Record<string, unknown> {
  /** The collections its answer is computed from (a write to one of them refreshes it). */
  reads?: readonly TCollectionName[];
  /** Errors of these codes are handled by the page (e.g. NOT_FOUND shown as "not found"), not toasted. */
  quiet?: readonly TErrorCode[];
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: TQueryMeta;
  }
}

/**
 * The collections the insights (compliance, derived reminders) are computed from: a write to any of
 * them changes what the insights answer.
 */
export const INSIGHT_READS: readonly TCollectionName[] = [
  "facilities",
  "residents",
  "staff",
  "documentTypes",
  "documents",
  "reminderStates",
  "rentCharges",
  "payments",
  "rentAccounts",
  "trainingRequirements",
  "trainingEntries",
  "portalSettings",
];

/** The key of a DataPort read: `["records", collection, operation, ...arguments]`. */
export function recordsKey(collection: TCollectionName, operation: string, ...args: unknown[]): unknown[] {
  return ["records", collection, operation, ...args];
}

function readsAny(query: Query, names: ReadonlySet<string>): boolean {
  const [scope, collection] = query.queryKey;
  if (scope === "records" && typeof collection === "string" && names.has(collection)) return true;
  return query.meta?.reads?.some((name) => names.has(name)) ?? false;
}

/** Marks stale (and refetches, where shown) every query that read one of these collections. */
export function invalidateCollections(client: QueryClient, collections: Iterable<TCollectionName>): Promise<void> {
  const names = new Set<string>(collections);
  return client.invalidateQueries({ predicate: (query) => readsAny(query, names) });
}

/**
 * The cache. Errors of queries reach the user through `onError` (one toast, in one place) unless the
 * query is `quiet`. No retries: a refused read (NOT_FOUND, FORBIDDEN) will not change by asking again,
 * and the user sees a failed one at once.
 */
export function createRecordsClient(onError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(isAppError(error) && query.meta?.quiet?.includes(error.code))) onError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, gcTime: 5 * 60_000 },
    },
  });
}

/**
 * The DataPort the app uses: the backend's, plus invalidation after every write (of the collections
 * written and of what the backend derives from them) — and after a write refused as stale or missing,
 * since then what the cache holds is out of date too.
 */
export function invalidatingDataPort(data: DataPort, client: QueryClient): DataPort {
  async function writing<T>(written: Iterable<TCollectionName>, write: () => Promise<T>): Promise<T> {
    // What the backend writes after them (balances, the month's charges, the record's history) changes too.
    const collections = [...written].flatMap((name) => [
      name,
      ...(BILLING_FOLLOWS[name] ?? []),
      ...((HISTORY_COLLECTIONS as readonly string[]).includes(name) ? (["recordChanges"] as const) : []),
    ]);
    try {
      const result = await write();
      void invalidateCollections(client, collections);
      return result;
    } catch (error) {
      if (isAppError(error) && (error.code === "CONFLICT" || error.code === "NOT_FOUND"))
        void invalidateCollections(client, collections);
      throw error;
    }
  }
  /** The record a write answered is shown at once by its record page (the refetch follows). */
  function known<T extends { id: string }>(collection: TCollectionName, record: T): T {
    client.setQueryData(recordsKey(collection, "get", record.id), record);
    return record;
  }
  return {
    list: (collection, query) => data.list(collection, query),
    count: (collection, query) => data.count(collection, query),
    get: (collection, id) => data.get(collection, id),
    create: (collection, input, options) =>
      writing([collection], async () => known(collection, await data.create(collection, input, options))),
    update: (collection, id, patch, version) =>
      writing([collection], async () => known(collection, await data.update(collection, id, patch, version))),
    remove: (collection, id, version) => writing([collection], () => data.remove(collection, id, version)),
    commit: (ops) =>
      writing(
        ops.map((op) => op.collection),
        () => data.commit(ops),
      ),
    transfer: (request) =>
      writing([TRANSFER_COLLECTION[request.subject], ...TRANSFER_TOUCHES], async () => {
        const result = await data.transfer(request);
        known(TRANSFER_COLLECTION[request.subject], result.record as never);
        return result;
      }),
  };
}

/**
 * Keeps the cache in step with who is signed in: emptied when nobody is (what one user read is never
 * shown to the next one on this browser), read again when the same session's role, permissions or homes
 * change (counts and lists then follow the new ones). Returns the unsubscribe.
 */
export function followSession(auth: Pick<AuthPort, "onChange">, records: QueryClient): () => void {
  let seen: string | undefined;
  return auth.onChange((session) => {
    const now = session === null ? undefined : JSON.stringify(session);
    if (session === null) records.clear();
    else if (seen !== undefined && now !== seen) void records.invalidateQueries();
    seen = now;
  });
}
