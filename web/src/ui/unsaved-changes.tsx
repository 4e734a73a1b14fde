/**
 * Asks before a form with unsaved changes is left: a link inside the portal (menu, tabs, Cancel) opens
 * "Leave without saving?", closing or reloading the tab gets the browser's own question. While the form
 * is saving nothing is asked (a save ends by moving on to the saved record).
 *
 * Links are held by one click listener in the capture phase, before the router sees them: React
 * Router's blocking needs its data router, which would add about 16 KB to every first load.
 */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** The in-portal address a plain left click on this element would open, if it is a link elsewhere. */
function heldLink(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return undefined;
  if (link.target && link.target !== "_self") return undefined;
  const to = new URL(link.href);
  if (to.origin !== window.location.origin) return undefined;
  if (to.pathname === window.location.pathname && to.search === window.location.search) return undefined;
  return `${to.pathname}${to.search}${to.hash}`;
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | undefined>();

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const hold = (event: MouseEvent) => {
      const to = heldLink(event);
      if (to === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener("beforeunload", ask);
    document.addEventListener("click", hold, true);
    return () => {
      window.removeEventListener("beforeunload", ask);
      document.removeEventListener("click", hold, true);
    };
  }, [when]);

  return (
    <ConfirmDialog
      open={pending !== undefined}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Keep editing"
      danger
      onConfirm={() => {
        setPending(undefined);
        if (pending !== undefined) void navigate(pending);
      }}
      onCancel={() => setPending(undefined)}
    >
      <p>The changes on this form are not saved yet. If you leave now, they are lost.</p>
    </ConfirmDialog>
  );
}
