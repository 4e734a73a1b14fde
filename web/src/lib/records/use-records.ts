/**
 * The data hooks every page reads through (react-admin's `useGetOne` / `useGetList` over one provider):
 * one record, one page of a list with its count and cursor pages, a list shown a page at a time
 * ("Show more"), a whole (small) list, and any other read composed from the ports. Each is a query of
 * the one records cache, so a write anywhere refreshes what it shows.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  type QueryKey,
  type UseQueryResult,
} from "@tanstack/react-query";
import { useState } from "react";
import { isAppError, type TErrorCode } from "@care/core/app-error";
import { listAll } from "@care/core/list-all";
import { MAX_PAGE_SIZE, type TListQuery, type TPage } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import type { TCollectionName, TRecordOf } from "@care/core/registry";
import { useData, useFiles, useInsights } from "../ports.tsx";
import { recordsKey } from "./records-client.ts";

/** The ports a composed read may use. */
export interface TReadPorts {
  data: DataPort;
  insights: InsightsPort;
  files: FilePort;
}

export interface TPortQueryOptions {
  /** The collections the answer is computed from: a write to any of them refreshes it. */
  reads: readonly TCollectionName[];
  /** Wait (e.g. for another query's answer) while false. */
  enabled?: boolean;
  /** Keep showing the previous answer while a new key loads (paging, typing a search). */
  keepPrevious?: boolean;
  /** Error codes the page shows itself instead of a toast. */
  quiet?: readonly TErrorCode[];
}

/**
 * Any read composed from the ports (several lists, an insight, a file's description), cached under
 * `key`. Use the specific hooks below where they fit.
 */
