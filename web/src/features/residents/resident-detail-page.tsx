/**
 * A resident's face sheet (`/residents/:id`): every profile field and contact, printable on one page,
 * with the status changes of a stay (leave, hospital, return, discharge, death, readmission) and
 * Archive (residents are never deleted).
 */
import { useCan, useMayDo } from "../../lib/access.ts";
import { effectiveStatus, isPlannedMoveIn, leavingOn } from "@care/core/rules/census.rules";
import { headingName } from "@care/core/rules/person-name.rules";
import { residentStays } from "@care/core/rules/stays.rules";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import type { TRecordOf } from "@care/core/registry";
import { useCompliance } from "../../lib/compliance.ts";
import { facilityName, facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useRecord, useShownRecords } from "../../lib/records/use-records.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import { ArchiveButton } from "../../ui/archive-button.tsx";
import { printPage } from "../../ui/print.ts";
import { RecordGate } from "../../ui/record-gate.tsx";
import { SheetGrid, SheetItem } from "../../ui/record-sheet.tsx";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import {
  AMBULATORY_LABELS,
  GENDER_LABELS,
  STATUS_LABELS,
  ageOn,
  formatCents,
  roomAndBed,
  statusPill,
} from "./resident-format.ts";
import { CodeStatusDialog } from "./code-status-dialog.tsx";
import { FaceSheetHeading, sheetDate, staysText } from "./face-sheet-header.tsx";
import { FaceSheetAlerts, FaceSheetInsurance, FaceSheetMedical } from "./face-sheet-medical.tsx";
import { ResidentHeader } from "./resident-header.tsx";
import { ResidentNotFound } from "./resident-not-found.tsx";
import { ResidentStatusDialog } from "./resident-status-dialog.tsx";
import { TransferDialog } from "../../ui/transfer-dialog.tsx";
import { STATUS_ACTIONS, actionsFor, type TStatusAction } from "./resident-status.ts";
import "./residents.css";

/** The resident's document compliance in one line, linking to their Documents tab. */
function DocumentsSummary({ residentId }: { residentId: string }) {
  const query = useCompliance("resident", [residentId]);
  // The face sheet stands without the summary; a failure is one toast.
  if (!query.data) return null;
  const compliance = query.data.get(residentId);
  return (
    <p className="resident-detail__documents no-print">
      <span className="resident-detail__documents-label">Documents:</span>{" "}
      {compliance ? (
        <>
          <ComplianceBadge status={compliance.status} counts={compliance.counts} />{" "}
          {complianceCountsText(compliance.counts)} ·{" "}
        </>
      ) : (
        "not tracked for this resident now · "
      )}
      <Link to={paths.residents.documents.href(residentId)}>Open documents</Link>
    </p>
  );
}

/** The resident's latest move into a home, said on the Stay card ("Transferred into Tull on …"). */
function LastTransfer({ residentId }: { residentId: string }) {
  const { facilities } = useFacilities();
  const moves = useShownRecords(
    "residentEvents",
    { where: { residentId, type: "transfer_in" }, orderBy: { field: "date", direction: "desc" } },
    1,
  );
  const last = moves.items[0];
  if (!last) return null;
  return (
    <p>
      Transferred into {facilityName(facilities, last.facilityId)} on {last.date}
      {last.reason && ` — ${last.reason}`}
    </p>
  );
}

/** Every stay of a resident readmitted after a discharge (rules/stays.rules.ts), for the face sheet. */
function StaysItem({ r }: { r: TRecordOf<"residents"> }) {
  const events = useShownRecords(
    "residentEvents",
    { where: { residentId: r.id }, orderBy: { field: "date", direction: "asc" } },
    100,
  );
  const stays = residentStays(r, events.items);
  if (stays.length < 2) return null;
  return <SheetItem label="Stays">{staysText(stays)}</SheetItem>;
}

