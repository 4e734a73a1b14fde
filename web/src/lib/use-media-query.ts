/**
 * Whether a CSS media query matches now, following changes (a window resized, a phone turned): for the
 * few choices CSS alone cannot make, such as where a component library places its toasts.
 */
import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
