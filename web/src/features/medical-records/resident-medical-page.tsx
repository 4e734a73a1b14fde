/**
 * `/residents/:id/medical`: one resident's medical record — allergies, diagnoses, medications
 * (active / stopped), the vitals log, incidents and appointments (upcoming / past) — each added,
 * edited and archived in place.
 */
import { humanize } from "../../ui/plain-value.ts";
import { headingName } from "@care/core/rules/person-name.rules";
import type { ReactNode } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import type { TRecordOf } from "@care/core/registry";
import { isActiveMedication } from "@care/core/rules/medical.rules";
import { facilityName, facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useRecord } from "../../lib/records/use-records.ts";
import type { TDataColumn } from "../../ui/data-table.tsx";
import { RecordGate, RecordNotFound } from "../../ui/record-gate.tsx";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { EntrySection } from "../../ui/entries/entry-section.tsx";
import {
  AllergyForm,
  AppointmentForm,
  DiagnosisForm,
  IncidentForm,
  MedicationForm,
  VitalsForm,
} from "./medical-forms.tsx";
import {
  formatBloodPressure,
  formatDate,
  formatDateTime,
  type TAllergyRecord,
  type TAppointmentRecord,
  type TDiagnosisRecord,
  type TIncidentRecord,
  type TMedicationRecord,
  type TVitalsRecord,
} from "./medical-summary.ts";
import "./medical-records.css";

/** A column showing `render(entry)` under `header`. */
function column<T>(id: string, header: string, render: (entry: T) => ReactNode): TDataColumn<T> {
  return { id, header, meta: { label: header }, cell: ({ row }) => render(row.original) };
}

const optionalDate = (date: string | undefined) => (date ? formatDate(date) : "—");

const allergyColumns: TDataColumn<TAllergyRecord>[] = [
  column("allergen", "Allergen", (a) => <strong>{a.allergen}</strong>),
  column("reaction", "Reaction", (a) => a.reaction ?? "—"),
  column("severity", "Severity", (a) => <span className={`med-severity--${a.severity}`}>{humanize(a.severity)}</span>),
];

const diagnosisColumns: TDataColumn<TDiagnosisRecord>[] = [
  column("name", "Diagnosis", (d) => d.name),
  column("icd10", "ICD-10", (d) => d.icd10 ?? "—"),
  column("diagnosedOn", "Diagnosed", (d) => optionalDate(d.diagnosedOn)),
  column("active", "Status", (d) => (d.active ? "Active" : "Resolved")),
  column("notes", "Notes", (d) => d.notes ?? ""),
];

const medicationColumns: TDataColumn<TMedicationRecord>[] = [
  column("name", "Medication", (m) => (
    <>
      {m.name}
      {m.asNeeded && <span className="med-tag">PRN</span>}
    </>
  )),
  column("dose", "Dose", (m) => m.dose),
  column("route", "Route", (m) => humanize(m.route)),
  column("frequency", "Frequency", (m) => m.frequency),
  column("prescriber", "Prescriber", (m) => m.prescriber ?? "—"),
  column("start", "Start", (m) => optionalDate(m.startDate)),
  column("stop", "Stop", (m) => optionalDate(m.stopDate)),
];

/** The oxygen saturation, respiration, glucose and pain of an entry, those given, e.g. "SpO₂ 96 %, Pain 2/10". */
function otherReadings(v: TVitalsRecord): string {
  const parts: [string, number | null | undefined, string][] = [
    ["SpO₂", v.oxygenSaturation, " %"],
    ["Resp", v.respirationRate, "/min"],
    ["Glucose", v.bloodGlucose, " mg/dL"],
    ["Pain", v.pain, "/10"],
  ];
  return parts
    .filter(([, value]) => value != null)
    .map(([label, value, unit]) => `${label} ${value}${unit}`)
    .join(", ");
}

const vitalsColumns: TDataColumn<TVitalsRecord>[] = [
  column("recordedAt", "Taken", (v) => formatDateTime(v.recordedAt)),
  column("bp", "BP", (v) => formatBloodPressure(v) || "—"),
  column("pulse", "Pulse", (v) => v.pulse ?? "—"),
  column("temperature", "Temp °F", (v) => v.temperatureF ?? "—"),
  column("weight", "Weight lb", (v) => v.weightLb ?? "—"),
  // The readings taken less often share one column, so the table fits a laptop's width.
  column("more", "SpO₂ · Resp · Glucose · Pain", (v) => otherReadings(v) || "—"),
  // Set by the portal from who was signed in; entries from before show the name typed then.
  column("recordedBy", "By", (v) => v.recordedBy ?? "—"),
  column("notes", "Notes", (v) => v.notes ?? ""),
];

const incidentColumns: TDataColumn<TIncidentRecord>[] = [
  column("occurredAt", "When", (i) => formatDateTime(i.occurredAt)),
  column("type", "Type", (i) => humanize(i.type)),
  column("description", "What happened", (i) => i.description),
  column("notified", "Notified", (i) => i.notified ?? "—"),
  column("report", "Report filed", (i) =>
    i.reportFiled ? `Yes${i.reportFiledOn ? `, ${formatDate(i.reportFiledOn)}` : ""}` : "No",
  ),
];

