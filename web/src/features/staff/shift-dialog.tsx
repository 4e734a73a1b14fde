/**
 * Add or edit one shift in a dialog: who, which day, a template or the times (an end at or before the
 * start is the next morning), the position worked, awake or on call, a note. Validated with the shared
 * ZShift schema; a save refused as stale (someone changed the shift meanwhile) keeps the form and shows
 * theirs; Delete asks first.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import toast from "react-hot-toast";
import type { z } from "zod";
import { SHIFT_DUTIES, ZShift } from "@care/core/collections/schedules.collection";
import { STAFF_POSITIONS } from "@care/core/collections/staff.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TRotaMember } from "@care/core/ports/insights.port";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import { isAppError } from "@care/core/app-error";
import { useData } from "../../lib/ports.tsx";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { reportError } from "../../lib/report-error.ts";
import { ConfirmDialog, Dialog } from "../../ui/confirm-dialog.tsx";
import { VersionedDialogForm } from "../../ui/versioned-form.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage } from "../../ui/form-messages.ts";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { DUTY_LABELS, normalizeTime, shiftLengthHint } from "./schedule-format.ts";

type TShiftRecord = TRecordOf<"shifts">;
type TValues = z.input<typeof ZShift>;
type TOutput = z.output<typeof ZShift>;
const FIELDS = ["staffId", "date", "start", "end", "position", "duty", "note"] as const;
const LABELS = FIELD_LABELS.shifts;

function valuesOf(s: TShiftRecord): TValues {
  return {
    facilityId: s.facilityId,
    staffId: s.staffId,
    date: s.date,
    start: s.start,
    end: s.end,
    position: s.position,
    duty: s.duty,
    note: s.note ?? "",
    published: s.published,
  };
}

export interface TShiftDialogProps {
  facilityId: string;
  /** The shift being edited, or where a new one goes. */
  editing: TShiftRecord | undefined;
  preset: { staffId?: string; date: string };
  people: readonly TRotaMember[];
  templates: readonly TRecordOf<"shiftTemplates">[];
  /** Shifts of a published week are published as they are added. */
  weekPublished: boolean;
  onClose: () => void;
}

export function ShiftDialog({
  facilityId,
  editing,
  preset,
  people,
  templates,
  weekPublished,
  onClose,
}: TShiftDialogProps) {
  const data = useData();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const first = people.find((p) => p.id === preset.staffId);
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZShift),
    defaultValues: editing
      ? valuesOf(editing)
      : {
          facilityId,
          staffId: preset.staffId ?? "",
          date: preset.date,
          start: templates[0]?.start ?? "07:00",
          end: templates[0]?.end ?? "15:00",
          position: (first?.position as TValues["position"]) ?? "caregiver",
          duty: templates[0]?.duty ?? "awake",
          note: "",
          published: weekPublished,
        },
    mode: "onTouched",
  });
  const edit = useVersionedEdit({
    collection: "shifts",
    initial: editing,
    create: (values: TOutput) => data.create("shifts", values),
    form,
    toValues: valuesOf,
    toPatch: (v: TOutput): TPatchOf<"shifts"> => ({
      staffId: v.staffId,
      date: v.date,
      start: v.start,
      end: v.end,
      position: v.position,
      duty: v.duty,
      note: v.note ?? null,
    }),
    fields: FIELDS,
    onConflict: () => undefined,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  // The template whose times the shift has, shown as chosen.
  const times = useWatch({ control: form.control, name: ["start", "end"] });
  const useTemplate = (id: string) => {
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    form.setValue("start", template.start, { shouldDirty: true });
    form.setValue("end", template.end, { shouldDirty: true });
    form.setValue("duty", template.duty, { shouldDirty: true });
  };
  const remove = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      await data.remove("shifts", editing.id, editing.version);
      toast.success("The shift was deleted.");
      onClose();
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error("Someone changed this shift meanwhile; it was not deleted.", { id: "error-CONFLICT" });
      else reportError(error);
    } finally {
      setBusy(false);
      setDeleting(false);
    }
  };
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? id;
  const choices = people.filter((p) => p.current || p.id === editing?.staffId);

  return (
    <Dialog open title={editing ? "Edit shift" : "Add a shift"} onClose={onClose}>
      <VersionedDialogForm
        edit={edit}
        form={form}
        noun="shift"
        fields={FIELDS}
        label={(field) => LABELS[field]}
        show={(values, field) =>
          field === "staffId" ? nameOf(String(values.staffId)) : String(values[field] ?? "") || "—"
        }
        toValues={valuesOf}
        saveLabel={editing ? "Save shift" : "Add shift"}
        onSaved={() => {
          // One toast at a time: a second save replaces the first one's.
          toast.success(editing ? "The shift was saved." : "The shift was added.", { id: "shift-saved" });
          onClose();
        }}
        onCancel={onClose}
        className="shift-form"
        extraActions={
          editing && (
            <button
              type="button"
              className="button button--danger shift-form__delete"
              onClick={() => setDeleting(true)}
              disabled={isSubmitting || busy}
            >
              Delete shift
            </button>
          )
        }
      >
        {editing?.published && (
          <p className="alert" role="status">
            This shift is published: staff see your change as soon as you save it.
          </p>
        )}
        <FormField
          label={LABELS.staffId}
          kind="select"
          required
          placeholder="Choose…"
          options={choices.map((p) => ({ value: p.id, label: p.name }))}
          error={formMessage(errors.staffId)}
          {...register("staffId", {
            onChange: (event: { target: { value: string } }) => {
              const person = people.find((p) => p.id === event.target.value);
              if (person && !editing) form.setValue("position", person.position as TValues["position"]);
            },
          })}
        />
        <FormField label={LABELS.date} type="date" required error={formMessage(errors.date)} {...register("date")} />
        {templates.length > 0 && (
          <FormField
            label="Template"
            name="template"
            kind="select"
            placeholder="Times of a usual shift…"
            value={templates.find((t) => t.start === times[0] && t.end === times[1])?.id ?? ""}
            options={templates.map((t) => ({ value: t.id, label: `${t.name} ${t.start}–${t.end}` }))}
            onChange={(event) => useTemplate((event.target as HTMLSelectElement).value)}
          />
        )}
        <div className="shift-form__pair">
          <FormField
            label={LABELS.start}
            required
            error={formMessage(errors.start)}
            placeholder="07:00"
            {...register("start", { setValueAs: normalizeTime })}
          />
          <FormField
            label={LABELS.end}
            required
            hint={shiftLengthHint(times[0] ?? "", times[1] ?? "")}
            error={formMessage(errors.end)}
            placeholder="15:00"
            {...register("end", { setValueAs: normalizeTime })}
          />
        </div>
        <FormField
          label={LABELS.position}
          kind="select"
          required
          options={STAFF_POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }))}
          error={formMessage(errors.position)}
          {...register("position")}
        />
        <FormField
          label={LABELS.duty}
          kind="select"
          required
          options={SHIFT_DUTIES.map((value) => ({ value, label: DUTY_LABELS[value] }))}
          error={formMessage(errors.duty)}
          {...register("duty")}
        />
        <FormField label={LABELS.note} error={formMessage(errors.note)} {...register("note")} />
      </VersionedDialogForm>
      <ConfirmDialog
        open={deleting}
        title="Delete this shift?"
        confirmLabel="Delete shift"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        <p>It leaves the rota{editing?.published ? " that staff already see" : ""}.</p>
      </ConfirmDialog>
    </Dialog>
  );
}
