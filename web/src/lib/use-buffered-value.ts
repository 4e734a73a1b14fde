/**
 * A text or date field whose value lives in the address (an audit-log filter, a report's range): the
 * field keeps what is typed and hands it on once typing pauses. Reading the field straight from the
 * address loses keys: the router renders a new address later (in a transition), so between two keys
 * the input is reset to an older value, and a date typed digit by digit ("0002-…", "0020-…", "2026-…")
 * would be sent at every step. When the address changes from elsewhere (Clear filters, a link to a
 * record's entries), the field follows it.
 */
import { useEffect, useRef, useState } from "react";
import { useDebounced } from "./use-debounced.ts";

export function useBufferedValue(
  committed: string,
  commit: (value: string) => void,
  ms = 500,
): [string, (value: string) => void] {
  const [value, setValue] = useState(committed);
  // The committed value this field last saw, and the last one it sent.
  const [seen, setSeen] = useState(committed);
  const [sent, setSent] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== sent) {
      setSent(committed);
      setValue(committed);
    }
  }
  const settled = useDebounced(value, ms);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    // Sent once typing has paused (the debounced value caught up with the field) and only if new.
    if (settled !== value || settled === sent) return;
    setSent(settled);
    commitRef.current(settled);
  }, [settled, value, sent]);
  return [value, setValue];
}
