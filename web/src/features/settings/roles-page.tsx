/**
 * Settings → Roles: the group's roles, each a named set of permissions per area (none / read / write)
 * and of actions (discharging a resident, recording a death…), edited here and applied to their users'
 * next request. The Administrator role keeps every permission and action;
 * a role given to a user cannot be removed. Only users who see every home may change roles.
 */
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import {
  ACCESS_LEVEL_LABELS,
  ACCESS_LEVELS,
  ADMINISTRATOR_ROLE_ID,
  AREA_LABELS,
  AREAS,
  permissionsAt,
  ZRole,
  type TPermissions,
  type TRole,
} from "@care/core/collections/roles.collection";
import { collections } from "@care/core/registry";
import { canWriteCollection } from "@care/core/rules/access.rules";
import { useData, useSession } from "../../lib/ports.tsx";
import { reportError } from "../../lib/report-error.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RoleActionsFields } from "./role-actions-fields.tsx";
import { useRoles, type TRoleRecord } from "./use-roles.ts";
import "./settings.css";

type TErrors = Partial<Record<"name" | "description" | "permissions" | "actions", string>>;

/** A role's id from its name: "Night nurse" → "night-nurse" (ids stay when the role is renamed). */
function roleIdOf(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "role";
}

function errorsOf(error: unknown): TErrors | null {
  if (!isAppError(error) || !error.fields) return null;
  const fields = error.fields;
  const known: TErrors = {
    ...(fields.name ? { name: fields.name } : {}),
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields.permissions || fields.id ? { permissions: fields.permissions ?? fields.id } : {}),
    ...(fields.actions ? { actions: fields.actions } : {}),
  };
  return Object.keys(known).length > 0 ? known : null;
}

function RoleForm({
  initial,
  locked,
  mayChange,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TRole;
  /** The Administrator role: its permissions are shown, not edited. */
  locked: boolean;
  mayChange: boolean;
  submitLabel: string;
  onSubmit: (role: TRole) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<TRole>(initial);
  const [errors, setErrors] = useState<TErrors>({});
  const [saving, setSaving] = useState(false);
  const setLevel = (area: keyof TPermissions, level: TPermissions[keyof TPermissions]) =>
    setValues({ ...values, permissions: { ...values.permissions, [area]: level } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZRole.safeParse(values);
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof TErrors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fields = errorsOf(error);
      if (fields) setErrors(fields);
      else reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="role-form" onSubmit={submit} noValidate>
      <div className="role-form__fields">
        <FormField
          label="Name"
          name="name"
          required
          value={values.name}
          error={errors.name}
          disabled={!mayChange}
          onChange={(e) => setValues({ ...values, name: (e.target as HTMLInputElement).value })}
        />
        <FormField
          kind="textarea"
          rows={3}
          label="Description"
          name="description"
          value={values.description ?? ""}
          error={errors.description}
          disabled={!mayChange}
          onChange={(e) => setValues({ ...values, description: (e.target as HTMLTextAreaElement).value || undefined })}
        />
      </div>
      <table className="role-form__matrix">
        <caption className="visually-hidden">Permissions of {values.name || "the role"}</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Permission</th>
          </tr>
        </thead>
        <tbody>
          {AREAS.map((area) => (
            <tr key={area}>
              <th scope="row">{AREA_LABELS[area]}</th>
              <td>
                {locked || !mayChange ? (
                  // A permission that cannot be changed here reads as text, not as a greyed-out control.
                  <span className="role-form__level">{ACCESS_LEVEL_LABELS[values.permissions[area]]}</span>
                ) : (
                  <select
                    aria-label={`${AREA_LABELS[area]} permission`}
                    value={values.permissions[area]}
                    onChange={(e) => setLevel(area, e.target.value as TPermissions[typeof area])}
                  >
                    {ACCESS_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {ACCESS_LEVEL_LABELS[level]}
                      </option>
                    ))}
                  </select>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.permissions && (
        <p className="form-field__error" role="alert">
          {errors.permissions}
        </p>
      )}
      <RoleActionsFields
        roleName={values.name}
        actions={values.actions}
        editable={!locked && mayChange}
        error={errors.actions}
        onChange={(actions) => setValues({ ...values, actions })}
      />
      {locked && <p className="form-field__hint">The Administrator role always has every permission and action.</p>}
      {mayChange && (
        <div className="form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving..." : submitLabel}
          </button>
          {onCancel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      )}
    </form>
  );
}

function RoleCard({ role, mayChange }: { role: TRoleRecord; mayChange: boolean }) {
  const data = useData();
  const [removing, setRemoving] = useState(false);
  const locked = role.id === ADMINISTRATOR_ROLE_ID;
  return (
    <section className="card role-card" aria-labelledby={`role-${role.id}`}>
      <h2 id={`role-${role.id}`} className="role-card__title">
        {role.name}
      </h2>
      <RoleForm
        key={role.version}
        initial={{
          name: role.name,
          description: role.description,
          permissions: role.permissions,
          actions: role.actions ?? [],
        }}
        locked={locked}
        mayChange={mayChange}
        submitLabel="Save role"
        onSubmit={async (values) => {
          await data.update("roles", role.id, values, role.version);
          toast.success(`${values.name} was saved. It applies from its users' next click.`);
        }}
      />
      {mayChange && !locked && (
        <p>
          <button type="button" className="button button--danger" onClick={() => setRemoving(true)}>
            Remove role
          </button>
        </p>
      )}
      {removing && (
        <ConfirmDialog
          open
          danger
          title={`Remove ${role.name}?`}
          confirmLabel="Remove role"
          onCancel={() => setRemoving(false)}
          onConfirm={async () => {
            try {
              await data.remove("roles", role.id, role.version);
              toast.success(`${role.name} was removed.`);
            } catch (error) {
              reportError(error);
            } finally {
              setRemoving(false);
            }
          }}
        >
          A role still given to a user cannot be removed: give them another role first.
        </ConfirmDialog>
      )}
    </section>
  );
}

export function RolesPage() {
  const data = useData();
  const session = useSession();
  const { roles } = useRoles();
  const [adding, setAdding] = useState(false);
  const mayChange = Boolean(session && canWriteCollection(session, collections.roles));
  return (
    <article className="settings-page settings-page--wide" aria-labelledby="page-title">
      <PageHeader
        title="Roles"
        intro="A role is what its users may see and change, area by area, and the resident actions they may take (discharge, record a death, transfer, archive, change code status). The defaults shipped with the portal are a starting point: review them for your group. A change applies from each user's next click."
      />
      {!mayChange && (
        <p className="card">Roles belong to the whole group: only a user who sees every home may change them.</p>
      )}
      {mayChange &&
        (adding ? (
          <section className="card role-card" aria-labelledby="new-role">
            <h2 id="new-role" className="role-card__title">
              New role
            </h2>
            <RoleForm
              initial={{ name: "", description: undefined, permissions: permissionsAt("none"), actions: [] }}
              locked={false}
              mayChange
              submitLabel="Add role"
              onCancel={() => setAdding(false)}
              onSubmit={async (values) => {
                await data.create("roles", values, { id: roleIdOf(values.name) });
                toast.success(`${values.name} was added. Give it to users under Users.`);
                setAdding(false);
              }}
            />
          </section>
        ) : (
          <p>
            <button type="button" className="button" onClick={() => setAdding(true)}>
              Add a role
            </button>
          </p>
        ))}
      {roles.map((role) => (
        <RoleCard key={role.id} role={role} mayChange={mayChange} />
      ))}
    </article>
  );
}