export function usePortQuery<T>(
  key: QueryKey,
  read: (ports: TReadPorts) => Promise<T>,
  options: TPortQueryOptions,
): UseQueryResult<T> {
  const data = useData();
  const insights = useInsights();
  const files = useFiles();
  return useQuery({
    queryKey: key,
    queryFn: () => read({ data, insights, files }),
    meta: { reads: options.reads, ...(options.quiet ? { quiet: options.quiet } : {}) },
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

export interface TRecordState<T> {
  /** The record once loaded. */
  record: T | undefined;
  /** It does not exist, or is out of the user's facilities. */
  missing: boolean;
  /** Neither loaded nor missing yet (and not failed for another reason). */
  loading: boolean;
}

/**
 * One record by id; NOT_FOUND is `missing` (the page says so), any other failure a toast. An empty id
 * (an optional link not set) asks nothing and stays `loading: false` without a record.
 */
export function useRecord<N extends TCollectionName>(collection: N, id: string): TRecordState<TRecordOf<N>> {
  const data = useData();
  const query = useQuery({
    queryKey: recordsKey(collection, "get", id),
    queryFn: () => data.get(collection, id),
    meta: { quiet: ["NOT_FOUND"] },
    enabled: id !== "",
  });
  if (id === "") return { record: undefined, missing: false, loading: false };
  const missing = isAppError(query.error) && query.error.code === "NOT_FOUND";
  return { record: query.data, missing, loading: query.isPending && !query.isError };
}

/** A whole list (every page), for short lists. */
export function useAllRecords<N extends TCollectionName>(
  collection: N,
  query: Omit<TListQuery, "cursor" | "limit"> = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<TRecordOf<N>[]> {
  const data = useData();
  return useQuery({
    queryKey: recordsKey(collection, "all", query),
    queryFn: () => listAll(data, collection, query),
    enabled: options.enabled ?? true,
  });
}

/** The Previous / Next / page-size controls of a cursor-paged list (what DataTable's `pagination` takes). */
export interface TPagination {
  pageNumber: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onPageSizeChange: (size: number) => void;
}

/**
 * Cursor pages of a list: the cursors of the pages already visited (keyset cursors only point forward,
 * so Previous goes back through them), the page size, and back to the first page whenever `queryKey`
 * (the filters, search and sort) changes.
 */
export function useCursorPages(queryKey: string, initialPageSize: number) {
  const [state, setState] = useState({ key: queryKey, stack: [undefined] as (string | undefined)[] });
  const [pageSize, setSize] = useState(initialPageSize);
  const stack = state.key === queryKey ? state.stack : [undefined];
  return {
    cursor: stack[stack.length - 1],
    pageNumber: stack.length,
    pageSize,
    next: (cursor: string) => setState({ key: queryKey, stack: [...stack, cursor] }),
    previous: () => setState({ key: queryKey, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
    setPageSize: (size: number) => {
      setSize(size);
      setState({ key: queryKey, stack: [undefined] });
    },
  };
}

export interface TRecordList<T> {
  /** The records of the page shown (the previous page's while the next one loads). */
  items: T[];
  loading: boolean;
  /** How many records the filters match, once counted (null while unknown or when counting failed). */
  total: number | null;
  pagination: TPagination;
  /** Every record the filters match, a large page at a time (for the CSV export). */
  exportPage: (cursor: string | undefined) => Promise<TPage<T>>;
}

/**
 * What a list page adds to each record of a page before showing it (a resident's balance and document
 * status), read with the page so that a row appears whole.
 */
export interface TRowExtras<T, R> {
  /** The collections the extras are read from. */
  reads: readonly TCollectionName[];
  /**
   * The rows of a page of records. On `screen` a failing source may be reported and its column left
   * empty; for an `export` it must fail instead, so no file is written with gaps.
   */
  rows: (items: T[], ports: TReadPorts, use: "screen" | "export") => Promise<R[]>;
}

/**
 * One page of a list at a time, by cursor, with the number of records the filters match: the list pages
 * (All Residents, Staff Directory, Facilities). `query` holds the filters, search and sort.
 */
export function useRecordList<N extends TCollectionName, R = TRecordOf<N>>(
  collection: N,
  query: Omit<TListQuery, "cursor" | "limit">,
  /** `enabled: false` asks nothing (a page showing another list for now keeps its state). */
  options: { pageSize?: number; extras?: TRowExtras<TRecordOf<N>, R>; enabled?: boolean } = {},
): TRecordList<R> {
  const data = useData();
  const insights = useInsights();
  const files = useFiles();
  const queryHash = JSON.stringify(query);
  const pages = useCursorPages(queryHash, options.pageSize ?? 25);
  const { extras } = options;
  const page = useQuery({
    queryKey: recordsKey(collection, "page", query, pages.pageSize, pages.cursor ?? null, extras ? "rows" : "records"),
    queryFn: async (): Promise<TPage<R>> => {
      const records = await data.list(collection, {
        ...query,
        limit: pages.pageSize,
        ...(pages.cursor ? { cursor: pages.cursor } : {}),
      });
      if (!extras) return records as unknown as TPage<R>;
      return {
        items: await extras.rows(records.items, { data, insights, files }, "screen"),
        nextCursor: records.nextCursor,
      };
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...(extras ? { meta: { reads: extras.reads } } : {}),
  });
  const countQuery = {
    ...(query.where ? { where: query.where } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.includeArchived ? { includeArchived: true } : {}),
    ...(query.range ? { range: query.range } : {}),
  };
  const count = useQuery({
    queryKey: recordsKey(collection, "count", countQuery),
    queryFn: () => data.count(collection, countQuery),
    enabled: options.enabled ?? true,
    // The list says what failed; a missing count only hides the number.
    meta: { quiet: ["VALIDATION", "UNAVAILABLE", "INTERNAL", "FORBIDDEN"] },
  });
  const nextCursor = page.data?.nextCursor ?? null;
  async function exportPage(cursor: string | undefined): Promise<TPage<R>> {
    const records = await data.list(collection, {
      ...query,
      limit: MAX_PAGE_SIZE,
      purpose: "export",
      ...(cursor ? { cursor } : {}),
    });
    if (!extras) return records as unknown as TPage<R>;
    return {
      items: await extras.rows(records.items, { data, insights, files }, "export"),
      nextCursor: records.nextCursor,
    };
  }
  return {
    exportPage,
    items: page.data?.items ?? [],
    loading: page.isFetching,
    total: count.data ?? null,
    pagination: {
      pageNumber: pages.pageNumber,
      pageSize: pages.pageSize,
      hasPrevious: pages.pageNumber > 1,
      hasNext: nextCursor !== null,
      onPrevious: pages.previous,
      onNext: () => {
        if (nextCursor !== null) pages.next(nextCursor);
      },
      onPageSizeChange: pages.setPageSize,
    },
  };
}

/**
 * A list already in hand (records a page computed, e.g. the open referrals whose follow-up is due) shown
 * as a list page shows a server list: a page at a time, counted, exported whole.
 */
export function useArrayList<T>(items: readonly T[], loading: boolean, initialPageSize = 25): TRecordList<T> {
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [pageNumber, setPageNumber] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const shown = Math.min(pageNumber, pages);
  return {
    items: items.slice((shown - 1) * pageSize, shown * pageSize),
    loading,
    total: loading ? null : items.length,
    pagination: {
      pageNumber: shown,
      pageSize,
      hasPrevious: shown > 1,
      hasNext: shown < pages,
      onPrevious: () => setPageNumber(shown - 1),
      onNext: () => setPageNumber(shown + 1),
      onPageSizeChange: (size) => {
        setPageSize(size);
        setPageNumber(1);
      },
    },
    exportPage: () => Promise.resolve({ items: [...items], nextCursor: null }),
  };
}

export interface TShownRecords<T> {
  /** Every record loaded so far, in order. */
  items: T[];
  loading: boolean;
  /** More records follow: `showMore` loads the next page. */
  hasMore: boolean;
  showMore: () => void;
}

/** A list shown a page at a time with a "Show more" button (a resident's history, medical entries). */
export function useShownRecords<N extends TCollectionName>(
  collection: N,
  query: Omit<TListQuery, "cursor" | "limit">,
  pageSize: number,
): TShownRecords<TRecordOf<N>> {
  const data = useData();
  const pages = useInfiniteQuery({
    queryKey: recordsKey(collection, "shown", query, pageSize),
    queryFn: ({ pageParam }) =>
      data.list(collection, { ...query, limit: pageSize, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    items: pages.data?.pages.flatMap((p) => p.items) ?? [],
    loading: pages.isFetching,
    hasMore: pages.hasNextPage,
    showMore: () => void pages.fetchNextPage(),
  };
}

/**
 * Any list shown a page at a time and read by the page's own rule (e.g. active residents first, each
 * page with its medical summaries): `load(ports, from)` answers one page and where the next one starts.
 */
export function useShownPages<T, C>(
  key: QueryKey,
  load: (ports: TReadPorts, from: C | undefined) => Promise<{ items: T[]; next: C | null }>,
  options: Pick<TPortQueryOptions, "reads"> & {
    /** The first page, already read with another answer at `updatedAt`: shown at once, not asked again. */
    initial?: { page: { items: T[]; next: C | null }; updatedAt: number };
  },
): TShownRecords<T> {
  const data = useData();
  const insights = useInsights();
  const files = useFiles();
  const pages = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load({ data, insights, files }, pageParam as C | undefined),
    initialPageParam: undefined as C | undefined,
    getNextPageParam: (last: { next: C | null }) => last.next ?? undefined,
    ...(options.initial
      ? {
          initialData: { pages: [options.initial.page], pageParams: [undefined] },
          initialDataUpdatedAt: options.initial.updatedAt,
          refetchOnMount: false,
        }
      : {}),
    meta: { reads: options.reads },
  });
  return {
    items: pages.data?.pages.flatMap((p) => p.items) ?? [],
    loading: pages.isFetching,
    hasMore: pages.hasNextPage,
    showMore: () => void pages.fetchNextPage(),
  };
}
