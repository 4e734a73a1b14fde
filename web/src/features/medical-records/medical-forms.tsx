/**
 * Add / edit forms of each kind of medical entry, as declarations: the entry's schema from
 * `adapters/core`, its fields (labelled from the collection's field labels) and its starting values.
 * `entryForm` turns a declaration into the form component.
 */
import type { ComponentType } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { z } from "zod";
import {
  INCIDENT_TYPES,
  MEDICATION_ROUTES,
  ZAllergy,
  ZAppointment,
  ZDiagnosis,
  ZIncident,
  ZMedication,
  ZVitals,
} from "@care/core/collections/medical.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TAuthState } from "@care/core/ports/auth.port";
import type { TCollectionName, TRecordOf } from "@care/core/registry";
import { useSession } from "../../lib/ports.tsx";
import { DateTimeField } from "../../ui/date-time-field.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { humanize } from "../../ui/plain-value.ts";
import { toLocalInput } from "./medical-summary.ts";
import { EntryForm, entryFields, useEntryForm, withLocalTimes, type TEntryFormProps } from "./use-entry-form.tsx";

/** One field of an entry form: how it is edited, and what its label says beyond the collection's. */
type TFieldSpec = {
  name: string;
  required?: boolean;
  hint?: string;
} & (
  | { kind: "text" | "date" | "datetime" | "whole" | "decimal" | "check" | "notes" }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; values: readonly string[] }
);

interface TEntrySpec<N extends TCollectionName> {
  collection: N;
  /** "Vitals entry", for the toast. */
  label: string;
  titles: readonly [add: string, edit: string];
  schema: z.ZodType;
  fields: readonly TFieldSpec[];
  /** The form's values for an entry (null: a new one), given who is signed in. */
  toValues: (record: TRecordOf<N> | null, session: TAuthState) => FieldValues;
}

/** The form component of a declared kind of entry. */
function entryForm<N extends TCollectionName>(spec: TEntrySpec<N>): ComponentType<TEntryFormProps<N>> {
  const labels = FIELD_LABELS[spec.collection] as Readonly<Record<string, string>>;
  return function EntryFormOf(props: TEntryFormProps<N>) {
    const session = useSession();
    const { form, frame } = useEntryForm({ ...spec, props, toValues: (r) => spec.toValues(r, session) });
    const { register, formState } = form;
    const fields = entryFields(form);
    return (
      <EntryForm {...frame}>
        {spec.fields.map((field) => {
          const name = field.name as Path<FieldValues>;
          const common = {
            label: labels[field.name] ?? field.name,
            required: field.required,
            hint: field.hint,
          };
          const error = (formState.errors[field.name] as { message?: string } | undefined)?.message;
          switch (field.kind) {
            case "datetime":
              return <DateTimeField key={field.name} {...common} error={error} {...register(name)} />;
            case "date":
              return <FormField key={field.name} {...common} {...fields.date(name)} />;
            case "whole":
            case "decimal":
              return <FormField key={field.name} {...common} {...fields.number(name, field.kind === "decimal")} />;
            case "notes":
              return <FormField key={field.name} {...common} {...fields.notes(name)} />;
            case "check":
              return <FormField key={field.name} {...common} kind="checkbox" error={error} {...register(name)} />;
            case "select":
              return (
                <FormField
                  key={field.name}
                  {...common}
                  kind="select"
                  options={field.values.map((value) => ({ value, label: humanize(value) }))}
                  error={error}
                  {...register(name)}
                />
              );
            case "textarea":
              return (
                <FormField
                  key={field.name}
                  {...common}
                  kind="textarea"
                  rows={field.rows}
                  className="form-field--wide"
                  error={error}
                  {...register(name)}
                />
              );
            default:
              return <FormField key={field.name} {...common} error={error} {...register(name)} />;
          }
        })}
      </EntryForm>
    );
  };
}

/** A new entry's moment: now, as the form's local date and time. */
const localNow = () => toLocalInput(new Date().toISOString());

export const DiagnosisForm = entryForm({
  collection: "diagnoses",
  label: "Diagnosis",
  titles: ["Add diagnosis", "Edit diagnosis"],
  schema: ZDiagnosis,
  fields: [
    { name: "name", kind: "text", required: true },
    { name: "icd10", kind: "text" },
    { name: "diagnosedOn", kind: "date" },
    { name: "active", kind: "check" },
    { name: "notes", kind: "notes" },
  ],
  toValues: (r) => ({
    name: r?.name ?? "",
    icd10: r?.icd10 ?? "",
    diagnosedOn: r?.diagnosedOn,
    active: r?.active ?? true,
    notes: r?.notes ?? "",
  }),
});

