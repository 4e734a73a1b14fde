/** "Snooze until": a date after today (a week ahead by default); the reminder is hidden until then. */
import { useState, type FormEvent } from "react";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { defaultSnoozeDate } from "./reminder-items.ts";

export function SnoozeDialog({
  title,
  today,
  busy,
  onSnooze,
  onClose,
}: {
  /** The reminder's title, or null when the dialog is closed. */
  title: string | null;
  today: string;
  busy: boolean;
  onSnooze: (until: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={title !== null} title="Snooze reminder" onClose={onClose}>
      {title !== null && <SnoozeForm title={title} today={today} busy={busy} onSnooze={onSnooze} onClose={onClose} />}
    </Dialog>
  );
}

function SnoozeForm({
  title,
  today,
  busy,
  onSnooze,
  onClose,
}: {
  title: string;
  today: string;
  busy: boolean;
  onSnooze: (until: string) => void;
  onClose: () => void;
}) {
  const [until, setUntil] = useState(() => defaultSnoozeDate(today));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return setError("Pick the date to snooze until");
    if (until <= today) return setError("Pick a date after today");
    onSnooze(until);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="dialog__body">“{title}” leaves the list until this date, then comes back where it belongs.</p>
      <FormField
        label="Snooze until"
        name="snoozedUntil"
        type="date"
        required
        value={until}
        error={error}
        onChange={(event) => {
          setUntil((event.target as HTMLInputElement).value);
          setError(undefined);
        }}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Snoozing…" : "Snooze"}
        </button>
      </div>
    </form>
  );
}
