/**
 * Reads the session again on every page change after the first, and when the tab is shown again, so an
 * administrator's change to the user's role, its permissions or their homes shows in the menus and pages
 * from the user's next click (the server applies it to their next request anyway), and a session ended
 * elsewhere (signed out in another tab, deactivated) lands on the sign-in page.
 */
import { useEffect, useRef } from "react";
import { useAuth } from "../../lib/ports.tsx";

export function useSessionRefresh(pathname: string): void {
  const auth = useAuth();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void auth.refresh();
  }, [auth, pathname]);
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === "visible") void auth.refresh();
    };
    document.addEventListener("visibilitychange", shown);
    return () => document.removeEventListener("visibilitychange", shown);
  }, [auth]);
}
