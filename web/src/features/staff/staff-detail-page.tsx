/**
 * A staff member's page (`/staff/:id`): profile, emergency contact, Live Scan clearance, their training
 * (requirements, "may work independently", the ledger), their document checklist (first aid/CPR, LIC 503,
 * … — upload, replace, versions) and Archive (staff are never deleted).
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { clearanceRecorded } from "@care/core/rules/compliance.rules";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useCan } from "../../lib/access.ts";
import { useRecord } from "../../lib/records/use-records.ts";
import { ArchiveButton } from "../../ui/archive-button.tsx";
import { DocumentsPanel } from "../../ui/documents/documents-panel.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { RecordAccessLog } from "../../ui/record-access-log.tsx";
import { RecordHistory } from "../../ui/record-history.tsx";
import { SheetGrid, SheetItem } from "../../ui/record-sheet.tsx";
import type { TStaffRecord } from "./staff-form-values.ts";
import { CLEARANCE_HINTS, STATUS_LABELS, STATUS_TONES, staffChangeText } from "./staff-format.ts";
import { CLEARANCE_LABELS } from "@care/core/collections/staff.collection";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { StaffNotFound } from "./staff-not-found.tsx";
import { TrainingPanel } from "./training-panel.tsx";
import { useFileHere } from "./staff-access.ts";
import { TransferDialog } from "../../ui/transfer-dialog.tsx";
import "./staff.css";

export function StaffDetailPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("staff", id)} notFound={<StaffNotFound />}>
      {(member) => <StaffProfile s={member} />}
    </RecordGate>
  );
}

function StaffProfile({ s }: { s: TStaffRecord }) {
  const { facilities } = useFacilities();
  const can = useCan();
  const [transferring, setTransferring] = useState(false);
  // Someone who also works at the user's home but belongs to another: their file is kept at their home.
  const fileHere = useFileHere(s);
  // A home the user does not see has no name for them.
  const homeName = (id: string) =>
    facilities.some((f) => f.id === id) ? facilityName(facilities, id) : "a home you do not see";

  const others = s.otherFacilityIds
    .filter((f) => f !== s.facilityId)
    .map((f) => homeName(f))
    .filter((name, index, all) => all.indexOf(name) === index);
  return (
    <article className="page staff-detail" aria-labelledby="page-title">
      <PageHeader
        title={headingName(s)}
        actions={
          !s.archivedAt &&
          fileHere &&
          can("staff", "write") && (
            <>
              <Link className="button" to={paths.staff.edit.href(s.id)}>
                Edit
              </Link>
              <button type="button" className="button button--secondary" onClick={() => setTransferring(true)}>
                Transfer to another home…
              </button>
              <ArchiveButton
                collection="staff"
                record={s}
                name={headingName(s)}
                question="Archive this staff member?"
                after={paths.staff.list.href()}
              >
                {headingName(s)} will no longer be listed in the Staff Directory or counted for compliance. The record
                and their documents stay kept.
              </ArchiveButton>
            </>
          )
        }
      >
        <p className="staff-detail__summary">
          <span className={STATUS_TONES[s.status]}>{STATUS_LABELS[s.status]}</span> {POSITION_LABELS[s.position]} ·{" "}
          {homeName(s.facilityId)}
        </p>
      </PageHeader>

      {s.archivedAt && (
        <p className="alert" role="status">
          This staff member was archived on {s.archivedAt.slice(0, 10)}. The record and documents are kept but no longer
          listed.
        </p>
      )}

      <section className="staff-profile card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <SheetGrid>
          <SheetItem label="Last name">{s.lastName}</SheetItem>
          <SheetItem label="First name">{s.firstName}</SheetItem>
          <SheetItem label="Preferred name">{s.preferredName}</SheetItem>
          <SheetItem label="Position">{POSITION_LABELS[s.position]}</SheetItem>
          <SheetItem label="Status">{STATUS_LABELS[s.status]}</SheetItem>
          <SheetItem label="Home facility">{homeName(s.facilityId)}</SheetItem>
          <SheetItem label="Also works at">{others.join(", ")}</SheetItem>
          <SheetItem label="Phone">{s.phone && <a href={`tel:${s.phone}`}>{s.phone}</a>}</SheetItem>
          <SheetItem label="E-mail">{s.email && <a href={`mailto:${s.email}`}>{s.email}</a>}</SheetItem>
          <SheetItem label="Address">{s.address}</SheetItem>
          <SheetItem label="Hire date">{s.hireDate}</SheetItem>
          <SheetItem label="Termination date">{s.terminationDate}</SheetItem>
        </SheetGrid>
        <h3 className="sheet__title">Emergency contact</h3>
        <SheetGrid>
          <SheetItem label="Name">{s.emergencyContactName}</SheetItem>
          <SheetItem label="Relationship">{s.emergencyContactRelationship}</SheetItem>
          <SheetItem label="Phone">
            {s.emergencyContactPhone && <a href={`tel:${s.emergencyContactPhone}`}>{s.emergencyContactPhone}</a>}
          </SheetItem>
        </SheetGrid>
        {s.notes && (
          <>
            <h3 className="sheet__title">Notes</h3>
            <p className="staff-profile__notes">{s.notes}</p>
          </>
        )}
      </section>

      <section className="staff-clearance card" aria-labelledby="clearance-title">
        <h2 id="clearance-title">Live Scan clearance</h2>
        <p>
          <span className={`staff-clearance__status staff-clearance__status--${s.clearanceStatus}`}>
            {CLEARANCE_LABELS[s.clearanceStatus]}
          </span>
          {s.clearanceDate ? ` on ${s.clearanceDate}` : ""}
          {s.clearanceSubmittedDate ? ` · submitted on ${s.clearanceSubmittedDate}` : ""}
        </p>
        {!s.archivedAt && fileHere && can("staff", "write") && CLEARANCE_HINTS[s.clearanceStatus] && (
          <p className="staff-clearance__hint">{CLEARANCE_HINTS[s.clearanceStatus]}</p>
        )}
      </section>

      {fileHere ? (
        <>
          {can("schedules") && <TrainingPanel member={s} canEdit={!s.archivedAt && can("schedules", "write")} />}
          <RecordHistory
            collection="staff"
            recordId={s.id}
            facilityId={s.facilityId}
            show={(field, text) => staffChangeText(field, text, (id) => facilityName(facilities, id))}
          />

          <RecordAccessLog collection="staff" recordId={s.id} facilityId={s.facilityId} />

          <DocumentsPanel
            subject="staff"
            subjectId={s.id}
            facilityId={s.facilityId}
            canEdit={!s.archivedAt}
            subjectName={headingName(s)}
            clearanceRecorded={clearanceRecorded(s.clearanceStatus)}
          />
        </>
      ) : (
        <section className="card" aria-labelledby="file-title">
          <h2 id="file-title">Their file</h2>
          <p>
            {headingName(s)} also works at your home; they belong to {homeName(s.facilityId)}. Their file (documents,
            training, history) is kept there, and changes to this record are made by its staff.
          </p>
        </section>
      )}
      {transferring && (
        <TransferDialog subject="staff" person={s} name={headingName(s)} onClose={() => setTransferring(false)} />
      )}
    </article>
  );
}
