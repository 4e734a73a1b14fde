/**
 * `/residents/:id/documents`: the resident's paperwork — the checklist of the resident document types
 * that apply to their home, with uploads, versions and the other documents (the shared DocumentsPanel).
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { useParams } from "react-router-dom";
import { useRecord } from "../../lib/records/use-records.ts";
import { DocumentsPanel } from "../../ui/documents/documents-panel.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { ResidentHeader } from "./resident-header.tsx";
import { ResidentNotFound } from "./resident-not-found.tsx";
import "./residents.css";

export function ResidentDocumentsPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("residents", id)} notFound={<ResidentNotFound />}>
      {(r) => (
        <article className="page resident-detail" aria-labelledby="page-title">
          <ResidentHeader resident={r} title={`${headingName(r)}: documents`} />
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
            subjectName={headingName(r)}
          />
        </article>
      )}
    </RecordGate>
  );
}