export const AllergyForm = entryForm({
  collection: "allergies",
  label: "Allergy",
  titles: ["Add allergy", "Edit allergy"],
  schema: ZAllergy,
  fields: [
    { name: "allergen", kind: "text", required: true },
    { name: "reaction", kind: "text" },
    { name: "severity", kind: "select", values: ["mild", "moderate", "severe", "unknown"] },
  ],
  toValues: (r) => ({ allergen: r?.allergen ?? "", reaction: r?.reaction ?? "", severity: r?.severity ?? "unknown" }),
});

export const MedicationForm = entryForm({
  collection: "medications",
  label: "Medication",
  titles: ["Add medication", "Edit medication"],
  schema: ZMedication,
  fields: [
    { name: "name", kind: "text", required: true },
    { name: "dose", kind: "text", required: true, hint: "e.g. 10 mg" },
    { name: "route", kind: "select", required: true, values: MEDICATION_ROUTES },
    { name: "frequency", kind: "text", required: true, hint: "e.g. twice daily" },
    { name: "prescriber", kind: "text" },
    { name: "startDate", kind: "date" },
    { name: "stopDate", kind: "date" },
    { name: "asNeeded", kind: "check" },
    { name: "instructions", kind: "notes" },
  ],
  toValues: (r) => ({
    name: r?.name ?? "",
    dose: r?.dose ?? "",
    route: r?.route ?? "oral",
    frequency: r?.frequency ?? "",
    prescriber: r?.prescriber ?? "",
    startDate: r?.startDate,
    stopDate: r?.stopDate,
    asNeeded: r?.asNeeded ?? false,
    instructions: r?.instructions ?? "",
  }),
});

export const VitalsForm = entryForm({
  collection: "vitals",
  label: "Vitals entry",
  titles: ["Record vitals", "Edit vitals"],
  schema: withLocalTimes(ZVitals, ["recordedAt"]),
  fields: [
    { name: "recordedAt", kind: "datetime", required: true },
    { name: "systolic", kind: "whole" },
    { name: "diastolic", kind: "whole" },
    { name: "pulse", kind: "whole" },
    { name: "temperatureF", kind: "decimal" },
    { name: "weightLb", kind: "decimal" },
    { name: "recordedBy", kind: "text", required: true },
    { name: "notes", kind: "notes" },
  ],
  toValues: (r, session) => ({
    recordedAt: r ? toLocalInput(r.recordedAt) : localNow(),
    systolic: r?.systolic,
    diastolic: r?.diastolic,
    pulse: r?.pulse,
    temperatureF: r?.temperatureF,
    weightLb: r?.weightLb,
    recordedBy: r?.recordedBy ?? session?.displayName ?? session?.email ?? "",
    notes: r?.notes ?? "",
  }),
});

export const IncidentForm = entryForm({
  collection: "incidents",
  label: "Incident",
  titles: ["Record incident", "Edit incident"],
  schema: withLocalTimes(ZIncident, ["occurredAt"]),
  fields: [
    { name: "occurredAt", kind: "datetime", required: true },
    { name: "type", kind: "select", required: true, values: INCIDENT_TYPES },
    { name: "description", kind: "textarea", required: true },
    {
      name: "notified",
      kind: "textarea",
      rows: 2,
      hint: "Family, physician, licensing, ombudsman… with names",
    },
    { name: "reportFiled", kind: "check" },
    { name: "reportFiledOn", kind: "date" },
  ],
  toValues: (r) => ({
    occurredAt: r ? toLocalInput(r.occurredAt) : localNow(),
    type: r?.type ?? "fall",
    description: r?.description ?? "",
    notified: r?.notified ?? "",
    reportFiled: r?.reportFiled ?? false,
    reportFiledOn: r?.reportFiledOn,
  }),
});

export const AppointmentForm = entryForm({
  collection: "appointments",
  label: "Appointment",
  titles: ["Add appointment", "Edit appointment"],
  schema: withLocalTimes(ZAppointment, ["at"]),
  fields: [
    { name: "at", kind: "datetime", required: true },
    { name: "provider", kind: "text", required: true },
    { name: "purpose", kind: "text" },
    { name: "location", kind: "text" },
    { name: "transportation", kind: "text" },
    { name: "status", kind: "select", values: ["scheduled", "completed", "cancelled", "missed"] },
    { name: "notes", kind: "notes" },
  ],
  toValues: (r) => ({
    at: r ? toLocalInput(r.at) : "",
    provider: r?.provider ?? "",
    purpose: r?.purpose ?? "",
    location: r?.location ?? "",
    transportation: r?.transportation ?? "",
    status: r?.status ?? "scheduled",
    notes: r?.notes ?? "",
  }),
});