export function ResidentDetailPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("residents", id)} notFound={<ResidentNotFound />}>
      {(resident) => <FaceSheet r={resident} />}
    </RecordGate>
  );
}

function FaceSheet({ r }: { r: TRecordOf<"residents"> }) {
  const { facilities } = useFacilities();
  const canRent = useCan()("rent");
  const mayDo = useMayDo();
  const [action, setAction] = useState<TStatusAction | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [changingCode, setChangingCode] = useState(false);
  const homeToday = facilityToday(facilities, r.facilityId);
  const planned = isPlannedMoveIn(r, homeToday);
  // The status on the home's today: a planned discharge whose day has come reads discharged.
  const status = effectiveStatus(r, homeToday);
  const leaving = leavingOn(r, homeToday);
  const ended = status === "discharged" || status === "deceased";
  return (
    <article className="page resident-detail" aria-labelledby="page-title">
      <ResidentHeader
        resident={r}
        title={headingName(r)}
        actions={
          <>
            {!ended && !r.archivedAt && (
              <Link className="button" to={paths.residents.medicalEntry.href(r.id, "vitals")}>
                Record vitals
              </Link>
            )}
            <Link className="button button--secondary" to={paths.residents.edit.href(r.id)}>
              Edit
            </Link>
            {mayDo("changeCodeStatus") && !r.archivedAt && (
              <button type="button" className="button button--secondary" onClick={() => setChangingCode(true)}>
                Change code status…
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={printPage}>
              Print face sheet
            </button>
          </>
        }
      >
        <DocumentsSummary residentId={r.id} />
      </ResidentHeader>
      <div className="no-print">
        <ResidentTabs residentId={r.id} />
      </div>

      {r.archivedAt && (
        <p className="alert no-print" role="status">
          This resident was archived on {r.archivedAt.slice(0, 10)}. The record is kept but no longer listed.
        </p>
      )}

      {!r.archivedAt && (
        <section className="resident-detail__status card no-print" aria-labelledby="status-title">
          <h2 id="status-title">Stay</h2>
          {planned ? (
            <p>
              Planned move-in on {r.admissionDate}: not in the census until then. If the move-in is called off, archive
              the record.
            </p>
          ) : (
            <p>
              {STATUS_LABELS[status]}
              {status === r.status ? r.statusDate && ` since ${r.statusDate}` : ` since ${r.dischargeDate}`}
              {status === r.status && r.statusReason && ` — ${r.statusReason}`}
            </p>
          )}
          {leaving && (
            <p className="resident-detail__leaving">
              <strong>Leaving on {leaving}</strong>: a planned discharge. They are counted as living here until then.
            </p>
          )}
          <LastTransfer residentId={r.id} />
          <div className="resident-detail__actions">
            {(planned ? [] : actionsFor(status, mayDo).filter((a) => !(leaving && a === "discharge"))).map((a) => (
              <button key={a} type="button" className="button button--secondary" onClick={() => setAction(a)}>
                {STATUS_ACTIONS[a].label}
              </button>
            ))}
            {!ended && mayDo("transferResident") && (
              <button type="button" className="button button--secondary" onClick={() => setTransferring(true)}>
                Transfer to another home…
              </button>
            )}
            {mayDo("archiveResident") && (
              <ArchiveButton
                collection="residents"
                record={r}
                name={headingName(r)}
                question="Archive this resident?"
                after={paths.residents.list.href()}
              >
                {headingName(r)} will no longer be listed. The record, its history, medical entries and rent stay kept
                and can still be reported on.
              </ArchiveButton>
            )}
            <Link className="button button--secondary" to={paths.residents.history.href(r.id)}>
              History
            </Link>
          </div>
        </section>
      )}

      <section className="face-sheet card" aria-labelledby="face-sheet-title">
        <FaceSheetHeading facilityId={r.facilityId} />
        <FaceSheetAlerts resident={r} />
        <h3 className="sheet__title">Resident</h3>
        <SheetGrid>
          <SheetItem label="Legal name">
            {r.lastName}, {r.firstName}
          </SheetItem>
          <SheetItem label="Preferred name">{r.preferredName}</SheetItem>
          <SheetItem label="Date of birth">
            {sheetDate(r.dateOfBirth)} (age {ageOn(r.dateOfBirth, homeToday)})
          </SheetItem>
          <SheetItem label="Gender">{GENDER_LABELS[r.gender]}</SheetItem>
        </SheetGrid>
        <h3 className="sheet__title">Placement</h3>
        <SheetGrid>
          <SheetItem label="Facility">{facilityName(facilities, r.facilityId)}</SheetItem>
          <SheetItem label="Room / bed">{roomAndBed(r)}</SheetItem>
          <SheetItem label="Status">{statusPill(r, homeToday).label}</SheetItem>
          <SheetItem label="Admission date">{sheetDate(r.admissionDate)}</SheetItem>
          <StaysItem r={r} />
          {(ended || r.dischargeDate) && (
            <SheetItem
              label={
                r.status === "deceased"
                  ? "Date of death"
                  : ended
                    ? "Discharge date"
                    : leaving
                      ? "Planned discharge"
                      : "Last discharge"
              }
            >
              {sheetDate(r.dischargeDate)}
            </SheetItem>
          )}
          <SheetItem label="Level of care">{r.levelOfCare}</SheetItem>
          <SheetItem label="Ambulatory status">{AMBULATORY_LABELS[r.ambulatoryStatus]}</SheetItem>
          {canRent && (
            <SheetItem label="Monthly rate">
              {r.monthlyRateCents === undefined ? undefined : formatCents(r.monthlyRateCents)}
            </SheetItem>
          )}
        </SheetGrid>
        <h3 className="sheet__title">Care providers</h3>
        <SheetGrid>
          <SheetItem label="Primary physician">{r.primaryPhysician}</SheetItem>
          <SheetItem label="Pharmacy">{r.pharmacy}</SheetItem>
          <SheetItem label="Preferred hospital">{r.preferredHospital}</SheetItem>
          <SheetItem label="Diet">{r.diet}</SheetItem>
          <SheetItem label="Dementia">{r.dementia ? "Yes" : "No"}</SheetItem>
        </SheetGrid>
        <FaceSheetInsurance resident={r} />
        <FaceSheetMedical residentId={r.id} today={homeToday} />
        <h3 className="sheet__title">Emergency contacts</h3>
        {r.emergencyContacts.length === 0 ? (
          <p>None recorded.</p>
        ) : (
          <div className="face-sheet__scroll">
            <table className="face-sheet__contacts">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Relationship</th>
                  <th scope="col">Phones</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                </tr>
              </thead>
              <tbody>
                {r.emergencyContacts.map((c, i) => (
                  <tr key={i}>
                    <td data-label="Name">{c.name}</td>
                    <td data-label="Relationship">{c.relationship}</td>
                    <td data-label="Phones">{[c.phone, c.altPhone].filter(Boolean).join(", ")}</td>
                    <td data-label="E-mail">{c.email ?? "—"}</td>
                    <td data-label="Role">
                      {[c.responsibleParty && "Responsible party", c.powerOfAttorney && "Power of attorney"]
                        .filter(Boolean)
                        .join(", ") || "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {r.notes && (
          <>
            <h3 className="sheet__title">Notes</h3>
            <p className="face-sheet__notes">{r.notes}</p>
          </>
        )}
      </section>

      {changingCode && <CodeStatusDialog resident={r} onClose={() => setChangingCode(false)} />}
      {transferring && (
        <TransferDialog subject="resident" person={r} name={headingName(r)} onClose={() => setTransferring(false)} />
      )}
      {action && (
        <ResidentStatusDialog
          resident={r}
          action={action}
          onClose={() => setAction(null)}
          onDone={() => setAction(null)}
        />
      )}
    </article>
  );
}
