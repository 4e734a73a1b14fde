/**
 * "Waive": records that a required document does not apply to this person or home, with the reason
 * (audited like every change). The requirement then counts as met in compliance and its reminders end,
 * until the waiver is removed.
 */
import { useState, type FormEvent } from "react";
import { WAIVER_REASON_MAX } from "@care/core/collections/reminders.collection";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";

export function WaiveDialog({
  title,
  busy,
  onWaive,
  onClose,
}: {
  /** The reminder's title, or null when the dialog is closed. */
  title: string | null;
  busy: boolean;
  onWaive: (reason: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={title !== null} title="Waive this document" onClose={onClose}>
      {title !== null && <WaiveForm title={title} busy={busy} onWaive={onWaive} onClose={onClose} />}
    </Dialog>
  );
}

function WaiveForm({
  title,
  busy,
  onWaive,
  onClose,
}: {
  title: string;
  busy: boolean;
  onWaive: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError("Say why this document is not needed");
    if (text.length > WAIVER_REASON_MAX) return setError(`At most ${WAIVER_REASON_MAX} characters`);
    onWaive(text);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="dialog__body">
        “{title}”: the document will count as not needed in compliance and its reminders end. The reason and who
        recorded it are kept; the waiver can be removed from “Snoozed, waived and done”.
      </p>
      <FormField
        kind="textarea"
        rows={3}
        label="Reason"
        name="reason"
        required
        error={error}
        hint="For example: Not applicable to this resident"
        onChange={(event) => {
          setReason((event.target as HTMLTextAreaElement).value);
          setError(undefined);
        }}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Waiving…" : "Waive"}
        </button>
      </div>
    </form>
  );
}
