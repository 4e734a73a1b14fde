/**
 * `/residents/:id/documents`: the resident's paperwork — the checklist of the resident document types
 * that apply to their home, with uploads, versions and the other documents (the shared DocumentsPanel).
 */
import { useParams } from "react-router-dom";
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
import { DocumentsPanel } from "../../ui/documents/documents-panel.tsx";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { STATUS_LABELS, residentName, roomAndBed } from "./resident-format.ts";
import { ResidentNotFound } from "./resident-not-found.tsx";
import { useResident } from "./use-resident.ts";
import "./residents.css";

export function ResidentDocumentsPage() {
  const { id = "" } = useParams();
  const { facilities } = useFacilities();
  const { resident: r, missing } = useResident(id);

  if (missing) return <ResidentNotFound />;
  if (!r)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );

  return (
    <article className="resident-detail" aria-labelledby="page-title">
      <header className="resident-detail__header">
        <div>
          <h1 id="page-title">{residentName(r)}: documents</h1>
          <p className="resident-detail__summary">
            <span className={`status-badge status-badge--${r.status}`}>{STATUS_LABELS[r.status]}</span>{" "}
            {facilityName(facilities, r.facilityId)}
            {roomAndBed(r) && ` · Room ${roomAndBed(r)}`}
          </p>
        </div>
      </header>
      <ResidentTabs residentId={r.id} />
      {r.archivedAt && (
        <p className="alert" role="status">
          This resident was archived on {r.archivedAt.slice(0, 10)}. Their documents are kept and can be viewed, not
          changed.
        </p>
      )}
      <DocumentsPanel
        subject="resident"
        subjectId={r.id}
        facilityId={r.facilityId}
        canEdit={!r.archivedAt}
        subjectName={residentName(r)}
      />
    </article>
  );
}
