/**
 * Cursor pagination state for a list page: the cursors of the pages already visited (so Previous works
 * with keyset cursors, which only point forward), the page size, and a reset whenever the query changes.
 */
import { useCallback, useState } from "react";
import type { TDataTableProps } from "./data-table.tsx";

export interface TCursorPages {
  /** Cursor of the page being shown (undefined = the first page). */
  cursor: string | undefined;
  /** 1-based number of the page being shown. */
  pageNumber: number;
  pageSize: number;
  hasPrevious: boolean;
  next: (nextCursor: string) => void;
  previous: () => void;
  setPageSize: (size: number) => void;
  /** Back to the first page (call when filters, search or sort change). */
  reset: () => void;
}

export function useCursorPages(initialPageSize = 25): TCursorPages {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  const [pageSize, setSize] = useState(initialPageSize);
  const next = useCallback((nextCursor: string) => setStack((s) => [...s, nextCursor]), []);
  const previous = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const reset = useCallback(() => setStack((s) => (s.length === 1 ? s : [undefined])), []);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setStack([undefined]);
  }, []);
  return {
    cursor: stack[stack.length - 1],
    pageNumber: stack.length,
    pageSize,
    hasPrevious: stack.length > 1,
    next,
    previous,
    setPageSize,
    reset,
  };
}

/** The DataTable's Previous/Next/page-size controls for these pages; `nextCursor` null = the last page. */
export function paginationOf(
  pages: TCursorPages,
  nextCursor: string | null,
): NonNullable<TDataTableProps<unknown>["pagination"]> {
  return {
    pageNumber: pages.pageNumber,
    pageSize: pages.pageSize,
    hasPrevious: pages.hasPrevious,
    hasNext: nextCursor !== null,
    onPrevious: pages.previous,
    onNext: () => {
      if (nextCursor !== null) pages.next(nextCursor);
    },
    onPageSizeChange: pages.setPageSize,
  };
}
