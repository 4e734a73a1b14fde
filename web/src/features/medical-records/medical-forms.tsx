/** Add / edit forms of each kind of medical entry, each validated by its schema from `adapters/core`. */
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
import { useSession } from "../../app/providers.tsx";
import { DateTimeField } from "../../ui/date-time-field.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { humanize, toLocalInput } from "./medical-summary.ts";
import { EntryForm, entryFields, useEntryForm, withLocalTimes, type TEntryFormProps } from "./use-entry-form.tsx";

const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

const vitalsSchema = withLocalTimes(ZVitals, ["recordedAt"]);
const incidentSchema = withLocalTimes(ZIncident, ["occurredAt"]);
const appointmentSchema = withLocalTimes(ZAppointment, ["at"]);

export function DiagnosisForm(props: TEntryFormProps<"diagnoses">) {
  const { form, frame } = useEntryForm({
    collection: "diagnoses",
    label: "Diagnosis",
    schema: ZDiagnosis,
    titles: ["Add diagnosis", "Edit diagnosis"],
    props,
    toValues: (r) => ({
      name: r?.name ?? "",
      icd10: r?.icd10 ?? "",
      diagnosedOn: r?.diagnosedOn,
      active: r?.active ?? true,
      notes: r?.notes ?? "",
    }),
  });
  const { register, formState } = form;
  const e = formState.errors;
  const fields = entryFields(form);
  return (
    <EntryForm {...frame}>
      <FormField label="Diagnosis" required error={e.name?.message} {...register("name")} />
      <FormField label="ICD-10 code" error={e.icd10?.message} {...register("icd10")} />
      <FormField label="Diagnosed on" {...fields.date("diagnosedOn")} />
      <FormField label="Active" kind="checkbox" error={e.active?.message} {...register("active")} />
      <FormField label="Notes" {...fields.notes("notes")} />
    </EntryForm>
  );
}

export function AllergyForm(props: TEntryFormProps<"allergies">) {
  const { form, frame } = useEntryForm({
    collection: "allergies",
    label: "Allergy",
    schema: ZAllergy,
    titles: ["Add allergy", "Edit allergy"],
    props,
    toValues: (r) => ({
      allergen: r?.allergen ?? "",
      reaction: r?.reaction ?? "",
      severity: r?.severity ?? "unknown",
    }),
  });
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <EntryForm {...frame}>
      <FormField label="Allergen" required error={e.allergen?.message} {...register("allergen")} />
      <FormField label="Reaction" error={e.reaction?.message} {...register("reaction")} />
      <FormField
        label="Severity"
        kind="select"
        options={options(["mild", "moderate", "severe", "unknown"])}
        error={e.severity?.message}
        {...register("severity")}
      />
    </EntryForm>
  );
}

