/**
 * A form page's buttons: save (saying "Saving…" while it does) and cancel back to where the user came
 * from; leaving with unsaved changes, by Cancel or any other way, asks first.
 */
import { Link } from "react-router-dom";
import { UnsavedChangesGuard } from "./unsaved-changes.tsx";
import "./page.css";

export function FormActions({
  saving,
  unsaved,
  label,
  cancelTo,
}: {
  saving: boolean;
  /** Whether the form holds changes not saved yet. */
  unsaved: boolean;
  label: string;
  cancelTo: string;
}) {
  return (
    <div className="form-actions">
      <UnsavedChangesGuard when={unsaved && !saving} />
      <button type="submit" className="button" disabled={saving}>
        {saving ? "Saving…" : label}
      </button>
      <Link className="button button--secondary" to={cancelTo}>
        Cancel
      </Link>
    </div>
  );
}
