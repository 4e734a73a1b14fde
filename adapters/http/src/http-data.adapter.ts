/**
 * DataPort over the server's generated collection routes (docs/http-api.md). The server checks every
 * list query against the registry (the same check, with the same messages, as the other backends), so
 * this adapter does not load the registry's schemas: the first page a browser loads stays small.
 */
import type { TListFilters, TListQuery, TPage } from "@care/core/list-query";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import type { TCollectionName, TInputOf, TPatchOf, TRecordOf } from "@care/core/registry";
import type { TTransferRequest, TTransferResult } from "@care/core/rules/transfer.rules";
import type { HttpClient, TQueryValue } from "./http-client.ts";

function collectionPath(collection: TCollectionName): string {
  return `/${encodeURIComponent(collection)}`;
}

function recordPath(collection: TCollectionName, id: string): string {
  return `${collectionPath(collection)}/${encodeURIComponent(id)}`;
}

/** The query string of a list or count request: `where` as JSON, `sort` as `field:direction`, the range as `from`/`to`. */
export function listQueryParams(query: TListQuery = {}, forCount = false): Record<string, TQueryValue> {
  const params: Record<string, TQueryValue> = {};
  if (query.where && Object.keys(query.where).length > 0) params.where = JSON.stringify(query.where);
  const search = query.search?.trim();
  if (search) params.search = search;
  if (query.includeArchived) params.includeArchived = true;
  if (query.range?.from) params.from = query.range.from;
  if (query.range?.to) params.to = query.range.to;
  if (forCount) return params;
  // The server fills the collection's default sort and page size.
  if (query.orderBy) params.sort = `${query.orderBy.field}:${query.orderBy.direction}`;
  if (query.limit !== undefined) params.limit = query.limit;
  if (query.cursor) params.cursor = query.cursor;
  if (query.purpose) params.purpose = query.purpose;
  return params;
}

export class HttpDataAdapter implements DataPort {
  constructor(private readonly http: HttpClient) {}

  async list<N extends TCollectionName>(collection: N, query?: TListQuery): Promise<TPage<TRecordOf<N>>> {
    return this.http.request<TPage<TRecordOf<N>>>("GET", collectionPath(collection), {
      query: listQueryParams(query),
    });
  }

  async count<N extends TCollectionName>(collection: N, query?: TListFilters): Promise<number> {
    const body = await this.http.request<{ count: number }>("GET", `${collectionPath(collection)}/count`, {
      query: listQueryParams(query, true),
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

  async transfer(request: TTransferRequest): Promise<TTransferResult> {
    return this.http.request<TTransferResult>("POST", "/transfers", { json: request });
  }
}
