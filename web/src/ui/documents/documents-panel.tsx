/**
 * The documents of one resident, staff member or facility, used on each of their pages: the checklist
 * of the document types that apply (status badge, current document, older versions) and the other
 * documents, with upload, view, download, replace and archive, and (for those who may read the audit
 * log) who viewed or changed each document.
 */
import { useId, useMemo, useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router-dom";
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import { collections } from "@care/core/registry";
import { canReadCollection, canSubject } from "@care/core/rules/access.rules";
import { documentTypeLabel } from "@care/core/rules/compliance.rules";
import { daysBetween } from "@care/core/rules/date-only.rules";
import { useCan } from "../../lib/access.ts";
import { paths } from "../../lib/paths.ts";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { useData, useFiles, useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ComplianceBadge } from "../compliance-badge.tsx";
import { ConfirmDialog, Dialog } from "../confirm-dialog.tsx";
import { RecordAccessLog } from "../record-access-log.tsx";
import { DocumentUploadDialog, type TUploadTarget } from "./document-upload-dialog.tsx";
import {
  buildSubjectDocuments,
  loadSubjectDocuments,
  type TChecklistRow,
  type TDocumentRecord,
} from "./documents-data.ts";
import { formatFileSize } from "./file-check.ts";
import "./documents.css";

export interface TDocumentsPanelProps {
  subject: TDocumentSubject;
  subjectId: string;
  /**
   * The subject's home (a facility's own id): files and documents are stored under it. Null for a
   * referral agent: their documents and files are group-wide.
   */
  facilityId: string | null;
  /** Whether the record takes uploads, replacements and archiving (false when archived); the role decides too. */
  canEdit: boolean;
  /** Whose documents these are, in messages ("Quennell, Winifred"). */
  subjectName?: string | undefined;
  /**
   * A staff member whose form records the clearance (cleared or exempted): their missing Live Scan
   * paper counts as met, as in the reminders (`settledByRecordedClearance`).
   */
  clearanceRecorded?: boolean | undefined;
}

const CONFIG_PATHS: Record<TDocumentSubject, string> = {
  resident: paths.docConfig.resident.href(),
  staff: paths.docConfig.staff.href(),
  facility: paths.docConfig.facility.href(),
  agent: paths.docConfig.agent.href(),
};

const SUBJECT_WORDS: Record<TDocumentSubject, string> = {
  resident: "residents",
  staff: "staff",
  facility: "facilities",
  agent: "agents",
};

/** The badge's words for a checklist row: "Waived", "Expiring in 10 days", "Expires today". */
function statusText(row: TChecklistRow, today: string): string | undefined {
  if (row.waiverReason !== undefined) return "Waived";
  if (row.clearanceRecorded) return "Cleared on the staff form";
  if (row.status !== "expiring" || !row.expiryDate) return undefined;
  const days = daysBetween(today, row.expiryDate);
  return days === 0 ? "Expires today" : `Expiring in ${days} day${days === 1 ? "" : "s"}`;
}

export function DocumentsPanel({
  subject,
  subjectId,
  facilityId,
  canEdit: recordOpen,
  subjectName = "this record",
  clearanceRecorded = false,
}: TDocumentsPanelProps) {
  // Uploading, replacing and archiving need documents to write and the subject's area to write (a staff
  // member's papers: Staff), besides a record still open: no button the backend would refuse.
  const can = useCan();
  const session = useSession();
  const canEdit =
    recordOpen &&
    can("documents", "write") &&
    !!session &&
    canSubject(session, collections.documents, { subject }, "write");
  const data = useData();
  const files = useFiles();
  const titleId = useId();
  // Uploads, replacements and archiving refresh this (and the compliance badges and reminder count).
  const load = usePortQuery(
    ["documents", subject, subjectId],
    ({ data }) => loadSubjectDocuments(data, subject, subjectId),
    { reads: ["documentTypes", "documents", "reminderStates"] },
  );
  const [upload, setUpload] = useState<TUploadTarget | null>(null);
  const [archiving, setArchiving] = useState<{ document: TDocumentRecord; label: string } | null>(null);
  const [archiveBusy, setArchiveBusy] = useState(false);
  const [accessOf, setAccessOf] = useState<{ document: TDocumentRecord; label: string } | null>(null);
  const mayReadAudit = !!session && canReadCollection(session, collections.auditLog);
  // Today in the record's home: "expiring in 5 days" counts from there, not from the browser's date.
  const { facilities } = useFacilities();
  const today = facilityToday(facilities, facilityId);

  const loaded = load.data;
  const view = useMemo(
    () =>
      loaded
        ? buildSubjectDocuments(
            { subject, id: subjectId, facilityId, name: subjectName, clearanceRecorded },
            loaded.types,
            loaded.documents,
            today,
            loaded.waivers,
          )
        : null,
    [loaded, subject, subjectId, facilityId, subjectName, clearanceRecorded, today],
  );

  async function open(document: TDocumentRecord) {
    // Opened before the (possibly signed) URL is known, so the browser does not block it as a pop-up.
    const tab = window.open("", "_blank");
    try {
      const url = await files.viewUrl(document.fileId);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, "_blank", "noopener");
    } catch (error) {
      tab?.close();
      reportError(error);
    }
  }

  async function download(document: TDocumentRecord) {
    try {
      const file = await files.download(document.fileId);
      const url = URL.createObjectURL(file);
      const link = window.document.createElement("a");
      link.href = url;
      // The name the backend offers: the stored one with the extension of the type the bytes are.
      link.download = file.name;
      window.document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      reportError(error);
    }
  }

  async function archive() {
    if (!archiving) return;
    setArchiveBusy(true);
    try {
      await data.remove("documents", archiving.document.id, archiving.document.version);
      toast.success(`${archiving.label} was archived.`);
      setArchiving(null);
    } catch (error) {
      reportError(error);
      setArchiving(null);
    } finally {
      setArchiveBusy(false);
    }
  }

  if (!view)
    return (
      <section className="documents-panel card" aria-labelledby={titleId}>
        <h2 id={titleId}>Documents</h2>
        <p role="status">{load.isError ? "The documents could not be loaded." : "Loading documents…"}</p>
        {load.isError && (
          <button type="button" className="button button--secondary" onClick={() => void load.refetch()}>
            Try again
          </button>
        )}
      </section>
    );

  const fileActions = (document: TDocumentRecord, label: string) => (
    <>
      {mayReadAudit && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setAccessOf({ document, label })}
        >
          Who viewed<span className="visually-hidden"> {label}</span>
        </button>
      )}
      <button type="button" className="button button--secondary button--small" onClick={() => void open(document)}>
        View<span className="visually-hidden"> {label}</span>
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => void download(document)}>
        Download<span className="visually-hidden"> {label}</span>
      </button>
    </>
  );

  const editActions = (document: TDocumentRecord, label: string) =>
    canEdit && (
      <>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setUpload({ kind: "replace", document, typeLabel: label })}
        >
          Replace<span className="visually-hidden"> {label}</span>
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setArchiving({ document, label })}
        >
          Archive<span className="visually-hidden"> {label}</span>
        </button>
      </>
    );

  return (
    <section className="documents-panel" aria-labelledby={titleId}>
      <header className="documents-panel__header">
        <h2 id={titleId}>
          Documents <ComplianceBadge status={view.compliance.status} counts={view.compliance.counts} />
        </h2>
        {canEdit && (
          <button type="button" className="button" onClick={() => setUpload({ kind: "new" })}>
            Upload document
          </button>
        )}
      </header>

      <section className="documents-panel__group card" aria-labelledby={`${titleId}-checklist`}>
        <h3 id={`${titleId}-checklist`}>Checklist</h3>
        {view.checklist.length === 0 ? (
          <p className="documents-panel__empty">
            No document types are set up for {SUBJECT_WORDS[subject]}
            {facilityId !== null && " of this home"} yet. An administrator adds them (or loads the California default
            set) in <Link to={CONFIG_PATHS[subject]}>Settings → Document configuration</Link>.
          </p>
        ) : (
          <ul className="documents-list">
            {view.checklist.map((row) => {
              const label = documentTypeLabel(row.type);
              return (
                <li key={row.type.id} className="document-row" aria-label={label}>
                  <div className="document-row__head">
                    <span className="document-row__name">
                      {row.type.formCode && <span className="document-row__code">{row.type.formCode}</span>}{" "}
                      {row.type.name}
                    </span>
                    {!row.type.required ? (
                      <span className="document-row__tag">Optional{row.current ? "" : " · none on file"}</span>
                    ) : null}
                    {(row.type.required || row.current) && (
                      <ComplianceBadge status={row.status} text={statusText(row, today)} />
                    )}
                  </div>
                  {row.waiverReason !== undefined && (
                    <p className="document-row__waiver">
                      Waived: {row.waiverReason}{" "}
                      <span className="document-row__hint">
                        (a waiver is removed under Reminders, Snoozed, waived and done)
                      </span>
                    </p>
                  )}
                  {row.clearanceRecorded && (
                    <p className="document-row__waiver">
                      The staff form records the clearance; upload the paper to keep a copy on file.
                    </p>
                  )}
                  <DocumentLine document={row.current} expiry={row.expiryDate} today={today} />
                  <div className="document-row__actions">
                    {row.current ? (
                      <>
                        {fileActions(row.current, label)}
                        {editActions(row.current, label)}
                      </>
                    ) : (
                      canEdit && (
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setUpload({ kind: "new", typeId: row.type.id })}
                        >
                          Upload<span className="visually-hidden"> {label}</span>
                        </button>
                      )
                    )}
                  </div>
                  <Versions documents={row.older} label={label} today={today} actions={fileActions} />
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="documents-panel__group card" aria-labelledby={`${titleId}-others`}>
        <h3 id={`${titleId}-others`}>Other documents</h3>
        {view.others.length === 0 ? (
          <p className="documents-panel__empty">
            None. Paperwork outside the checklist (letters, hospital papers, old forms) goes here
            {canEdit ? ": choose Upload document and leave the type as “Other document”." : "."}
          </p>
        ) : (
          <ul className="documents-list">
            {view.others.map(({ document, older, typeLabel }) => {
              const label = document.title ?? typeLabel ?? document.fileName;
              return (
                <li key={document.id} className="document-row" aria-label={label}>
                  <div className="document-row__head">
                    <span className="document-row__name">{label}</span>
                    {typeLabel && document.title === undefined && (
                      <span className="document-row__tag">Type no longer in the checklist</span>
                    )}
                    {!document.current && <span className="document-row__tag">Older version</span>}
                  </div>
                  <DocumentLine document={document} expiry={document.expiryDate} today={today} />
                  <div className="document-row__actions">
                    {fileActions(document, label)}
                    {editActions(document, label)}
                  </div>
                  <Versions documents={older} label={label} today={today} actions={fileActions} />
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {upload && (
        <DocumentUploadDialog
          open
          subject={subject}
          subjectId={subjectId}
          facilityId={facilityId}
          subjectName={subjectName}
          types={view.types}
          target={upload}
          onClose={() => setUpload(null)}
        />
      )}
      <Dialog
        open={accessOf !== null}
        title={`${accessOf?.label ?? "Document"}: who viewed or changed it`}
        onClose={() => setAccessOf(null)}
      >
        {accessOf && (
          <RecordAccessLog
            collection="documents"
            recordId={accessOf.document.id}
            facilityId={accessOf.document.facilityId}
            title={accessOf.document.fileName}
          />
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setAccessOf(null)}>
            Close
          </button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={archiving !== null}
        title="Archive this document?"
        confirmLabel="Archive"
        danger
        busy={archiveBusy}
        onConfirm={() => void archive()}
        onCancel={() => setArchiving(null)}
      >
        <p>
          {archiving?.label} ({archiving?.document.fileName}) will no longer be listed. The file is kept for the record;
          until a new one is uploaded the checklist counts this document as missing.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** File name, size, issue and expiry of a document, or that none is on file. */
function DocumentLine({
  document,
  expiry,
  today,
}: {
  document: TDocumentRecord | undefined;
  expiry: string | undefined;
  today: string;
}) {
  if (!document) return <p className="document-row__line">No document on file.</p>;
  return (
    <p className="document-row__line">
      <span className="document-row__file">{document.fileName}</span>{" "}
      <span className="document-row__meta">
        ({formatFileSize(document.size)}) · Issued {document.issueDate ?? "—"} ·{" "}
        {expiry ? `${expiry < today ? "Expired" : "Expires"} ${expiry}` : "Never expires"}
      </span>
      {document.notes && <span className="document-row__notes">{document.notes}</span>}
    </p>
  );
}

/** "Versions (n)": the older versions of a document, shown on demand. */
function Versions({
  documents,
  label,
  today,
  actions,
}: {
  documents: readonly TDocumentRecord[];
  label: string;
  today: string;
  actions: (document: TDocumentRecord, label: string) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (documents.length === 0) return null;
  return (
    <div className="document-versions">
      <button
        type="button"
        className="document-versions__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        Versions ({documents.length})<span className="visually-hidden"> of {label}</span>
      </button>
      {open && (
        <ol id={listId} className="document-versions__list" aria-label={`Older versions of ${label}`}>
          {documents.map((d) => (
            <li key={d.id} className="document-versions__item">
              <DocumentLine document={d} expiry={d.expiryDate} today={today} />
              <span className="document-row__meta">Uploaded {d.createdAt.slice(0, 10)}</span>
              <div className="document-row__actions">
                {actions(d, `${label}, version of ${d.createdAt.slice(0, 10)}`)}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
