/**
 * DataPort over the server's generated collection routes (docs/http-api.md). List queries are checked
 * against the registry here first, so a bad query is refused with the same message on every backend
 * without a round trip. `watch` polls: the server has no push channel, and a list that refreshes
 * every few seconds, on window focus and right after this client's own writes is what staff need.
 */
import type { TListQuery, TPage } from "@care/core/list-query";
import { normalizeListQuery } from "@care/core/list-query";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import { getCollection, type TCollectionName, type TInputOf, type TPatchOf, type TRecordOf } from "@care/core/registry";
import type { HttpClient, TQueryValue } from "./http-client.ts";

export const DEFAULT_WATCH_INTERVAL_MS = 15_000;

export interface THttpDataOptions {
  /** How often a watched list is fetched again; default 15 s. */
  watchIntervalMs?: number;
}

function collectionPath(collection: TCollectionName): string {
  return `/${encodeURIComponent(getCollection(collection).name)}`;
}

function recordPath(collection: TCollectionName, id: string): string {
  return `${collectionPath(collection)}/${encodeURIComponent(id)}`;
}

/** The query string of a list or count request: `where` as JSON, `sort` as `field:direction`. */
export function listQueryParams(
  collection: TCollectionName,
  query: TListQuery = {},
  forCount = false,
): Record<string, TQueryValue> {
  const q = normalizeListQuery(getCollection(collection), query);
  const params: Record<string, TQueryValue> = {};
  if (Object.keys(q.where).length > 0) params.where = JSON.stringify(q.where);
  if (q.search) params.search = q.search;
  if (q.includeArchived) params.includeArchived = true;
  if (forCount) return params;
  params.sort = `${q.orderBy.field}:${q.orderBy.direction}`;
  params.limit = q.limit;
  if (q.cursor) params.cursor = q.cursor;
  return params;
}

interface TWatcher {
  refresh(): void;
}

export class HttpDataAdapter implements DataPort {
  private readonly watchers = new Set<TWatcher>();
  private readonly watchIntervalMs: number;

  constructor(
    private readonly http: HttpClient,
    options: THttpDataOptions = {},
  ) {
    this.watchIntervalMs = options.watchIntervalMs ?? DEFAULT_WATCH_INTERVAL_MS;
  }

  async list<N extends TCollectionName>(collection: N, query?: TListQuery): Promise<TPage<TRecordOf<N>>> {
    return this.http.request<TPage<TRecordOf<N>>>("GET", collectionPath(collection), {
      query: listQueryParams(collection, query),
    });
  }

  async count<N extends TCollectionName>(
    collection: N,
    query?: Pick<TListQuery, "where" | "search" | "includeArchived">,
  ): Promise<number> {
    const body = await this.http.request<{ count: number }>("GET", `${collectionPath(collection)}/count`, {
      query: listQueryParams(collection, query, true),
    });
    return body.count;
  }

  async get<N extends TCollectionName>(collection: N, id: string): Promise<TRecordOf<N>> {
    return this.http.request<TRecordOf<N>>("GET", recordPath(collection, id));
  }

  async create<N extends TCollectionName>(
    collection: N,
    data: TInputOf<N>,
    options?: { id?: string },
  ): Promise<TRecordOf<N>> {
    const body = options?.id === undefined ? { data } : { id: options.id, data };
    const record = await this.http.request<TRecordOf<N>>("POST", collectionPath(collection), { json: body });
    this.refreshWatchers();
    return record;
  }

  async update<N extends TCollectionName>(
    collection: N,
    id: string,
    patch: TPatchOf<N>,
    version: number,
  ): Promise<TRecordOf<N>> {
    const record = await this.http.request<TRecordOf<N>>("PATCH", recordPath(collection, id), {
      json: { version, patch },
    });
    this.refreshWatchers();
    return record;
  }

  async remove(collection: TCollectionName, id: string, version: number): Promise<void> {
    await this.http.request("DELETE", recordPath(collection, id), { query: { version }, read: "none" });
    this.refreshWatchers();
  }

  async commit(ops: TWriteOp[]): Promise<void> {
    await this.http.request("POST", "/commit", { json: { ops }, read: "none" });
    this.refreshWatchers();
  }

  watch<N extends TCollectionName>(
    collection: N,
    query: TListQuery,
    onChange: (page: TPage<TRecordOf<N>>) => void,
    onError: (error: Error) => void,
  ): () => void {
    let stopped = false;
    let inFlight = false;
    let again = false;
    let last: string | undefined;
    let failing = false;

    const refresh = (): void => {
      if (stopped) return;
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      this.list(collection, query)
        .then((page) => {
          failing = false;
          const snapshot = JSON.stringify(page);
          if (!stopped && snapshot !== last) {
            last = snapshot;
            onChange(page);
          }
        })
        .catch((error: unknown) => {
          // One report per outage, not one per poll.
          if (!stopped && !failing) onError(error instanceof Error ? error : new Error(String(error)));
          failing = true;
        })
        .finally(() => {
          inFlight = false;
          if (again) {
            again = false;
            refresh();
          }
        });
    };

    const watcher: TWatcher = { refresh };
    this.watchers.add(watcher);
    // A hidden tab does not poll; it catches up when it is shown or focused again.
    const visible = (): boolean => typeof document === "undefined" || document.visibilityState !== "hidden";
    const onTick = (): void => {
      if (visible()) refresh();
    };
    const timer = setInterval(onTick, this.watchIntervalMs);
    if (typeof window !== "undefined") window.addEventListener("focus", onTick);
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", onTick);
    refresh();

    return () => {
      stopped = true;
      clearInterval(timer);
      if (typeof window !== "undefined") window.removeEventListener("focus", onTick);
      if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onTick);
      this.watchers.delete(watcher);
    };
  }

  /** After this client's own write, watched lists refresh at once instead of at the next poll. */
  private refreshWatchers(): void {
    for (const watcher of this.watchers) watcher.refresh();
  }
}
