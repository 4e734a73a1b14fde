/**
 * A staff member's training transcript (`/staff/:id/training`), laid out for printing: who they are,
 * whether they may work independently, each requirement against its period's hours, the hours of each
 * year and every ledger entry — what a licensing visit asks to see.
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { Link, useParams } from "react-router-dom";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { usePortalTitle } from "../../lib/portal-title.ts";
import { useRecord } from "../../lib/records/use-records.ts";
import { printPage } from "../../ui/print.ts";
import { RecordGate } from "../../ui/record-gate.tsx";
import type { TStaffRecord } from "./staff-form-values.ts";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { StaffNotFound } from "./staff-not-found.tsx";
import { useFileHere } from "./staff-access.ts";
import { IndependenceLine, PartsText, useTraining } from "./training-panel.tsx";
import { CATEGORY_LABELS, hoursText, PROGRESS_LABELS, windowText } from "./training-format.ts";
import "./staff.css";

export function TrainingTranscriptPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("staff", id)} notFound={<StaffNotFound />}>
      {(member) => <Transcript member={member} />}
    </RecordGate>
  );
}

function Transcript({ member }: { member: TStaffRecord }) {
  const fileHere = useFileHere(member);
  if (!fileHere)
    return (
      <article className="page training-transcript" aria-labelledby="page-title">
        <h1 id="page-title">Training transcript: {headingName(member)}</h1>
        <p className="alert" role="status">
          {headingName(member)} belongs to a home you do not see: their training is kept there, so its transcript is
          printed by that home&apos;s staff.
        </p>
        <p>
          <Link to={paths.staff.detail.href(member.id)}>Back to {headingName(member)}</Link>
        </p>
      </article>
    );
  return <TranscriptOf member={member} />;
}

function TranscriptOf({ member }: { member: TStaffRecord }) {
  const { facilities } = useFacilities();
  const portal = usePortalTitle();
  const training = useTraining(member);
  const name = headingName(member);
  return (
    <article className="page training-transcript" aria-labelledby="page-title">
      <p className="no-print">
        <Link to={paths.staff.detail.href(member.id)}>← {name}</Link>
      </p>
      <header>
        <h1 id="page-title">Training transcript: {name}</h1>
        <p>
          {POSITION_LABELS[member.position]} · {facilityName(facilities, member.facilityId)} · hired{" "}
          {member.hireDate ?? "(no hire date recorded)"} · {portal}, printed {training.today}
        </p>
      </header>
      <p className="no-print">
        <button type="button" className="button" onClick={printPage} disabled={!training.loaded}>
          Print
        </button>
      </p>
      {training.loaded && <IndependenceLine training={training} name={name} />}
      <h2>Requirements</h2>
      {training.progress.length === 0 ? (
        <p>No training requirement applies to this position.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Requirement</th>
              <th scope="col">Counts</th>
              <th scope="col">Hours</th>
              <th scope="col">Of which</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {training.progress.map((p) => (
              <tr key={p.requirementId}>
                <td>{p.name}</td>
                <td>{windowText(p)}</td>
                <td>
                  {p.hours} of {p.required}
                </td>
                <td>
                  <PartsText p={p} />
                </td>
                <td>
                  {PROGRESS_LABELS[p.state]}
                  {p.shortBy > 0 && p.state !== "not_yet" ? ` (${hoursText(p.shortBy)} short)` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Hours by year</h2>
      {training.years.length === 0 ? (
        <p>No training recorded.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Hours</th>
              <th scope="col">Online</th>
            </tr>
          </thead>
          <tbody>
            {training.years.map((y) => (
              <tr key={y.year}>
                <td>{y.year}</td>
                <td>{y.total}</td>
                <td>{y.online}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Ledger</h2>
      {training.ledger.length === 0 ? (
        <p>No training recorded.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Topic</th>
              <th scope="col">Category</th>
              <th scope="col">Hours</th>
              <th scope="col">Trainer</th>
              <th scope="col">Certificate</th>
            </tr>
          </thead>
          <tbody>
            {training.ledger.map((e) => (
              <tr key={e.id}>
                <td>{e.date}</td>
                <td>{e.topic}</td>
                <td>{CATEGORY_LABELS[e.category]}</td>
                <td>
                  {e.hours}
                  {e.online ? " (online)" : ""}
                </td>
                <td>{e.trainer ?? "—"}</td>
                <td>{e.certificateId ? "On file" : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
