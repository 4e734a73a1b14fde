/**
 * Add or edit one line of a staff member's training ledger: date, topic, hours in quarter hours,
 * category, online, trainer, notes and, optionally, the certificate among their documents.
 */
import { TRAINING_CATEGORIES, ZTrainingEntry } from "@care/core/collections/training.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import { useMemo } from "react";
import { daysBetween } from "@care/core/rules/date-only.rules";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { useAllRecords, useRecord } from "../../lib/records/use-records.ts";
import { FormField } from "../../ui/form-field.tsx";
import { EntryForm, entryFields, useEntryForm, type TEntryFormProps } from "../../ui/entries/use-entry-form.tsx";
import { CATEGORY_LABELS } from "./training-format.ts";

const LABELS = FIELD_LABELS.trainingEntries;

export function TrainingEntryForm(props: TEntryFormProps<"trainingEntries">) {
  const { facilities } = useFacilities();
  // Not after the home's today (the shared schema allows a day's slack for time zones; the ledger counts
  // nothing dated later, so the form says so instead of saving an entry that would not count).
  const today = facilityToday(facilities, props.facilityId);
  const schema = useMemo(
    () =>
      ZTrainingEntry.refine((entry) => entry.date <= today, { path: ["date"], message: `Not after today (${today})` }),
    [today],
  );
  // A new hire's first training is usually the initial training before working independently.
  const hireDate = useRecord("staff", props.owner.id).record?.hireDate;
  const hiredRecently = hireDate !== undefined && daysBetween(hireDate, today) < 28;
  const { form, frame } = useEntryForm({
    collection: "trainingEntries",
    label: "Training entry",
    titles: ["Add training", "Edit training"],
    schema,
    props,
    toValues: (r) => ({
      date: r?.date ?? today,
      topic: r?.topic ?? "",
      hours: r?.hours,
      category: r?.category ?? (hiredRecently ? "initial_before_independence" : "annual"),
      online: r?.online ?? false,
      trainer: r?.trainer ?? "",
      notes: r?.notes ?? "",
      certificateId: r?.certificateId ?? "",
    }),
  });
  const { register, formState } = form;
  const fields = entryFields(form);
  const error = (name: string) => (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  // The certificate is one of the staff member's current documents.
  const documents = useAllRecords("documents", {
    where: { subject: "staff", subjectId: props.owner.id, current: true },
  });
  const certificates = (documents.data ?? []).map((d) => ({
    value: d.id,
    label: `${d.title ?? d.fileName}${d.issueDate ? ` (${d.issueDate})` : ""}`,
  }));
  return (
    <EntryForm {...frame}>
      <FormField label={LABELS.date} required type="date" error={error("date")} {...register("date")} />
      <FormField label={LABELS.topic} required error={error("topic")} {...register("topic")} />
      <FormField
        label={LABELS.hours}
        required
        hint="In quarter hours: 0.25, 0.5, 0.75…"
        {...fields.number("hours", true)}
        step="0.25"
      />
      <FormField
        label={LABELS.category}
        required
        kind="select"
        options={TRAINING_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
        error={error("category")}
        {...register("category")}
      />
      <FormField label="Taken online" kind="checkbox" error={error("online")} {...register("online")} />
      <FormField label={LABELS.trainer} error={error("trainer")} {...register("trainer")} />
      <FormField
        label={LABELS.certificateId}
        kind="select"
        placeholder="No certificate"
        hint="Upload it under Documents first; it is then offered here."
        options={certificates}
        error={error("certificateId")}
        {...register("certificateId", { setValueAs: (v: unknown) => (v === "" ? undefined : v) })}
      />
      <FormField label={LABELS.notes} {...fields.notes("notes")} />
    </EntryForm>
  );
}
