/**
 * After a navigation inside the portal, focus moves to the new page's heading (`#page-title`), so a
 * screen reader announces the page and the next Tab starts in it rather than in the menu that was
 * used. Pages load lazily, so the heading is waited for. Focus a page placed itself (a form's first
 * field) is left where it is; the first page of a visit keeps the browser's own focus.
 */
import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router-dom";

/** How long a page may take to show its heading before focus is left alone. */
const WAIT_MS = 10_000;

export function usePageFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const area = main.current;
    if (!area) return;
    const focusHeading = (): boolean => {
      const heading = area.querySelector<HTMLElement>("#page-title");
      if (!heading) return false;
      const active = document.activeElement;
      const placed = active && active !== document.body && active.isConnected && area.contains(active);
      if (!placed) {
        if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    // The effect runs once the new page is on screen; its heading may still be loading.
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(area, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, main]);
}
