/** A form page's buttons: save (saying "Saving…" while it does) and cancel back to where the user came from. */
import { Link } from "react-router-dom";
import "./page.css";

export function FormActions({ saving, label, cancelTo }: { saving: boolean; label: string; cancelTo: string }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button" disabled={saving}>
        {saving ? "Saving…" : label}
      </button>
      <Link className="button button--secondary" to={cancelTo}>
        Cancel
      </Link>
    </div>
  );
}
