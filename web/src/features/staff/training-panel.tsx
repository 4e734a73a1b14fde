/**
 * A staff member's training on their page: whether they may work independently, each requirement of
 * their position against the hours of its current period (with its parts), the hours of each calendar
 * year, and the ledger itself (add, edit, archive), computed by the shared rules of `@care/core`.
 */
import { headingName } from "@care/core/rules/person-name.rules";
import {
  hoursByYear,
  independence,
  trainingProgress,
  type TRequirementProgress,
} from "@care/core/rules/training.rules";
import type { TRecordOf } from "@care/core/registry";
import { Link } from "react-router-dom";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { DataTable, type TDataColumn } from "../../ui/data-table.tsx";
import { EntrySection } from "../../ui/entries/entry-section.tsx";
import type { TStaffRecord } from "./staff-form-values.ts";
import { TrainingEntryForm } from "./training-entry-form.tsx";
import { CATEGORY_LABELS, hoursText, PROGRESS_LABELS, PROGRESS_TONES, windowText } from "./training-format.ts";

type TEntry = TRecordOf<"trainingEntries">;

/** The requirements, the whole ledger and the results on the home's today, for the panel and the transcript. */
export function useTraining(member: TStaffRecord) {
  const { facilities } = useFacilities();
  const today = facilityToday(facilities, member.facilityId);
  const requirements = useAllRecords("trainingRequirements", { orderBy: { field: "sortOrder", direction: "asc" } });
  const entries = useAllRecords("trainingEntries", {
    where: { staffId: member.id },
    orderBy: { field: "date", direction: "desc" },
  });
  const ledger = entries.data ?? [];
  const loaded = requirements.data !== undefined && entries.data !== undefined;
  const progress = trainingProgress(requirements.data ?? [], member, ledger, today);
  const gate = independence(requirements.data ?? [], member, ledger, today);
  const gated = (requirements.data ?? []).some(
    (r) => r.period === "before_independence" && (r.positions.length === 0 || r.positions.includes(member.position)),
  );
  return { today, loaded, ledger, progress, gate, gated, years: hoursByYear(ledger) };
}

/** "14 of 20 hours" with a bar. */
export function HoursBar({ p }: { p: TRequirementProgress }) {
  const share = p.required > 0 ? Math.min(1, p.hours / p.required) : 1;
  return (
    <span className="training-hours">
      <span>
        {p.hours} of {hoursText(p.required)}
      </span>
      <span className="training-hours__bar" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </span>
  );
}

