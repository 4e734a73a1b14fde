/**
 * A resident's history (`/residents/:id/history`): the stays (admissions, leaves, hospital stays and
 * discharges), every change to the record with who made it, newest first, and (for those who may read
 * the audit log) who viewed or changed it.
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { mayUndo } from "@care/core/rules/status-undo.rules";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useMayDo } from "../../lib/access.ts";
import type { TRecordOf } from "@care/core/registry";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useRecord, useShownRecords } from "../../lib/records/use-records.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordAccessLog } from "../../ui/record-access-log.tsx";
import { RecordHistory } from "../../ui/record-history.tsx";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { residentChangeText } from "./resident-format.ts";
import { ResidentNotFound } from "./resident-not-found.tsx";
import { ResidentUndoDialog } from "./resident-undo-dialog.tsx";
import { PageLoading } from "../../ui/page-loading.tsx";
import "./residents.css";

const EVENT_LABELS: Record<TRecordOf<"residentEvents">["type"], string> = {
  admission: "Admitted",
  leave: "Went on leave",
  hospital: "Admitted to hospital",
  return: "Returned",
  discharge: "Discharged",
  death: "Died",
  readmission: "Readmitted",
  transfer_out: "Transferred out of",
  transfer_in: "Transferred into",
};

/** Event types that name the home they were recorded at. */
const MOVES = new Set(["transfer_out", "transfer_in"]);

const PAGE_SIZE = 50;

export function ResidentHistoryPage() {
  const { id = "" } = useParams();
  const { record: resident, missing } = useRecord("residents", id);
  const { nameOf } = useFacilityScope();
  const mayDo = useMayDo();
  const [undoing, setUndoing] = useState<TRecordOf<"residentEvents"> | null>(null);
  const events = useShownRecords(
    "residentEvents",
    { where: { residentId: id }, orderBy: { field: "date", direction: "desc" } },
    PAGE_SIZE,
  );

  if (missing) return <ResidentNotFound />;
  return (
    <article className="page resident-detail" aria-labelledby="page-title">
      <PageHeader title={resident ? `${headingName(resident)}: history` : "History"} />
      <ResidentTabs residentId={id} />
      <h2>Stays</h2>
      {!events.loading && events.items.length === 0 ? (
        <p className="card">
          No history recorded yet. Admissions, leaves, hospital stays, discharges, readmissions and transfers appear
          here as they are recorded from the face sheet.
        </p>
      ) : (
        <ol className="timeline">
          {events.items.map((e) => (
            <li
              key={e.id}
              className={`timeline__event timeline__event--${e.type}${e.undoReason ? " timeline__event--undone" : ""}`}
            >
              <time dateTime={e.date} className="timeline__date">
                {e.date}
              </time>
              <div>
                <strong className="timeline__what">
                  {EVENT_LABELS[e.type]}
                  {MOVES.has(e.type) && ` ${nameOf(e.facilityId)}`}
                </strong>
                {e.reason && <p className="timeline__reason">{e.reason}</p>}
                {e.undoReason && (
                  <p className="timeline__undone">
                    Undone by {e.undoneBy} on {e.undoneOn}: {e.undoReason}
                  </p>
                )}
              </div>
              {resident && !resident.archivedAt && mayDo("undoStatusEvent") && mayUndo(events.items, e) && (
                <button type="button" className="button button--secondary timeline__undo" onClick={() => setUndoing(e)}>
                  Undo…
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {undoing && resident && (
        <ResidentUndoDialog
          resident={resident}
          event={undoing}
          events={events.items}
          label={EVENT_LABELS[undoing.type]}
          onClose={() => setUndoing(null)}
        />
      )}
      {events.loading && <PageLoading />}
      {events.hasMore && !events.loading && (
        <button type="button" className="button button--secondary" onClick={events.showMore}>
          Show older events
        </button>
      )}
      <RecordHistory
        collection="residents"
        recordId={id}
        facilityId={resident?.facilityId ?? null}
        show={(field, text) => residentChangeText(field, text, nameOf)}
        highlight={(field) => field === "codeStatus"}
      />
      <RecordAccessLog collection="residents" recordId={id} facilityId={resident?.facilityId ?? null} />
    </article>
  );
}
