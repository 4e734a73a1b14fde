/**
 * Settings › Users: adding a user (`/settings/users/add`: the one-time password is shown once, then
 * the user's page) and a user's page (`/settings/users/:id`): their details and last sign-in, editing
 * role, facilities and staff record, resetting the password (a new one-time password, their sessions
 * end), deactivating (their sessions end at once) and reactivating. One's own page offers none of
 * role, facilities, status or password reset: another administrator changes those.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { TUserInvite } from "@care/core/collections/users.collection";
import type { TOneTimePassword } from "@care/core/ports/auth.port";
import { listName } from "@care/core/rules/person-name.rules";
import { useFacilityScope, zoneOf } from "../../lib/facility-scope.ts";
import { paths } from "../../lib/paths.ts";
import { useAuth, useData, useSession } from "../../lib/ports.tsx";
import { useRecord } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate, RecordNotFound } from "../../ui/record-gate.tsx";
import { SheetGrid, SheetItem } from "../../ui/record-sheet.tsx";
import { OneTimePassword } from "./one-time-password.tsx";
import { UserForm } from "./user-form.tsx";
import { useRoles } from "./use-roles.ts";
import {
  ACTIVE_LABELS,
  facilitiesText,
  OWN_ACCESS_NOTE,
  signInText,
  userName,
  type TUserRecord,
} from "./user-format.ts";
import "./settings.css";

export function AddUserPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [selected] = useSelectedFacility();
  const { facilityId, facilities } = useFacilityScope();
  const { timeZone } = zoneOf(facilities, facilityId);
  const [issued, setIssued] = useState<TOneTimePassword | null>(null);
  return (
    <article className="settings-page" aria-labelledby="page-title">
      <PageHeader
        title="Add user"
        intro="The portal makes a one-time password for the new account. You see it once, here; it works for one sign-in within 72 hours, where the person chooses their own."
      />
      {issued ? (
        <OneTimePassword
          email={issued.user.email}
          password={issued.oneTimePassword}
          expiresAt={issued.expiresAt}
          timeZone={timeZone}
          onDone={() => navigate(paths.settings.user.href(issued.user.id))}
        />
      ) : (
        <UserForm
          // The home chosen in the header, never every home by default: "All facilities" is a choice.
          initial={{ email: "", role: "caregiver", facilityIds: selected ? [selected] : [] }}
          submitLabel="Add user"
          cancelTo={paths.settings.users.href()}
          onSubmit={async (values) => {
            const created = await auth.createUser(values);
            toast.success(`${created.user.email} was added.`);
            setIssued(created);
          }}
        />
      )}
    </article>
  );
}

export function UserPage() {
  const { id = "" } = useParams();
  const state = useRecord("users", id);
  return (
    <RecordGate
      state={state}
      notFound={
        <RecordNotFound title="User not found" back={{ label: "Users", to: paths.settings.users.href() }}>
          This account does not exist, or it may see facilities beyond yours.
        </RecordNotFound>
      }
    >
      {(user) => <UserSheet key={`${user.id}-${user.version}`} user={user} />}
    </RecordGate>
  );
}

function UserSheet({ user }: { user: TUserRecord }) {
  const auth = useAuth();
  const data = useData();
  const session = useSession();
  const { nameOf, facilityId, facilities } = useFacilityScope();
  const { timeZone } = zoneOf(facilities, facilityId);
  const { nameOf: nameOfRole } = useRoles();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<"reset" | "active" | null>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<TOneTimePassword | null>(null);
  const self = session?.id === user.id;

  const resetPassword = async () => {
    setBusy(true);
    try {
      setIssued(await auth.resetPassword(user.id));
      setAsking(null);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const toggleActive = async () => {
    setBusy(true);
    try {
      const saved = await data.update("users", user.id, { active: !user.active }, user.version);
      toast.success(`${saved.email} was ${saved.active ? "reactivated" : "deactivated"}.`);
      setAsking(null);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async (values: TUserInvite) => {
    const saved = await data.update(
      "users",
      user.id,
      {
        email: values.email,
        displayName: values.displayName ?? null,
        // One's own role and facilities are not on the form: they are left as they are.
        ...(self ? {} : { role: values.role, facilityIds: values.facilityIds ?? null }),
        staffId: values.staffId ?? null,
      },
      user.version,
    );
    toast.success(`${saved.email} was saved.`);
    setEditing(false);
  };

  return (
    <article className="settings-page" aria-labelledby="page-title">
      <PageHeader
        title={userName(user)}
        intro={user.displayName ? user.email : undefined}
        actions={
          !editing && (
            <>
              <button type="button" className="button" onClick={() => setEditing(true)}>
                Edit
              </button>
              {!self && (
                <>
                  <button type="button" className="button button--secondary" onClick={() => setAsking("reset")}>
                    Reset password
                  </button>
                  <button
                    type="button"
                    className={user.active ? "button button--danger" : "button button--secondary"}
                    onClick={() => setAsking("active")}
                  >
                    {user.active ? "Deactivate" : "Reactivate"}
                  </button>
                </>
              )}
            </>
          )
        }
      />
      {issued && (
        <OneTimePassword
          email={user.email}
          password={issued.oneTimePassword}
          expiresAt={issued.expiresAt}
          timeZone={timeZone}
          onDone={() => setIssued(null)}
        />
      )}
      {editing ? (
        <UserForm
          initial={{
            email: user.email,
            displayName: user.displayName,
            role: user.role,
            facilityIds: user.facilityIds,
            staffId: user.staffId,
          }}
          own={self}
          submitLabel="Save"
          cancelTo={paths.settings.user.href(user.id)}
          onSubmit={save}
        />
      ) : (
        <section className="card">
          <SheetGrid>
            <SheetItem label="E-mail">{user.email}</SheetItem>
            <SheetItem label="Role">{nameOfRole(user.role)}</SheetItem>
            <SheetItem label="Facilities">{facilitiesText(user.facilityIds, nameOf)}</SheetItem>
            <SheetItem label="Status">
              {ACTIVE_LABELS[String(user.active) as "true" | "false"]}
              {user.mustChangePassword ? " (has not yet replaced the one-time password)" : ""}
            </SheetItem>
            <SheetItem label="Last sign-in">{signInText(user.lastSignInAt, timeZone)}</SheetItem>
            <SheetItem label="Staff record">{user.staffId ? <StaffLink id={user.staffId} /> : "Not linked"}</SheetItem>
          </SheetGrid>
          {self && (
            <p className="settings-page__note">
              This is your own account: change your password under My account. {OWN_ACCESS_NOTE}
            </p>
          )}
        </section>
      )}
      <ConfirmDialog
        open={asking === "reset"}
        title="Reset password?"
        confirmLabel="Reset password"
        busy={busy}
        onConfirm={resetPassword}
        onCancel={() => setAsking(null)}
      >
        <p>
          {user.email} gets a new one-time password, shown to you once. Their current password stops working and they
          are signed out everywhere at once.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === "active"}
        title={user.active ? "Deactivate this user?" : "Reactivate this user?"}
        confirmLabel={user.active ? "Deactivate" : "Reactivate"}
        danger={user.active}
        busy={busy}
        onConfirm={toggleActive}
        onCancel={() => setAsking(null)}
      >
        <p>
          {user.active
            ? `${user.email} is signed out everywhere at once and cannot sign in until reactivated. Their records and history stay.`
            : `${user.email} may sign in again with their password.`}
        </p>
      </ConfirmDialog>
    </article>
  );
}

function StaffLink({ id }: { id: string }) {
  const { record } = useRecord("staff", id);
  return <Link to={paths.staff.detail.href(id)}>{record ? listName(record) : "Staff record"}</Link>;
}
