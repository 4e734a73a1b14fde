/**
 * A staff member's page (`/staff/:id`): profile, emergency contact, Live Scan clearance, their document
 * checklist (first aid/CPR, LIC 503, … — upload, replace, versions) and Archive (staff are never deleted).
 */
import { useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router-dom";
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
import { useData } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { DocumentsPanel } from "../../ui/documents/documents-panel.tsx";
import { CLEARANCE_LABELS, ROLE_LABELS, STATUS_LABELS, staffName } from "./staff-format.ts";
import { StaffNotFound } from "./staff-not-found.tsx";
import { useStaffMember } from "./use-staff-member.ts";
import "./staff.css";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-profile__item">
      <dt>{label}</dt>
      <dd>{children === undefined || children === "" ? "—" : children}</dd>
    </div>
  );
}

export function StaffDetailPage() {
  const { id = "" } = useParams();
  const data = useData();
  const navigate = useNavigate();
  const { facilities } = useFacilities();
  const { member: s, missing, reload } = useStaffMember(id);
  const [archiving, setArchiving] = useState<"ask" | "busy" | null>(null);

  if (missing) return <StaffNotFound />;
  if (!s)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );

  async function archive() {
    if (!s) return;
    setArchiving("busy");
    try {
      await data.remove("staff", s.id, s.version);
      toast.success(`${staffName(s)} was archived.`);
      navigate("/staff");
    } catch (error) {
      reportError(error);
      setArchiving(null);
      reload();
    }
  }

  const others = s.otherFacilityIds.filter((f) => f !== s.facilityId).map((f) => facilityName(facilities, f));
  return (
    <article className="staff-detail" aria-labelledby="page-title">
      <header className="staff-detail__header">
        <div>
          <h1 id="page-title">{staffName(s)}</h1>
          <p className="staff-detail__summary">
            <span className={`staff-status staff-status--${s.status}`}>{STATUS_LABELS[s.status]}</span>{" "}
            {ROLE_LABELS[s.role]} · {facilityName(facilities, s.facilityId)}
          </p>
        </div>
        {!s.archivedAt && (
          <div className="staff-detail__actions">
            <Link className="button" to={`/staff/${s.id}/edit`}>
              Edit
            </Link>
            <button type="button" className="button button--secondary" onClick={() => setArchiving("ask")}>
              Archive
            </button>
          </div>
        )}
      </header>

      {s.archivedAt && (
        <p className="alert" role="status">
          This staff member was archived on {s.archivedAt.slice(0, 10)}. The record and documents are kept but no longer
          listed.
        </p>
      )}

      <section className="staff-profile card" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <dl className="staff-profile__grid">
          <Item label="Last name">{s.lastName}</Item>
          <Item label="First name">{s.firstName}</Item>
          <Item label="Preferred name">{s.preferredName}</Item>
          <Item label="Role">{ROLE_LABELS[s.role]}</Item>
          <Item label="Status">{STATUS_LABELS[s.status]}</Item>
          <Item label="Home facility">{facilityName(facilities, s.facilityId)}</Item>
          <Item label="Also works at">{others.join(", ")}</Item>
          <Item label="Phone">{s.phone && <a href={`tel:${s.phone}`}>{s.phone}</a>}</Item>
          <Item label="E-mail">{s.email && <a href={`mailto:${s.email}`}>{s.email}</a>}</Item>
          <Item label="Address">{s.address}</Item>
          <Item label="Hire date">{s.hireDate}</Item>
          <Item label="Termination date">{s.terminationDate}</Item>
        </dl>
        <h3>Emergency contact</h3>
        <dl className="staff-profile__grid">
          <Item label="Name">{s.emergencyContactName}</Item>
          <Item label="Relationship">{s.emergencyContactRelationship}</Item>
          <Item label="Phone">
            {s.emergencyContactPhone && <a href={`tel:${s.emergencyContactPhone}`}>{s.emergencyContactPhone}</a>}
          </Item>
        </dl>
        {s.notes && (
          <>
            <h3>Notes</h3>
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
        </p>
        {s.clearanceStatus !== "cleared" && !s.archivedAt && (
          <p className="staff-clearance__hint">
            Record the clearance with Edit once it is received; the clearance paperwork itself can be uploaded with the
            documents below.
          </p>
        )}
      </section>

      <DocumentsPanel
        subject="staff"
        subjectId={s.id}
        facilityId={s.facilityId}
        canEdit={!s.archivedAt}
        subjectName={staffName(s)}
      />

      <ConfirmDialog
        open={archiving !== null}
        title="Archive this staff member?"
        confirmLabel="Archive"
        danger
        busy={archiving === "busy"}
        onConfirm={() => void archive()}
        onCancel={() => setArchiving(null)}
      >
        <p>
          {staffName(s)} will no longer be listed in the Staff Directory or counted for compliance. The record and their
          documents stay kept.
        </p>
      </ConfirmDialog>
    </article>
  );
}