/** The parts of a requirement: "Dementia care 6 of 6 h ✓". */
export function PartsText({ p }: { p: TRequirementProgress }) {
  if (p.parts.length === 0) return <>—</>;
  // Before its first period begins there is nothing to count yet: what it will ask.
  if (p.state === "not_yet")
    return (
      <ul className="training-parts">
        {p.parts.map((part) => (
          <li key={part.label}>
            {part.label}: {part.minHours !== undefined ? `at least ${part.minHours} h` : `at most ${part.maxHours} h`}
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="training-parts">
      {p.parts.map((part) => (
        <li key={part.label} className={part.met ? "" : "training-parts__short"}>
          {part.label}: {part.hours}
          {part.minHours !== undefined ? ` of ${part.minHours} h` : " h"}
          {part.maxHours !== undefined ? ` (counts up to ${part.maxHours} h)` : ""}
          {part.minHours !== undefined && (part.met ? " — done" : " — short")}
        </li>
      ))}
    </ul>
  );
}

export const PROGRESS_COLUMNS: TDataColumn<TRequirementProgress>[] = [
  { id: "name", header: "Requirement", cell: ({ row }) => <strong>{row.original.name}</strong> },
  { id: "window", header: "Counts", cell: ({ row }) => windowText(row.original) },
  { id: "hours", header: "Hours", cell: ({ row }) => <HoursBar p={row.original} /> },
  { id: "parts", header: "Of which", cell: ({ row }) => <PartsText p={row.original} /> },
  {
    id: "state",
    header: "Status",
    cell: ({ row }) => (
      <span className={`${PROGRESS_TONES[row.original.state]} training-state`}>
        {PROGRESS_LABELS[row.original.state]}
        {row.original.shortBy > 0 && row.original.state !== "not_yet" ? ` · ${row.original.shortBy} h to go` : ""}
      </span>
    ),
  },
];

const ENTRY_COLUMNS: TDataColumn<TEntry>[] = [
  { id: "date", header: "Date", cell: ({ row }) => row.original.date },
  { id: "topic", header: "Topic", cell: ({ row }) => row.original.topic },
  { id: "category", header: "Category", cell: ({ row }) => CATEGORY_LABELS[row.original.category] },
  {
    id: "hours",
    header: "Hours",
    cell: ({ row }) => `${row.original.hours}${row.original.online ? " (online)" : ""}`,
  },
  { id: "trainer", header: "Trainer", cell: ({ row }) => row.original.trainer ?? "—" },
];

/** "Before working independently: 4 hours short (Dementia care 2 of 6 h)". */
function shortText(p: TRequirementProgress): string {
  const parts = p.parts.filter((part) => !part.met).map((part) => `${part.label} ${part.hours} of ${part.minHours} h`);
  return `${p.name}: ${hoursText(p.shortBy)} short${parts.length > 0 ? ` (${parts.join(", ")})` : ""}`;
}

/** The "may work independently" line, for the panel and the transcript. */
export function IndependenceLine({ training, name }: { training: ReturnType<typeof useTraining>; name: string }) {
  const { gate, gated } = training;
  if (!gated) return null;
  return gate.may ? (
    <p className="training-gate training-gate--may" role="status">
      <span className="pill">May work independently</span> {name} has the training required before working without
      supervision.
    </p>
  ) : (
    <p className="training-gate" role="status">
      <span className="pill pill--warn">Under direct supervision only</span> {name} may not work independently yet:{" "}
      {gate.missing.map(shortText).join("; ")}.
    </p>
  );
}

export function TrainingPanel({ member, canEdit }: { member: TStaffRecord; canEdit: boolean }) {
  const training = useTraining(member);
  const name = headingName(member);
  return (
    <>
      <section className="card training" aria-labelledby="training-title">
        <div className="entry-section__header">
          <h2 id="training-title">Training</h2>
          <span className="training__links">
            <Link className="button button--secondary" to={paths.staff.month.href(member.id)}>
              Shifts of the month
            </Link>
            <Link className="button button--secondary" to={paths.staff.transcript.href(member.id)}>
              Training transcript
            </Link>
          </span>
        </div>
        {training.loaded && <IndependenceLine training={training} name={name} />}
        <DataTable
          caption={`Training requirements of ${name}`}
          columns={PROGRESS_COLUMNS}
          rows={training.progress}
          getRowId={(p) => p.requirementId}
          loading={!training.loaded}
          empty={
            <p>
              No training requirement applies to this position.{" "}
              <Link to={paths.staff.requirements.href()}>See the requirements</Link>.
            </p>
          }
        />
        {training.years.length > 0 && (
          <>
            <h3>Hours by year</h3>
            <ul className="training-years">
              {training.years.map((y) => (
                <li key={y.year}>
                  <strong>{y.year}</strong>: {hoursText(y.total)}
                  {y.online > 0 ? ` (${y.online} online)` : ""} —{" "}
                  {Object.entries(y.byCategory)
                    .map(([category, hours]) => `${CATEGORY_LABELS[category as TEntry["category"]]} ${hours}`)
                    .join(", ")}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <EntrySection
        collection="trainingEntries"
        title="Training ledger"
        noun="training entry"
        addLabel="Add training"
        owner={{ field: "staffId", id: member.id }}
        facilityId={member.facilityId}
        columns={ENTRY_COLUMNS}
        describe={(e) => `${e.topic} on ${e.date}`}
        Form={TrainingEntryForm}
        orderBy={{ field: "date", direction: "desc" }}
        empty="No training recorded yet."
        canEdit={canEdit}
      />
    </>
  );
}
