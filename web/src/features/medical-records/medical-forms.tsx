/**
 * Add / edit forms of each kind of medical entry, as declarations: the entry's schema from
 * `adapters/core`, its fields (labelled from the collection's field labels) and its starting values.
 * `entryForm` (ui/entries) turns a declaration into the form component.
 */
import { z } from "zod";
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
import { entryForm } from "../../ui/entries/declared-entry-form.tsx";
import { fromLocalInput, toLocalInput } from "./medical-summary.ts";

/** The core schema, reading the named fields as local `datetime-local` text and converting them to UTC. */
function withLocalTimes(schema: z.ZodType, fields: readonly string[]): z.ZodType {
  return z.preprocess((value) => {
    if (typeof value !== "object" || value === null) return value;
    const out: Record<string, unknown> = { ...value };
    for (const field of fields) if (typeof out[field] === "string") out[field] = fromLocalInput(out[field] as string);
    return out;
  }, schema);
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
    { name: "oxygenSaturation", kind: "whole" },
    { name: "respirationRate", kind: "whole" },
    { name: "bloodGlucose", kind: "whole" },
    { name: "pain", kind: "whole" },
    { name: "notes", kind: "notes" },
  ],
  toValues: (r) => ({
    recordedAt: r ? toLocalInput(r.recordedAt) : localNow(),
    systolic: r?.systolic,
    diastolic: r?.diastolic,
    pulse: r?.pulse,
    temperatureF: r?.temperatureF,
    weightLb: r?.weightLb,
    oxygenSaturation: r?.oxygenSaturation,
    respirationRate: r?.respirationRate,
    bloodGlucose: r?.bloodGlucose,
    pain: r?.pain,
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
