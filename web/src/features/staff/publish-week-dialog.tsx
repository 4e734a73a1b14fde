/**
 * The question before a week is published. When the week books someone without a criminal record
 * clearance or exemption (Title 22 §87355), their shifts are published only over an override: a user
 * whose role holds "Publish a rota over a clearance" gives the reason (printed on the rota) and chooses
 * Publish anyway; anyone else is told their role may not, and may publish the week without those shifts.
 * Every backend refuses the same (the shifts collection's declaration), so this only says it first.
 */
import { useState } from "react";
import { ACTION_INFO } from "@care/core/collections/actions";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { shiftCount } from "./schedule-format.ts";

export interface TPublishWeekDialogProps {
  open: boolean;
  busy: boolean;
  /** The week's shifts (drafts and published). */
  shifts: number;
  /** "Its checks: 2 errors, …" or empty. */
  checks: string;
  /** The people without a clearance whose draft shifts this publication would publish. */
  uncleared: readonly string[];
  /** The role holds publishWithOverride. */
  mayOverride: boolean;
  /** Publishes: every draft with the reason given, or (`withoutUncleared`) all but the uncleared's. */
  onPublish: (choice: { reason?: string; withoutUncleared?: boolean }) => void;
  onCancel: () => void;
}

export function PublishWeekDialog(props: TPublishWeekDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { uncleared, mayOverride } = props;
  const cancel = () => {
    setReason("");
    setError(undefined);
    props.onCancel();
  };
  const publishAnyway = () => {
    if (reason.trim() === "") {
      setError("Give the reason for publishing over the missing clearance");
      return;
    }
    props.onPublish({ reason: reason.trim() });
    setReason("");
  };
  const names = uncleared.join(", ");
  return (
    <Dialog open={props.open} title="Publish this week?" onClose={cancel}>
      <div className="dialog__body">
        <p>
          Staff will see its {shiftCount(props.shifts)}.{props.checks && ` ${props.checks}`}
        </p>
        {uncleared.length > 0 && (
          <div className="publish-override" role="alert">
            <p>
              <strong>
                {names} {uncleared.length === 1 ? "has" : "have"} no criminal record clearance or exemption
              </strong>{" "}
              and may not be in the home (Title 22 §87355). Their shifts do not count for coverage.
            </p>
            {mayOverride ? (
              <FormField
                kind="textarea"
                name="overrideReason"
                label="Reason for publishing over the clearance (printed on the rota)"
                required
                rows={3}
                value={reason}
                error={error}
                onChange={(event) => {
                  setReason((event.target as HTMLTextAreaElement).value);
                  setError(undefined);
                }}
              />
            ) : (
              <p>
                Your role may not {ACTION_INFO.publishWithOverride.refusal}. Publish the week without their shifts, or
                ask an administrator.
              </p>
            )}
          </div>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={cancel} disabled={props.busy}>
          Cancel
        </button>
        {uncleared.length === 0 ? (
          <button type="button" className="button" onClick={() => props.onPublish({})} disabled={props.busy}>
            Publish
          </button>
        ) : (
          <>
            <button
              type="button"
              className={mayOverride ? "button button--secondary" : "button"}
              onClick={() => props.onPublish({ withoutUncleared: true })}
              disabled={props.busy}
            >
              Publish without their shifts
            </button>
            {mayOverride && (
              <button type="button" className="button button--danger" onClick={publishAnyway} disabled={props.busy}>
                Publish anyway
              </button>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
