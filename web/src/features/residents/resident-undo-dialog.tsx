/**
 * The dialog that undoes a status event entered by mistake (a discharge, a leave, a readmission…): a
 * reason, then the event marked undone and the resident's status and dates restored, committed together.
 * The event stays in the history; billing follows the restored stay. Who may, and until when, the
 * backends check (rules/status-undo.rules.ts).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { isAppError } from "@care/core/app-error";
import type { TRecordOf } from "@care/core/registry";
import { headingName } from "@care/core/rules/person-name.rules";
import { callerName } from "@care/core/rules/records.rules";
import { undoPatch, UNDO_WINDOW_DAYS } from "@care/core/rules/status-undo.rules";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { useData, useSession } from "../../lib/ports.tsx";
import { reportError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";

const ZUndoForm = z.object({
  reason: z.string().trim().min(1, "Give the reason for undoing it").max(500, "At most 500 characters"),
});

export function ResidentUndoDialog({
  resident,
  event,
  events,
  label,
  onClose,
}: {
  resident: TRecordOf<"residents">;
  event: TRecordOf<"residentEvents">;
  /** The resident's events (the one before `event` gives the status to restore). */
  events: readonly TRecordOf<"residentEvents">[];
  /** What the event says ("Discharged"). */
  label: string;
  onClose: () => void;
}) {
  const data = useData();
  const session = useSession();
  const { facilities } = useFacilities();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZUndoForm>, unknown, z.output<typeof ZUndoForm>>({
    resolver: zodResolver(ZUndoForm),
    defaultValues: { reason: "" },
  });

  const onSubmit = handleSubmit(async ({ reason }) => {
    if (!session) return;
    try {
      await data.commit([
        {
          op: "update",
          collection: "residentEvents",
          id: event.id,
          version: event.version,
          patch: {
            undoReason: reason,
            undoneBy: callerName(session),
            undoneOn: facilityToday(facilities, resident.facilityId),
          },
        },
        {
          op: "update",
          collection: "residents",
          id: resident.id,
          version: resident.version,
          patch: undoPatch(resident, events, event),
        },
      ]);
      toast.success(`"${label} on ${event.date}" undone for ${headingName(resident)}.`);
      onClose();
    } catch (error) {
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        const message = Object.values(error.fields)[0];
        if (message) {
          setError("reason", { type: "server", message });
          return;
        }
      }
      reportError(error);
      if (isAppError(error) && error.code === "CONFLICT") onClose();
    }
  });

  return (
    <Dialog open title="Undo a status event" onClose={onClose}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="status-dialog">
        <p className="status-dialog__who">
          {headingName(resident)}: {label} on {event.date}
        </p>
        <p>
          The event stays in the history, marked as undone, and the resident&apos;s status, dates and rent go back to
          what they were before it. An event can be undone within {UNDO_WINDOW_DAYS} days of being recorded.
        </p>
        <FormField
          kind="textarea"
          label="Why is it undone?"
          rows={3}
          required
          error={errors.reason?.message}
          {...register("reason")}
        />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Undo the event"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