export function MedicationForm(props: TEntryFormProps<"medications">) {
  const { form, frame } = useEntryForm({
    collection: "medications",
    label: "Medication",
    schema: ZMedication,
    titles: ["Add medication", "Edit medication"],
    props,
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
  const { register, formState } = form;
  const e = formState.errors;
  const fields = entryFields(form);
  return (
    <EntryForm {...frame}>
      <FormField label="Medication" required error={e.name?.message} {...register("name")} />
      <FormField label="Dose" required hint="e.g. 10 mg" error={e.dose?.message} {...register("dose")} />
      <FormField
        label="Route"
        kind="select"
        required
        options={options(MEDICATION_ROUTES)}
        error={e.route?.message}
        {...register("route")}
      />
      <FormField
        label="Frequency"
        required
        hint="e.g. twice daily"
        error={e.frequency?.message}
        {...register("frequency")}
      />
      <FormField label="Prescriber" error={e.prescriber?.message} {...register("prescriber")} />
      <FormField label="Start date" {...fields.date("startDate")} />
      <FormField label="Stop date" {...fields.date("stopDate")} />
      <FormField label="As needed (PRN)" kind="checkbox" error={e.asNeeded?.message} {...register("asNeeded")} />
      <FormField label="Instructions" {...fields.notes("instructions")} />
    </EntryForm>
  );
}

export function VitalsForm(props: TEntryFormProps<"vitals">) {
  const session = useSession();
  const { form, frame } = useEntryForm({
    collection: "vitals",
    label: "Vitals entry",
    schema: vitalsSchema,
    titles: ["Record vitals", "Edit vitals"],
    props,
    toValues: (r) => ({
      recordedAt: toLocalInput(r?.recordedAt ?? new Date().toISOString()),
      systolic: r?.systolic,
      diastolic: r?.diastolic,
      pulse: r?.pulse,
      temperatureF: r?.temperatureF,
      weightLb: r?.weightLb,
      recordedBy: r?.recordedBy ?? session?.displayName ?? session?.email ?? "",
      notes: r?.notes ?? "",
    }),
  });
  const { register, formState } = form;
  const e = formState.errors;
  const fields = entryFields(form);
  return (
    <EntryForm {...frame}>
      <DateTimeField label="Taken at" required error={e.recordedAt?.message} {...register("recordedAt")} />
      <FormField label="Blood pressure, systolic" {...fields.number("systolic")} />
      <FormField label="Blood pressure, diastolic" {...fields.number("diastolic")} />
      <FormField label="Pulse (bpm)" {...fields.number("pulse")} />
      <FormField label="Temperature (°F)" {...fields.number("temperatureF", true)} />
      <FormField label="Weight (lb)" {...fields.number("weightLb", true)} />
      <FormField label="Recorded by" required error={e.recordedBy?.message} {...register("recordedBy")} />
      <FormField label="Notes" {...fields.notes("notes")} />
    </EntryForm>
  );
}

export function IncidentForm(props: TEntryFormProps<"incidents">) {
  const { form, frame } = useEntryForm({
    collection: "incidents",
    label: "Incident",
    schema: incidentSchema,
    titles: ["Record incident", "Edit incident"],
    props,
    toValues: (r) => ({
      occurredAt: toLocalInput(r?.occurredAt ?? new Date().toISOString()),
      type: r?.type ?? "fall",
      description: r?.description ?? "",
      notified: r?.notified ?? "",
      reportFiled: r?.reportFiled ?? false,
      reportFiledOn: r?.reportFiledOn,
    }),
  });
  const { register, formState } = form;
  const e = formState.errors;
  const fields = entryFields(form);
  return (
    <EntryForm {...frame}>
      <DateTimeField label="Occurred at" required error={e.occurredAt?.message} {...register("occurredAt")} />
      <FormField
        label="Type"
        kind="select"
        required
        options={options(INCIDENT_TYPES)}
        error={e.type?.message}
        {...register("type")}
      />
      <FormField
        label="What happened"
        kind="textarea"
        required
        className="form-field--wide"
        error={e.description?.message}
        {...register("description")}
      />
      <FormField
        label="Who was notified"
        kind="textarea"
        rows={2}
        hint="Family, physician, licensing, ombudsman… with names"
        className="form-field--wide"
        error={e.notified?.message}
        {...register("notified")}
      />
      <FormField label="Report filed" kind="checkbox" error={e.reportFiled?.message} {...register("reportFiled")} />
      <FormField label="Report filed on" {...fields.date("reportFiledOn")} />
    </EntryForm>
  );
}

export function AppointmentForm(props: TEntryFormProps<"appointments">) {
  const { form, frame } = useEntryForm({
    collection: "appointments",
    label: "Appointment",
    schema: appointmentSchema,
    titles: ["Add appointment", "Edit appointment"],
    props,
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
  const { register, formState } = form;
  const e = formState.errors;
  const fields = entryFields(form);
  return (
    <EntryForm {...frame}>
      <DateTimeField label="Date and time" required error={e.at?.message} {...register("at")} />
      <FormField label="Provider" required error={e.provider?.message} {...register("provider")} />
      <FormField label="Purpose" error={e.purpose?.message} {...register("purpose")} />
      <FormField label="Location" error={e.location?.message} {...register("location")} />
      <FormField label="Transportation" error={e.transportation?.message} {...register("transportation")} />
      <FormField
        label="Status"
        kind="select"
        options={options(["scheduled", "completed", "cancelled", "missed"])}
        error={e.status?.message}
        {...register("status")}
      />
      <FormField label="Notes" {...fields.notes("notes")} />
    </EntryForm>
  );
}
