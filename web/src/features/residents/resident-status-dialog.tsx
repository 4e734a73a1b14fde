/**
 * The dialog of one status change (leave, hospital, return, discharge, death, readmission): a date and
 * a reason, then the resident's update and the history event committed together (all or nothing).
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { ZResidentEvent } from "@care/core/collections/residents.collection";
import type { z } from "zod";
import { useData } from "../../lib/ports.tsx";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { reportError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { today } from "./resident-format.ts";
import type { TResidentRecord } from "./resident-form-values.ts";
import { STATUS_ACTIONS, statusChange, type TStatusAction } from "./resident-status.ts";

const ZStatusForm = ZResidentEvent.pick({ date: true, reason: true });

export function ResidentStatusDialog({
  resident,
  action,
  onClose,
  onDone,
}: {
  resident: TResidentRecord;
  action: TStatusAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const data = useData();
  const { facilities } = useFacilities();
  const homeToday = facilityToday(facilities, resident.facilityId);
  const meta = STATUS_ACTIONS[action];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZStatusForm>, unknown, z.output<typeof ZStatusForm>>({
    resolver: zodResolver(ZStatusForm),
    defaultValues: { date: today(), reason: "" },
  });

  const onSubmit = handleSubmit(async ({ date, reason }) => {
    const { patch, event } = statusChange(resident, resident.id, action, date, reason, homeToday);
    try {
      await data.commit([
        { op: "create", collection: "residentEvents", data: event },
        { op: "update", collection: "residents", id: resident.id, version: resident.version, patch },
      ]);
      toast.success(
        action === "discharge" && date > homeToday
          ? `${headingName(resident)} is leaving on ${date}.`
          : `${meta.label} recorded for ${headingName(resident)}.`,
      );
      onDone();
    } catch (error) {
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        // A date the resident's record refuses (e.g. a discharge before the admission) belongs beside the date.
        const message = Object.values(error.fields)[0];
        if (message) {
          setError("date", { type: "server", message });
          return;
        }
      }
      reportError(error);
      if (isAppError(error) && error.code === "CONFLICT") onDone();
    }
  });

  return (
    <Dialog open title={meta.title} onClose={onClose}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="status-dialog">
        <p className="status-dialog__who">{headingName(resident)}</p>
        <FormField label={meta.dateLabel} type="date" required error={errors.date?.message} {...register("date")} />
        <FormField kind="textarea" label="Reason" rows={3} error={errors.reason?.message} {...register("reason")} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button
            type="submit"
            className={action === "death" || action === "discharge" ? "button button--danger" : "button"}
            disabled={isSubmitting}
          >
            {isSubmitting ? "Saving…" : `Record ${meta.label.toLowerCase()}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
