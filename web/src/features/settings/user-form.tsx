/**
 * The fields of a user an administrator sets: e-mail, name, role, the facilities they may see (all, or
 * some among the administrator's own) and their staff record. On the administrator's own account the
 * role and facilities are shown as text: nobody changes their own access, another administrator does.
 * Checked with the users schema before it is sent; the backend's field errors (a taken e-mail, a staff
 * record of another home) show beside the fields, and those of a field the form does not offer in one
 * toast.
 */
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { validationError } from "@care/core/app-error";
import { ZUserInvite, type TUserInvite } from "@care/core/collections/users.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import { distinctListNames } from "@care/core/rules/person-name.rules";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { useSession } from "../../lib/ports.tsx";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { formFieldErrors, reportError } from "../../lib/report-error.ts";
import { FormField } from "../../ui/form-field.tsx";
import { SheetGrid, SheetItem } from "../../ui/record-sheet.tsx";
import { facilitiesText, OWN_ACCESS_NOTE } from "./user-format.ts";
import { useRoles } from "./use-roles.ts";

const LABELS = FIELD_LABELS.users;
type TErrors = Partial<Record<keyof TUserInvite | "_", string>>;

/** The fields the form offers: on one's own account, not the role and facilities. */
function offeredFields(own: boolean): (keyof TErrors)[] {
  return own
    ? ["email", "displayName", "staffId", "_"]
    : ["email", "displayName", "role", "facilityIds", "staffId", "_"];
}

export function UserForm({
  initial,
  own = false,
  submitLabel,
  cancelTo,
  onSubmit,
}: {
  initial: TUserInvite;
  /** The signed-in user's own account: role and facilities shown, not offered. */
  own?: boolean;
  submitLabel: string;
  cancelTo: string;
  /** Saves; rejects with the backend's error (shown beside the fields or as one toast). */
  onSubmit: (values: TUserInvite) => Promise<void>;
}) {
  const session = useSession();
  const { roles, nameOf: nameOfRole } = useRoles();
  const { facilities } = useFacilities();
  const limitedTo = session?.facilityIds ?? null;
  const choosable = limitedTo === null ? facilities : facilities.filter((f) => limitedTo.includes(f.id));
  const [values, setValues] = useState<TUserInvite>(initial);
  const [errors, setErrors] = useState<TErrors>({});
  const [saving, setSaving] = useState(false);
  const all = values.facilityIds === null || values.facilityIds === undefined;
  const chosen = values.facilityIds ?? [];
  const staff = useAllRecords("staff", all ? {} : { where: { facilityId: chosen.length > 0 ? chosen : ["-"] } });
  /** Changes fields and clears their messages (a corrected field no longer says what was wrong). */
  const set = (patch: Partial<TUserInvite>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((shown) => Object.fromEntries(Object.entries(shown).filter(([field]) => !(field in patch))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUserInvite.safeParse(values);
    if (!parsed.success) {
      setErrors(formFieldErrors(validationError(parsed.error), offeredFields(own)) ?? {});
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const shown = formFieldErrors(error, offeredFields(own));
      if (shown) setErrors(shown);
      else reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="card user-form" onSubmit={submit} noValidate>
      <FormField
        label={LABELS.email}
        name="email"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => set({ email: (e.target as HTMLInputElement).value })}
      />
      <FormField
        label={LABELS.displayName}
        name="displayName"
        hint="How the portal names this person, e.g. in record histories."
        value={values.displayName ?? ""}
        error={errors.displayName}
        onChange={(e) => set({ displayName: (e.target as HTMLInputElement).value || undefined })}
      />
      {own ? (
        <>
          <SheetGrid>
            <SheetItem label={LABELS.role}>{nameOfRole(values.role)}</SheetItem>
            <SheetItem label={LABELS.facilityIds}>
              {facilitiesText(values.facilityIds ?? null, (id) => facilityName(facilities, id))}
            </SheetItem>
          </SheetGrid>
          <p className="settings-page__note">{OWN_ACCESS_NOTE}</p>
        </>
      ) : (
        <>
          <fieldset className="user-form__group" aria-describedby={errors.role ? "role-error" : undefined}>
            <legend>{LABELS.role}</legend>
            {roles.map((role) => (
              <label key={role.id} className="user-form__choice">
                <input
                  type="radio"
                  name="role"
                  checked={values.role === role.id}
                  onChange={() => set({ role: role.id })}
                />
                {role.name}
                {role.description && <span className="user-form__hint">{role.description}</span>}
              </label>
            ))}
            {errors.role && (
              <p id="role-error" className="form-field__error">
                {errors.role}
              </p>
            )}
          </fieldset>
          <fieldset className="user-form__group" aria-describedby={errors.facilityIds ? "facilities-error" : undefined}>
            <legend>{LABELS.facilityIds}</legend>
            {limitedTo === null && (
              <label className="user-form__choice">
                <input type="radio" name="scope" checked={all} onChange={() => set({ facilityIds: null })} />
                <span className="user-form__text">All facilities, including homes added later</span>
              </label>
            )}
            <label className="user-form__choice">
              <input
                type="radio"
                name="scope"
                checked={!all}
                onChange={() => set({ facilityIds: choosable.length === 1 ? [choosable[0]!.id] : [] })}
              />
              Only these facilities:
            </label>
            <div className="user-form__facilities">
              {choosable.map((f) => (
                <label key={f.id} className="user-form__choice">
                  <input
                    type="checkbox"
                    disabled={all}
                    checked={!all && chosen.includes(f.id)}
                    onChange={(e) =>
                      set({ facilityIds: e.target.checked ? [...chosen, f.id] : chosen.filter((id) => id !== f.id) })
                    }
                  />
                  {f.name}
                </label>
              ))}
            </div>
            {errors.facilityIds && (
              <p id="facilities-error" className="form-field__error">
                {errors.facilityIds}
              </p>
            )}
          </fieldset>
        </>
      )}
      <FormField
        kind="select"
        label={LABELS.staffId}
        name="staffId"
        hint="Optional: the person's record in the Staff Directory, of a home they may see."
        placeholder="Not linked"
        options={[...distinctListNames(staff.data ?? [])].map(([id, name]) => ({ value: id, label: name }))}
        value={values.staffId ?? ""}
        error={errors.staffId}
        onChange={(e) => set({ staffId: (e.target as HTMLSelectElement).value || undefined })}
      />
      {errors._ && <p className="alert">{errors._}</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </button>
        <Link className="button button--secondary" to={cancelTo}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
