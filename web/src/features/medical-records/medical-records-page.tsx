/**
 * `/residents/medical-records`: the selected facility's residents, active ones first, each with their
 * allergies, latest vitals, active medications and incidents of the last 30 days.
 */
import { humanize } from "../../ui/plain-value.ts";
import { listName } from "@care/core/rules/person-name.rules";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import type { TRecordOf } from "@care/core/registry";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useShownPages } from "../../lib/records/use-records.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { DataTable, type TDataColumn } from "../../ui/data-table.tsx";
import { loadMedicalSummaries, loadResidentsPage, type TResidentsCursor } from "./medical-queries.ts";
import { formatBloodPressure, formatDateTime, RECENT_INCIDENT_DAYS, type TMedicalSummary } from "./medical-summary.ts";
import "./medical-records.css";

interface TRow {
  resident: TRecordOf<"residents">;
  summary: TMedicalSummary;
  /** The resident's home, named when the list shows every facility. */
  facility?: string;
}

function VitalsCell({ summary }: { summary: TMedicalSummary }) {
  const v = summary.latestVitals;
  if (!v) return <span className="med-muted">None recorded</span>;
  const parts = [
    formatBloodPressure(v) && `BP ${formatBloodPressure(v)}`,
    v.pulse !== undefined && `Pulse ${v.pulse}`,
    v.temperatureF !== undefined && `Temp ${v.temperatureF} °F`,
    v.weightLb !== undefined && `Weight ${v.weightLb} lb`,
    v.oxygenSaturation !== undefined && `SpO₂ ${v.oxygenSaturation}%`,
    v.respirationRate !== undefined && `Resp ${v.respirationRate}/min`,
    v.bloodGlucose !== undefined && `Glucose ${v.bloodGlucose} mg/dL`,
    v.pain !== undefined && `Pain ${v.pain}/10`,
  ].filter(Boolean);
  return (
    <div className="med-stack">
      <span>{parts.join(" · ")}</span>
      <span className="med-muted med-small">
        {formatDateTime(v.recordedAt)}
        {v.recordedBy ? ` by ${v.recordedBy}` : ""}
      </span>
    </div>
  );
}

const COLUMNS: TDataColumn<TRow>[] = [
  {
    id: "resident",
    header: "Resident",
    meta: { label: "Resident" },
    cell: ({ row }) => {
      const r = row.original.resident;
      return (
        <div className="med-stack">
          <Link to={paths.residents.medical.href(r.id)} className="med-resident">
            {listName(r)}
          </Link>
          <span className="med-muted med-small">
            {row.original.facility ? `${row.original.facility} · ` : ""}
            {r.room ? `Room ${r.room} · ` : ""}
            {humanize(r.status)}
          </span>
        </div>
      );
    },
  },
  {
    id: "allergies",
    header: "Allergies",
    meta: { label: "Allergies" },
    cell: ({ row }) => {
      const allergies = row.original.summary.allergies;
      if (allergies.length === 0) return <span className="med-muted">None recorded</span>;
      return (
        <ul className="med-allergies">
          {allergies.map((a) => (
            <li key={a.id} className={`med-allergy med-allergy--${a.severity}`}>
              {a.allergen}
              {a.severity !== "unknown" ? ` (${a.severity})` : ""}
            </li>
          ))}
        </ul>
      );
    },
  },
  {
    id: "vitals",
    header: "Latest vitals",
    meta: { label: "Latest vitals" },
    cell: ({ row }) => <VitalsCell summary={row.original.summary} />,
  },
  {
    id: "medications",
    header: "Active medications",
    meta: { label: "Active medications" },
    cell: ({ row }) => {
      const meds = row.original.summary.activeMedications;
      if (meds.length === 0) return <span className="med-muted">None</span>;
      return (
        <details className="med-meds">
          <summary>
            {meds.length} active medication{meds.length === 1 ? "" : "s"}
          </summary>
          <ul>
            {meds.map((m) => (
              <li key={m.id}>
                {m.name} {m.dose}, {m.frequency}
                {m.asNeeded && <span className="med-tag">PRN</span>}
              </li>
            ))}
          </ul>
        </details>
      );
    },
  },
  {
    id: "incidents",
    header: `Incidents (${RECENT_INCIDENT_DAYS} days)`,
    meta: { label: `Incidents (${RECENT_INCIDENT_DAYS} days)` },
    cell: ({ row }) => {
      const incidents = row.original.summary.recentIncidents;
      if (incidents.length === 0) return <span className="med-muted">None</span>;
      return (
        <ul className="med-incidents">
          {incidents.map((i) => (
            <li key={i.id}>
              {humanize(i.type)}, {formatDateTime(i.occurredAt)}
            </li>
          ))}
        </ul>
      );
    },
  },
];

/** Medical summaries are computed from these collections. */
const SUMMARY_READS = ["residents", "vitals", "medications", "allergies", "incidents"] as const;

export function MedicalRecordsPage() {
  const [facilityId] = useSelectedFacility();
  const { facilities } = useFacilities();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText).trim();
  const list = useShownPages<TRow, TResidentsCursor>(
    ["medicalRecords", facilityId, search],
    async ({ data }, from) => {
      const page = await loadResidentsPage(data, facilityId, search, from);
      const summaries = await loadMedicalSummaries(
        data,
        page.items.map((r) => r.id),
        new Date(),
      );
      return {
        items: page.items.map((resident) => ({ resident, summary: summaries.get(resident.id)! })),
        next: page.next,
      };
    },
    { reads: SUMMARY_READS },
  );
  const rows = list.items;
  const loading = list.loading;

  const { scope } = useFacilityScope();
  const shown = useMemo(
    () =>
      facilityId === ""
        ? rows.map((row) => ({ ...row, facility: facilityName(facilities, row.resident.facilityId) }))
        : rows,
    [rows, facilityId, facilities],
  );
  return (
    <article className="medical-records" aria-labelledby="page-title">
      <header className="medical-page__header">
        <h1 id="page-title">Medical Records</h1>
        <p className="medical-page__intro">
          Each resident's allergies, latest vitals, active medications and recent incidents, active residents first.
          Open a resident to record vitals, medications, diagnoses, incidents and appointments. Every view and change is
          written to the audit log.
        </p>
        <p className="medical-page__scope">
          <span className="medical-page__scope-label">Facility:</span> {scope}
        </p>
      </header>
      <div className="medical-records__search">
        <label htmlFor="medical-search">Search by name</label>
        <input
          id="medical-search"
          type="search"
          value={searchText}
          placeholder="Last, first or preferred name"
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <DataTable
        caption="Residents' medical summaries"
        columns={COLUMNS}
        rows={shown}
        getRowId={(row) => row.resident.id}
        loading={loading}
        empty={
          search ? (
            <p>No resident's name matches "{search}".</p>
          ) : (
            <>
              <h2>No residents in {scope}</h2>
              <p>
                Medical entries are kept per resident. <Link to={paths.residents.add.href()}>Add a resident</Link>{" "}
                first, then record their allergies, medications and vitals from their record.
              </p>
            </>
          )
        }
      />
      {list.hasMore && (
        <p className="medical-records__more">
          <button type="button" className="button button--secondary" disabled={loading} onClick={list.showMore}>
            Show more residents
          </button>
        </p>
      )}
    </article>
  );
}
