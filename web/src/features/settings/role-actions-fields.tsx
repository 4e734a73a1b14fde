/**
 * Settings → Roles: the actions a role holds, as checkboxes under its area levels, each with what it
 * allows. Writing residents is a caregiver's everyday edit; these steps are given one by one, and by
 * default only to house managers and administrators, the corrections only to administrators (least privilege).
 */
import { ACTION_INFO, ACTIONS, type TAction } from "@care/core/collections/actions";

export function RoleActionsFields({
  roleName,
  actions,
  editable,
  error,
  onChange,
}: {
  roleName: string;
  actions: readonly TAction[];
  /** False for the Administrator role (it holds every action) and for users who may not change roles. */
  editable: boolean;
  error?: string | undefined;
  onChange: (actions: TAction[]) => void;
}) {
  const toggle = (action: TAction, held: boolean) =>
    onChange(ACTIONS.filter((a) => (a === action ? held : actions.includes(a))));
  return (
    <fieldset className="role-form__actions">
      <legend>Actions of {roleName || "the role"}</legend>
      <p className="form-field__hint">
        Residents &ldquo;Read &amp; write&rdquo; lets a user keep a resident&rsquo;s records up to date. The steps below
        are given one by one: by default house managers and administrators hold the resident steps, only administrators
        the last three (undo, void, publish over a clearance), caregivers and the office none.
      </p>
      <ul className="role-form__action-list">
        {ACTIONS.map((action) => {
          const id = `action-${action}`;
          const held = actions.includes(action);
          return (
            <li key={action}>
              {editable ? (
                <input
                  type="checkbox"
                  id={`${roleName}-${id}`}
                  checked={held}
                  aria-describedby={`${roleName}-${id}-help`}
                  onChange={(e) => toggle(action, e.target.checked)}
                />
              ) : (
                <span className="role-form__level">{held ? "Yes" : "No"}</span>
              )}{" "}
              <label htmlFor={editable ? `${roleName}-${id}` : undefined}>{ACTION_INFO[action].label}</label>
              <p id={`${roleName}-${id}-help`} className="form-field__hint">
                {ACTION_INFO[action].explanation}
              </p>
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
