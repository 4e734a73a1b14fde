/**
 * DataPort over the server's generated collection routes (docs/http-api.md). List queries are checked
 * against the registry here first, so a bad query is refused with the same message on every backend
 * without a round trip.
 */
import type { TListQuery, TPage } from "@care/core/list-query";
import { normalizeListQuery } from "@care/core/list-query";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import { getCollection, type TCollectionName, type TInputOf, type TPatchOf, type TRecordOf } from "@care/core/registry";
import type { HttpClient, TQueryValue } from "./http-client.ts";

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

export class HttpDataAdapter implements DataPort {
  constructor(private readonly http: HttpClient) {}

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
    return this.http.request<TRecordOf<N>>("POST", collectionPath(collection), { json: body });
  }

  async update<N extends TCollectionName>(
    collection: N,
    id: string,
    patch: TPatchOf<N>,
    version: number,
  ): Promise<TRecordOf<N>> {
    return this.http.request<TRecordOf<N>>("PATCH", recordPath(collection, id), {
      json: { version, patch },
    });
  }

  async remove(collection: TCollectionName, id: string, version: number): Promise<void> {
    await this.http.request("DELETE", recordPath(collection, id), { query: { version }, read: "none" });
  }

  async commit(ops: TWriteOp[]): Promise<void> {
    await this.http.request("POST", "/commit", { json: { ops }, read: "none" });
  }
}
