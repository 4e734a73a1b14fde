/**
 * Asks before a form with unsaved changes is left: a link or Back inside the portal opens "Leave
 * without saving?", closing or reloading the tab gets the browser's own question. While the form is
 * saving nothing is asked (a save ends by moving on to the saved record).
 */
import { useEffect } from "react";
import { useBlocker } from "react-router-dom";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Keep editing"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>The changes on this form are not saved yet. If you leave now, they are lost.</p>
    </ConfirmDialog>
  );
}
