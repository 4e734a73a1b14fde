/**
 * Settings › My account (`/settings/account`), for every signed-in user: who they are in the portal
 * (e-mail, name, role, facilities), changing their password, and signing out of every other session.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useAuth, useSession } from "../../lib/ports.tsx";
import { reportError } from "../../lib/report-error.ts";
import { ChangePasswordForm } from "../../ui/change-password-form.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { SheetGrid, SheetItem } from "../../ui/record-sheet.tsx";
import { facilitiesText } from "./user-format.ts";
import "./settings.css";

export function AccountPage() {
  const auth = useAuth();
  const session = useSession();
  const { nameOf } = useFacilityScope();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!session) return null;

  const signOutOthers = async () => {
    setBusy(true);
    try {
      await auth.signOutOtherSessions();
      toast.success("Your other sessions were signed out.");
      setAsking(false);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="settings-page" aria-labelledby="page-title">
      <PageHeader
        title="My account"
        intro="Your account in the portal. An administrator changes your role and homes."
      />
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <SheetGrid>
          <SheetItem label="E-mail">{session.email}</SheetItem>
          <SheetItem label="Name">{session.displayName ?? "—"}</SheetItem>
          <SheetItem label="Role">{session.roleName}</SheetItem>
          <SheetItem label="Facilities you may see">{facilitiesText(session.facilityIds, nameOf)}</SheetItem>
        </SheetGrid>
      </section>
      <section className="card" aria-labelledby="password-title">
        <h2 id="password-title">Change password</h2>
        <p className="settings-page__note">Your other sessions are signed out when you change it.</p>
        <ChangePasswordForm onChanged={() => toast.success("Your password was changed.")} />
      </section>
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Other sessions</h2>
        <p>
          Signed in on another computer or phone and not sure you signed out? End every other session now; this one
          stays.
        </p>
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          Sign out of every other session
        </button>
      </section>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere else?"
        confirmLabel="Sign out other sessions"
        busy={busy}
        onConfirm={signOutOthers}
        onCancel={() => setAsking(false)}
      >
        <p>Every other browser and device signed in as {session.email} is signed out at once. This one stays.</p>
      </ConfirmDialog>
    </article>
  );
}
