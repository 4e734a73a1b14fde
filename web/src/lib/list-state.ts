/**
 * The state of a list page's controls: the search box (what is typed, and the debounced text the query
 * uses), the filters, the sort, whether anything narrows the list, and clearing it all. The search and
 * the filters are also kept in the address (`?q=…&status=…`), so a reload, the Back button after opening
 * a record, or a shared link shows the same narrowed list; what the address says is taken only when it
 * is one of a filter's choices. The controls themselves answer from local state, so typing never waits
 * for the router.
 */
import { useEffect, useState } from "react";
import { useDebounced } from "./use-debounced.ts";
import { useSearchState } from "./use-search-state.ts";

export type TListState<F extends Record<string, string>, S> = ReturnType<typeof useListState<F, S>>;

/** Each filter's possible values, or "any" for an id the list simply finds nothing for when unknown. */
export type TFilterChoices<F extends Record<string, string>> = { [K in keyof F]: readonly F[K][] | "any" };

/** The address parameter of the search box. */
const SEARCH_PARAM = "q";

/** The filters the address names (valid choices only), over `initial`. */
export function filtersFromAddress<F extends Record<string, string>>(
  params: URLSearchParams,
  initial: F,
  choices: TFilterChoices<F>,
): F {
  const filters: Record<string, string> = { ...initial };
  for (const key of Object.keys(initial)) {
    const value = params.get(key);
    const allowed = choices[key as keyof F];
    if (value !== null && (allowed === "any" || (allowed as readonly string[]).includes(value))) filters[key] = value;
  }
  return filters as F;
}

/** The address with `key` set to `value`, or without it when it is the default. */
function withParam(current: URLSearchParams, key: string, value: string, initial: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value === initial) next.delete(key);
  else next.set(key, value);
  return next;
}

export function useListState<F extends Record<string, string>, S>(
  initialFilters: F,
  initialSort: S,
  choices: TFilterChoices<F>,
) {
  const [params, updateParams] = useSearchState();
  const [searchText, setSearchText] = useState(() => params.get(SEARCH_PARAM) ?? "");
  const search = useDebounced(searchText).trim();
  const [filters, setFilters] = useState(() => filtersFromAddress(params, initialFilters, choices));
  const [orderBy, setOrderBy] = useState(initialSort);
  // The search reaches the address once typing pauses (one address change per search, not per key).
  useEffect(() => {
    updateParams((current) => withParam(current, SEARCH_PARAM, search, ""));
  }, [search, updateParams]);
  return {
    searchText,
    setSearchText,
    /** The search text once typing has paused, trimmed. */
    search,
    filters,
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      updateParams((current) => withParam(current, String(key), value, initialFilters[key] as string));
    },
    orderBy,
    setOrderBy,
    /** A search or a filter narrows the list. */
    filtered: Boolean(search) || Object.entries(filters).some(([key, value]) => value !== initialFilters[key]),
    clear: () => {
      setSearchText("");
      setFilters(initialFilters);
      updateParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of [SEARCH_PARAM, ...Object.keys(initialFilters)]) next.delete(key);
        return next;
      });
    },
  };
}
