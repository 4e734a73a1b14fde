/**
 * New and edit manual reminder, in a dialog: title, due date, facility (the header's by default),
 * notes, a link to a resident, staff member or facility, and repeat. Checked with the reminders schema
 * before sending, server field errors beside the fields, a stale edit refused with the newer version
 * loaded into the form, and Archive (after a confirmation) for an existing reminder.
 */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { REMINDER_LINK_TYPES, REMINDER_REPEATS, ZReminder } from "@care/core/collections/reminders.collection";
import { useFacilities } from "../../lib/facilities.tsx";
import { useData } from "../../lib/ports.tsx";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { reportError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { LinkPicker } from "./link-picker.tsx";
import {
  LINK_TYPE_LABELS,
  REPEAT_LABELS,
  reminderFormValues,
  reminderInput,
  reminderPatch,
  type TReminderFormValues,
} from "./reminder-form-values.ts";
import type { TManualReminder } from "./reminder-items.ts";

const FIELDS = ["title", "dueDate", "facilityId", "notes", "linkType", "linkId", "repeat"] as const;

export function ReminderFormDialog({
  open,
  record,
  defaults,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The reminder to edit, or null for a new one. */
  record: TManualReminder | null;
  /** A new reminder's facility (the header's selection) and due date (today). */
  defaults: { facilityId: string; dueDate: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog open={open} title={record ? "Edit reminder" : "New reminder"} onClose={onClose}>
      {open && <ReminderForm record={record} defaults={defaults} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function ReminderForm({
  record,
  defaults,
  onClose,
  onSaved,
}: {
  record: TManualReminder | null;
  defaults: { facilityId: string; dueDate: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const data = useData();
  const { facilities } = useFacilities();
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const form = useForm<TReminderFormValues>({ defaultValues: reminderFormValues(record, defaults) });
  const toValues = (reminder: TManualReminder) => reminderFormValues(reminder, defaults);
  const edit = useVersionedEdit({
    collection: "reminders",
    initial: record ?? undefined,
    create: (values: TReminderFormValues) => data.create("reminders", reminderInput(values)),
    form,
    toValues,
    toPatch: (values) => reminderPatch(reminderInput(values)),
    fields: FIELDS,
    onStale: "reload",
    onConflict: () => setConfirmArchive(false),
  });
  const base = edit.base;
  const stale = edit.conflict !== null;
  const { register, formState, watch, setValue, setError, handleSubmit } = form;
  const errors = formState.errors;
  const linkType = watch("linkType");
  const facilityId = watch("facilityId");

  // A different facility or kind of link: the person picked before no longer fits.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name === "linkType" || (name === "facilityId" && form.getValues("linkType") !== "facility"))
        setValue("linkId", "");
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, form]);

  const submit = handleSubmit(async (values) => {
    const checked = ZReminder.safeParse(reminderInput(values));
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? "");
        if ((FIELDS as readonly string[]).includes(field))
          setError(field as (typeof FIELDS)[number], { type: "schema", message: issue.message });
      }
      return;
    }
    const editing = base !== undefined;
    if (!(await edit.save(values))) return;
    toast.success(editing ? "Reminder saved" : "Reminder added");
    onSaved();
  });

  async function archive() {
    if (!base) return;
    setArchiving(true);
    try {
      await data.remove("reminders", base.id, base.version);
      toast.success("Reminder archived");
      onSaved();
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && error.current)
        edit.refusedAsStale(error.current as TManualReminder);
      else reportError(error);
    } finally {
      setArchiving(false);
    }
  }

  if (confirmArchive && base) {
    return (
      <div className="reminder-form">
        <p>
          Archive “{base.title}”? It leaves the list and will not come back, also if it repeats. The record is kept in
          the history.
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirmArchive(false)}
            disabled={archiving}
          >
            Keep it
          </button>
          <button type="button" className="button button--danger" onClick={() => void archive()} disabled={archiving}>
            {archiving ? "Archiving…" : "Archive reminder"}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="reminder-form" onSubmit={(event) => void submit(event)} noValidate>
      {stale && (
        <p className="alert" role="alert">
          Someone else changed this reminder while you were editing it, so your change was not saved. The form now shows
          their version; make your change again and save.
        </p>
      )}
      <div className="form-grid">
        <FormField
          label="Title"
          required
          className="form-field--wide"
          error={errors.title?.message}
          {...register("title")}
        />
        <FormField label="Due date" type="date" required error={errors.dueDate?.message} {...register("dueDate")} />
        <FormField
          label="Facility"
          kind="select"
          required
          placeholder="Pick a facility"
          options={facilities.map((f) => ({ value: f.id, label: f.name }))}
          error={errors.facilityId?.message}
          {...register("facilityId")}
        />
        <FormField
          label="Repeat"
          kind="select"
          options={REMINDER_REPEATS.map((r) => ({ value: r, label: REPEAT_LABELS[r] }))}
          hint={watch("repeat") === "none" ? undefined : "Marking it done moves it to the next date."}
          error={errors.repeat?.message}
          {...register("repeat")}
        />
        <FormField
          label="Link to"
          kind="select"
          placeholder="No link"
          options={REMINDER_LINK_TYPES.map((t) => ({ value: t, label: LINK_TYPE_LABELS[t] }))}
          error={errors.linkType?.message}
          {...register("linkType")}
        />
        {linkType && (
          <LinkPicker
            linkType={linkType}
            facilityId={facilityId}
            value={watch("linkId")}
            error={errors.linkId?.message}
            onChange={(id) => setValue("linkId", id, { shouldDirty: true })}
          />
        )}
        <FormField
          label="Notes"
          kind="textarea"
          className="form-field--wide"
          error={errors.notes?.message}
          {...register("notes")}
        />
      </div>
      <div className="dialog__actions">
        {base && (
          <button
            type="button"
            className="button button--secondary reminder-form__archive"
            onClick={() => setConfirmArchive(true)}
          >
            Archive
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving…" : "Save reminder"}
        </button>
      </div>
    </form>
  );
}
