/**
 * The state of a list page's controls: the search box (what is typed, and the debounced text the query
 * uses), the filters, the sort, whether anything narrows the list, and clearing it all.
 */
import { useState } from "react";
import { useDebounced } from "./use-debounced.ts";

export type TListState<F extends Record<string, string>, S> = ReturnType<typeof useListState<F, S>>;

export function useListState<F extends Record<string, string>, S>(initialFilters: F, initialSort: S) {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText).trim();
  const [filters, setFilters] = useState(initialFilters);
  const [orderBy, setOrderBy] = useState(initialSort);
  return {
    searchText,
    setSearchText,
    /** The search text once typing has paused, trimmed. */
    search,
    filters,
    setFilter: <K extends keyof F>(key: K, value: F[K]) => setFilters((current) => ({ ...current, [key]: value })),
    orderBy,
    setOrderBy,
    /** A search or a filter narrows the list. */
    filtered: Boolean(search) || Object.entries(filters).some(([key, value]) => value !== initialFilters[key]),
    clear: () => {
      setSearchText("");
      setFilters(initialFilters);
    },
  };
}
