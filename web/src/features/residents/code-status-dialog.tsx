/**
 * Change code status…: the one way a resident's code status changes after admission. It asks for the
 * new status, what it rests on (the source document and its date) and why, then says the change
 * from → to for a second look before saving. Every backend refuses the change without the source, its
 * date and a reason, and from a role without the "Change code status" action.
 */
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { isAppError } from "@care/core/app-error";
import { ZCodeStatus, ZCodeStatusSource } from "@care/core/collections/residents.collection";
import { ZDateOnly, ZText } from "@care/core/common.schema";
import { latestDateAnywhere } from "@care/core/rules/date-only.rules";
import { headingName } from "@care/core/rules/person-name.rules";
import { useData } from "../../lib/ports.tsx";
import { reportError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { CODE_STATUS_LABELS, CODE_STATUS_SOURCE_LABELS, optionsOf, today } from "./resident-format.ts";
import type { TResidentRecord } from "./resident-form-values.ts";

/** The dialog's fields: all required here, as every backend requires them for a change. */
const ZCodeStatusChange = z
  .object({
    codeStatus: ZCodeStatus,
    codeStatusSource: ZCodeStatusSource,
    codeStatusSourceDate: ZDateOnly,
    codeStatusReason: ZText(500),
  })
  .refine((v) => v.codeStatusSourceDate <= latestDateAnywhere(), {
    path: ["codeStatusSourceDate"],
    message: "The document's date cannot be in the future",
  });
type TCodeStatusChange = z.output<typeof ZCodeStatusChange>;

const FIELDS = ["codeStatus", "codeStatusSource", "codeStatusSourceDate", "codeStatusReason"] as const;

export function CodeStatusDialog({ resident, onClose }: { resident: TResidentRecord; onClose: () => void }) {
  const data = useData();
  const [confirming, setConfirming] = useState<TCodeStatusChange | null>(null);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ZCodeStatusChange>, unknown, TCodeStatusChange>({
    resolver: zodResolver(ZCodeStatusChange),
    defaultValues: {
      codeStatus: "" as TCodeStatusChange["codeStatus"],
      codeStatusSource: "" as TCodeStatusChange["codeStatusSource"],
      codeStatusSourceDate: today(),
      codeStatusReason: "",
    },
  });
  const others = optionsOf(CODE_STATUS_LABELS).filter((o) => o.value !== resident.codeStatus);
  const from = CODE_STATUS_LABELS[resident.codeStatus];

  const save = async (change: TCodeStatusChange) => {
    setSaving(true);
    try {
      await data.update("residents", resident.id, change, resident.version);
      toast.success(`Code status of ${headingName(resident)} changed to ${CODE_STATUS_LABELS[change.codeStatus]}.`);
      onClose();
    } catch (error) {
      setSaving(false);
      setConfirming(null);
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) setError(field, { type: "server", message });
        }
        if (FIELDS.some((f) => error.fields?.[f])) return;
      }
      reportError(error);
      if (isAppError(error) && error.code === "CONFLICT") onClose();
    }
  };

  return (
    <Dialog open title="Change code status" onClose={onClose}>
      {confirming ? (
        <div className="status-dialog">
          <p className="status-dialog__who">{headingName(resident)}</p>
          <p className="code-status-dialog__change">
            Change code status from <strong>{from}</strong> to{" "}
            <strong>{CODE_STATUS_LABELS[confirming.codeStatus]}</strong>?
          </p>
          <p>
            Rests on: {CODE_STATUS_SOURCE_LABELS[confirming.codeStatusSource]} of {confirming.codeStatusSourceDate}.
            Reason: {confirming.codeStatusReason}
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
              Back
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={saving}
              onClick={() => void save(confirming)}
            >
              {saving ? "Saving…" : `Change to ${CODE_STATUS_LABELS[confirming.codeStatus]}`}
            </button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void handleSubmit(setConfirming)(e)} className="status-dialog">
          <p className="status-dialog__who">
            {headingName(resident)} · now <strong>{from}</strong>
          </p>
          <FormField
            kind="select"
            label="New code status"
            required
            placeholder="Choose…"
            options={others}
            error={errors.codeStatus?.message}
            {...register("codeStatus")}
          />
          <FormField
            kind="select"
            label="Source document"
            required
            placeholder="Choose…"
            options={optionsOf(CODE_STATUS_SOURCE_LABELS)}
            error={errors.codeStatusSource?.message}
            {...register("codeStatusSource")}
          />
          <FormField
            label="Date of the document"
            type="date"
            required
            error={errors.codeStatusSourceDate?.message}
            {...register("codeStatusSourceDate")}
          />
          <FormField
            kind="textarea"
            label="Reason"
            required
            rows={3}
            error={errors.codeStatusReason?.message}
            {...register("codeStatusReason")}
          />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button">
              Review the change
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
