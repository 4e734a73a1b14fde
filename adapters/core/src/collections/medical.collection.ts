/** A resident's medical record: one collection per kind of entry, each tied to the resident and facility. */
import { z } from "zod";
import { defineCollection, type CollectionDef } from "../collection.ts";
import { ZDateOnly, ZId, ZOptionalText, ZText, ZTimestamp } from "../common.schema.ts";
import { LINK_TO_RESIDENT } from "./residents.collection.ts";
import { ZBetween } from "../zod-messages.ts";

const residentLink = { residentId: ZId, facilityId: ZId };

function medicalCollection<S extends z.ZodObject>(
  name: string,
  label: string,
  schema: S,
  sort: { field: keyof z.infer<S> & string; direction: "asc" | "desc" },
  extra: {
    filterable?: (keyof z.infer<S> & string)[];
    searchable?: (keyof z.infer<S> & string)[];
    callerFields?: { id: keyof z.infer<S> & string; name: keyof z.infer<S> & string };
  } = {},
): CollectionDef<S> {
  return defineCollection({
    name,
    label,
    schema,
    scope: { kind: "facility", field: "facilityId" },
    access: { read: "medical", write: "medical" },
    filterable: ["residentId", "facilityId", ...(extra.filterable ?? [])] as (keyof z.infer<S> & string)[],
    sortable: [sort.field],
    defaultSort: sort,
    searchable: extra.searchable ?? [],
    removal: "archive",
    clientIds: false,
    auditViews: true,
    links: [LINK_TO_RESIDENT],
    ...(extra.callerFields ? { callerFields: extra.callerFields } : {}),
  });
}

export const ZDiagnosis = z.object({
  ...residentLink,
  name: ZText(200),
  icd10: ZOptionalText(10),
  diagnosedOn: ZDateOnly.optional(),
  active: z.boolean().default(true),
  notes: ZOptionalText(2000),
});
export const diagnosesCollection = medicalCollection(
  "diagnoses",
  "Diagnosis",
  ZDiagnosis,
  { field: "name", direction: "asc" },
  { filterable: ["active"] },
);

export const ZAllergy = z.object({
  ...residentLink,
  allergen: ZText(200),
  reaction: ZOptionalText(500),
  severity: z.enum(["mild", "moderate", "severe", "unknown"]).default("unknown"),
});
export const allergiesCollection = medicalCollection("allergies", "Allergy", ZAllergy, {
  field: "allergen",
  direction: "asc",
});

export const MEDICATION_ROUTES = [
  "oral",
  "sublingual",
  "topical",
  "transdermal",
  "inhaled",
  "nasal",
  "ophthalmic",
  "otic",
  "injection",
  "rectal",
  "other",
] as const;
export const ZMedication = z
  .object({
    ...residentLink,
    name: ZText(200),
    dose: ZText(100),
    route: z.enum(MEDICATION_ROUTES),
    frequency: ZText(100),
    prescriber: ZOptionalText(200),
    startDate: ZDateOnly.optional(),
    stopDate: ZDateOnly.optional(),
    asNeeded: z.boolean().default(false),
    instructions: ZOptionalText(1000),
  })
  .superRefine((m, ctx) => {
    if (m.startDate && m.stopDate && m.stopDate < m.startDate)
      ctx.addIssue({ code: "custom", path: ["stopDate"], message: "Stop date cannot be before the start date" });
  });
export const medicationsCollection = medicalCollection("medications", "Medication", ZMedication, {
  field: "name",
  direction: "asc",
});

export const ZVitals = z
  .object({
    ...residentLink,
    recordedAt: ZTimestamp,
    systolic: ZBetween("Systolic pressure", 40, 300, true).optional(),
    diastolic: ZBetween("Diastolic pressure", 20, 200, true).optional(),
    pulse: ZBetween("Pulse", 20, 250, true).optional(),
    /** Degrees Fahrenheit, one decimal. */
    temperatureF: ZBetween("Temperature", 80, 115).optional(),
    /** Pounds, one decimal. */
    weightLb: ZBetween("Weight", 30, 1000).optional(),
    /** Oxygen saturation (SpO₂), percent. */
    oxygenSaturation: ZBetween("Oxygen saturation", 50, 100, true).optional(),
    /** Breaths per minute. */
    respirationRate: ZBetween("Respiration rate", 4, 60, true).optional(),
    /** Blood glucose, mg/dL. */
    bloodGlucose: ZBetween("Blood glucose", 20, 600, true).optional(),
    /** Pain on the 0–10 scale the resident gives. */
    pain: ZBetween("Pain", 0, 10, true).optional(),
    /**
     * Who recorded it: set by the backend from the signed-in user (their name), never typed; entries
     * from before keep the name typed then.
     */
    recordedBy: ZOptionalText(254),
    /** The signed-in user who recorded it (set by the backend; absent on entries from before). */
    recordedByUserId: z.string().max(128).optional(),
    notes: ZOptionalText(1000),
  })
  .superRefine((v, ctx) => {
    const readings = [v.systolic, v.diastolic, v.pulse, v.temperatureF, v.weightLb];
    readings.push(v.oxygenSaturation, v.respirationRate, v.bloodGlucose, v.pain);
    if (readings.every((x) => x === undefined))
      ctx.addIssue({ code: "custom", path: ["systolic"], message: "Record at least one measurement" });
    if ((v.systolic === undefined) !== (v.diastolic === undefined))
      ctx.addIssue({
        code: "custom",
        path: [v.systolic === undefined ? "systolic" : "diastolic"],
        message: "Give both blood pressure numbers",
      });
    // An hour of slack for clocks that differ a little; a reading from next week is a typing error.
    if (Date.parse(v.recordedAt) > Date.now() + 60 * 60 * 1000)
      ctx.addIssue({ code: "custom", path: ["recordedAt"], message: "Vitals cannot be dated in the future" });
  });
export const vitalsCollection = medicalCollection(
  "vitals",
  "Vitals entry",
  ZVitals,
  { field: "recordedAt", direction: "desc" },
  { callerFields: { id: "recordedByUserId", name: "recordedBy" } },
);

export const INCIDENT_TYPES = [
  "fall",
  "injury",
  "behavior",
  "medication_error",
  "elopement",
  "illness",
  "other",
] as const;
export const ZIncident = z.object({
  ...residentLink,
  occurredAt: ZTimestamp,
  type: z.enum(INCIDENT_TYPES),
  description: ZText(5000),
  /** Who was told: family, physician, licensing, ombudsman… with names. */
  notified: ZOptionalText(1000),
  reportFiled: z.boolean().default(false),
  reportFiledOn: ZDateOnly.optional(),
});
export const incidentsCollection = medicalCollection(
  "incidents",
  "Incident",
  ZIncident,
  { field: "occurredAt", direction: "desc" },
  { filterable: ["type"] },
);

export const ZAppointment = z.object({
  ...residentLink,
  at: ZTimestamp,
  provider: ZText(200),
  purpose: ZOptionalText(500),
  location: ZOptionalText(300),
  transportation: ZOptionalText(200),
  status: z.enum(["scheduled", "completed", "cancelled", "missed"]).default("scheduled"),
  notes: ZOptionalText(2000),
});
export const appointmentsCollection = medicalCollection(
  "appointments",
  "Appointment",
  ZAppointment,
  { field: "at", direction: "asc" },
  { filterable: ["status"] },
);
