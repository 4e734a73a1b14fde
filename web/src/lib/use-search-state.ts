/**
 * Page state kept in the address's query (filters, a date range), so a reload or a shared link shows the
 * same view. Each change builds on the address as it is now, not on the parameters of the last render:
 * react-router renders a new address in a transition, so two changes in quick succession (pick a user,
 * then type a record id) would otherwise each start from the same old parameters and the second would
 * undo the first.
 */
import { useCallback } from "react";
import { createSearchParams, useSearchParams } from "react-router-dom";

export function useSearchState(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams | Record<string, string>) => void,
] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams | Record<string, string>) => {
      // The router writes the address synchronously and renders later, so the address is the latest state.
      const current = new URLSearchParams(window.location.search);
      const next = createSearchParams(change(current));
      // An unchanged query is no navigation (it would drop the history entry's state for nothing).
      if (next.toString() !== current.toString()) setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, update];
}
