/**
 * A resident's face sheet (`/residents/:id`): every profile field and contact, printable on one page,
 * with the status changes of a stay (leave, hospital, return, discharge, death, readmission) and
 * Archive (residents are never deleted).
 */
import { useEffect, useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
import type { TSubjectCompliance } from "@care/core/ports/insights.port";
import { localToday } from "@care/core/rules/date-only.rules";
import { useData, useInsights } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { printPage } from "../../ui/print.ts";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import {
  AMBULATORY_LABELS,
  CODE_STATUS_LABELS,
  GENDER_LABELS,
  STATUS_LABELS,
  ageOn,
  formatCents,
  residentName,
  roomAndBed,
  today,
} from "./resident-format.ts";
import { ResidentNotFound } from "./resident-not-found.tsx";
import { ResidentStatusDialog } from "./resident-status-dialog.tsx";
import { STATUS_ACTIONS, actionsFor, type TStatusAction } from "./resident-status.ts";
import { useResident } from "./use-resident.ts";
import "./residents.css";

/** The resident's document compliance in one line, linking to their Documents tab. */
function DocumentsSummary({ residentId }: { residentId: string }) {
  const insights = useInsights();
  const [compliance, setCompliance] = useState<TSubjectCompliance | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    insights
      .compliance({ subject: "resident", subjectIds: [residentId], today: localToday() })
      .then((report) => !cancelled && setCompliance(report.subjects.find((s) => s.subjectId === residentId) ?? null))
      .catch((error: unknown) => {
        // The face sheet stands without the summary; the toast says what failed.
        if (!cancelled) reportError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [insights, residentId]);

  if (compliance === undefined) return null;
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
      <Link to={`/residents/${encodeURIComponent(residentId)}/documents`}>Open documents</Link>
    </p>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="face-sheet__item">
      <dt>{label}</dt>
      <dd>{children === undefined || children === "" ? "—" : children}</dd>
    </div>
  );
}

export function ResidentDetailPage() {
  const { id = "" } = useParams();
  const data = useData();
  const navigate = useNavigate();
  const { facilities } = useFacilities();
  const { resident: r, missing, reload } = useResident(id);
  const [action, setAction] = useState<TStatusAction | null>(null);
  const [archiving, setArchiving] = useState<"ask" | "busy" | null>(null);

  if (missing) return <ResidentNotFound />;
  if (!r)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );

  async function archive() {
    if (!r) return;
    setArchiving("busy");
    try {
      await data.remove("residents", r.id, r.version);
      toast.success(`${residentName(r)} was archived.`);
      navigate("/residents");
    } catch (error) {
      reportError(error);
      setArchiving(null);
      reload();
    }
  }

  const ended = r.status === "discharged" || r.status === "deceased";
  return (
    <article className="resident-detail" aria-labelledby="page-title">
      <header className="resident-detail__header">
        <div>
          <h1 id="page-title">{residentName(r)}</h1>
          <p className="resident-detail__summary">
            <span className={`status-badge status-badge--${r.status}`}>{STATUS_LABELS[r.status]}</span>{" "}
            {facilityName(facilities, r.facilityId)}
            {roomAndBed(r) && ` · Room ${roomAndBed(r)}`}
          </p>
          <DocumentsSummary residentId={r.id} />
        </div>
        <div className="resident-detail__actions no-print">
          <Link className="button" to={`/residents/${r.id}/edit`}>
            Edit
          </Link>
          <button type="button" className="button button--secondary" onClick={printPage}>
            Print face sheet
          </button>
        </div>
      </header>
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
          <p>
            {STATUS_LABELS[r.status]}
            {r.statusDate && ` since ${r.statusDate}`}
            {r.statusReason && ` — ${r.statusReason}`}
          </p>
          <div className="resident-detail__actions">
            {actionsFor(r.status).map((a) => (
              <button key={a} type="button" className="button button--secondary" onClick={() => setAction(a)}>
                {STATUS_ACTIONS[a].label}
              </button>
            ))}
            <button type="button" className="button button--secondary" onClick={() => setArchiving("ask")}>
              Archive
            </button>
            <Link className="button button--secondary" to={`/residents/${r.id}/history`}>
              History
            </Link>
          </div>
        </section>
      )}

      <section className="face-sheet card" aria-labelledby="face-sheet-title">
        <h2 id="face-sheet-title" className="face-sheet__title">
          Face sheet <span className="face-sheet__printed">printed {today()}</span>
        </h2>
        <h3>Resident</h3>
        <dl className="face-sheet__grid">
          <Item label="Last name">{r.lastName}</Item>
          <Item label="First name">{r.firstName}</Item>
          <Item label="Preferred name">{r.preferredName}</Item>
          <Item label="Date of birth">
            {r.dateOfBirth} (age {ageOn(r.dateOfBirth, today())})
          </Item>
          <Item label="Gender">{GENDER_LABELS[r.gender]}</Item>
          <Item label="Code status">
            <strong>{CODE_STATUS_LABELS[r.codeStatus]}</strong>
          </Item>
        </dl>
        <h3>Placement</h3>
        <dl className="face-sheet__grid">
          <Item label="Facility">{facilityName(facilities, r.facilityId)}</Item>
          <Item label="Room / bed">{roomAndBed(r)}</Item>
          <Item label="Status">{STATUS_LABELS[r.status]}</Item>
          <Item label="Admission date">{r.admissionDate}</Item>
          {(ended || r.dischargeDate) && (
            <Item label={r.status === "deceased" ? "Date of death" : ended ? "Discharge date" : "Last discharge"}>
              {r.dischargeDate}
            </Item>
          )}
          <Item label="Level of care">{r.levelOfCare}</Item>
          <Item label="Ambulatory status">{AMBULATORY_LABELS[r.ambulatoryStatus]}</Item>
          <Item label="Monthly rate">
            {r.monthlyRateCents === undefined ? undefined : formatCents(r.monthlyRateCents)}
          </Item>
        </dl>
        <h3>Care providers</h3>
        <dl className="face-sheet__grid">
          <Item label="Primary physician">{r.primaryPhysician}</Item>
          <Item label="Pharmacy">{r.pharmacy}</Item>
          <Item label="Preferred hospital">{r.preferredHospital}</Item>
          <Item label="Diet">{r.diet}</Item>
        </dl>
        <h3>Emergency contacts</h3>
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
            <h3>Notes</h3>
            <p className="face-sheet__notes">{r.notes}</p>
          </>
        )}
      </section>

      {action && (
        <ResidentStatusDialog
          resident={r}
          action={action}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={archiving !== null}
        title="Archive this resident?"
        confirmLabel="Archive"
        danger
        busy={archiving === "busy"}
        onConfirm={() => void archive()}
        onCancel={() => setArchiving(null)}
      >
        <p>
          {residentName(r)} will no longer be listed. The record, its history, medical entries and rent stay kept and
          can still be reported on.
        </p>
      </ConfirmDialog>
    </article>
  );
}