const appointmentColumns: TDataColumn<TAppointmentRecord>[] = [
  column("at", "When", (a) => formatDateTime(a.at)),
  column("provider", "Provider", (a) => a.provider),
  column("purpose", "Purpose", (a) => a.purpose ?? "—"),
  column("location", "Location", (a) => a.location ?? "—"),
  column("transportation", "Transportation", (a) => a.transportation ?? "—"),
  column("status", "Status", (a) => humanize(a.status)),
];

const NEWEST_FIRST = { field: "recordedAt", direction: "desc" } as const;
const INCIDENTS_NEWEST_FIRST = { field: "occurredAt", direction: "desc" } as const;

export function ResidentMedicalPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate
      state={useRecord("residents", id)}
      notFound={
        <RecordNotFound
          title="Resident not found"
          back={{ label: "Medical Records", to: paths.residents.medicalRecords.href() }}
        >
          This resident does not exist or belongs to a facility you may not see.
        </RecordNotFound>
      }
    >
      {(resident) => <MedicalRecord resident={resident} />}
    </RecordGate>
  );
}

function MedicalRecord({ resident }: { resident: TRecordOf<"residents"> }) {
  const { facilities } = useFacilities();
  const name = headingName(resident);
  const now = new Date();
  const today = facilityToday(facilities, resident.facilityId, now);
  const nowIso = now.toISOString();
  // `?add=vitals` (the face sheet's "Record vitals") opens that section's form; closing it clears the ask.
  const [search, setSearch] = useSearchParams();
  const adding = search.get("add");
  const common = {
    owner: { field: "residentId", id: resident.id },
    facilityId: resident.facilityId,
    onFormClosed: () => adding && setSearch({}, { replace: true }),
  };
  return (
    <article className="medical-page" aria-labelledby="page-title">
      <header className="medical-page__header">
        <h1 id="page-title">{name}: medical record</h1>
        <p className="medical-page__meta">
          {facilityName(facilities, resident.facilityId)}
          {resident.room ? ` · Room ${resident.room}` : ""} · {humanize(resident.status)} · Code status:{" "}
          {resident.codeStatus === "full_code" ? "Full code" : resident.codeStatus.toUpperCase()}
        </p>
      </header>
      <ResidentTabs residentId={resident.id} />
      <EntrySection
        {...common}
        collection="allergies"
        startAdding={adding === "allergies"}
        title="Allergies"
        noun="allergy"
        addLabel="Add allergy"
        columns={allergyColumns}
        describe={(a) => `Allergy to ${a.allergen}`}
        Form={AllergyForm}
        empty="No known allergies recorded."
      />
      <EntrySection
        {...common}
        collection="diagnoses"
        startAdding={adding === "diagnoses"}
        title="Diagnoses"
        noun="diagnosis"
        addLabel="Add diagnosis"
        columns={diagnosisColumns}
        describe={(d) => `Diagnosis ${d.name}`}
        Form={DiagnosisForm}
        empty="No diagnoses recorded."
      />
      <EntrySection
        {...common}
        collection="medications"
        startAdding={adding === "medications"}
        title="Medications"
        noun="medication"
        addLabel="Add medication"
        columns={medicationColumns}
        describe={(m) => `${m.name} ${m.dose}`}
        Form={MedicationForm}
        groups={[
          { title: "Active", filter: (m) => isActiveMedication(m, today), empty: "No active medications." },
          { title: "Stopped", filter: (m) => !isActiveMedication(m, today), empty: "No stopped medications." },
        ]}
        empty="No medications recorded."
      />
      <EntrySection
        {...common}
        collection="vitals"
        startAdding={adding === "vitals"}
        title="Vitals"
        noun="vitals entry"
        addLabel="Record vitals"
        columns={vitalsColumns}
        describe={(v) => `Vitals of ${formatDateTime(v.recordedAt)}`}
        Form={VitalsForm}
        orderBy={NEWEST_FIRST}
        empty="No vitals recorded."
      />
      <EntrySection
        {...common}
        collection="incidents"
        startAdding={adding === "incidents"}
        title="Incidents"
        noun="incident"
        addLabel="Record incident"
        columns={incidentColumns}
        describe={(i) => `${humanize(i.type)} of ${formatDateTime(i.occurredAt)}`}
        Form={IncidentForm}
        orderBy={INCIDENTS_NEWEST_FIRST}
        empty="No incidents recorded."
      />
      <EntrySection
        {...common}
        collection="appointments"
        startAdding={adding === "appointments"}
        title="Appointments"
        noun="appointment"
        addLabel="Add appointment"
        columns={appointmentColumns}
        describe={(a) => `Appointment with ${a.provider} on ${formatDateTime(a.at)}`}
        Form={AppointmentForm}
        groups={[
          { title: "Upcoming", filter: (a) => a.at >= nowIso, empty: "No upcoming appointments." },
          { title: "Past", filter: (a) => a.at < nowIso, empty: "No past appointments.", reverse: true },
        ]}
        empty="No appointments recorded."
      />
    </article>
  );
}
