/** A resident's history (`/residents/:id/history`): admissions, leaves, hospital stays and discharges, newest first. */
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import type { TRecordOf } from "@care/core/registry";
import { useData } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { residentName } from "./resident-format.ts";
import { ResidentNotFound } from "./resident-not-found.tsx";
import { useResident } from "./use-resident.ts";
import "./residents.css";

const EVENT_LABELS: Record<TRecordOf<"residentEvents">["type"], string> = {
  admission: "Admitted",
  leave: "Went on leave",
  hospital: "Admitted to hospital",
  return: "Returned",
  discharge: "Discharged",
  death: "Died",
  readmission: "Readmitted",
};

const PAGE_SIZE = 50;

export function ResidentHistoryPage() {
  const { id = "" } = useParams();
  const data = useData();
  const { resident, missing } = useResident(id);
  const [events, setEvents] = useState<TRecordOf<"residentEvents">[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    data
      .list("residentEvents", {
        where: { residentId: id },
        orderBy: { field: "date", direction: "desc" },
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      })
      .then((page) => {
        if (cancelled) return;
        setEvents((before) => (cursor ? [...before, ...page.items] : page.items));
        setNextCursor(page.nextCursor);
      })
      .catch((error: unknown) => !cancelled && reportError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [data, id, cursor]);

  if (missing) return <ResidentNotFound />;
  return (
    <article className="resident-detail" aria-labelledby="page-title">
      <h1 id="page-title">{resident ? `${residentName(resident)}: history` : "History"}</h1>
      <ResidentTabs residentId={id} />
      {!loading && events.length === 0 ? (
        <p className="card">
          No history recorded yet. Admissions, leaves, hospital stays, discharges and readmissions appear here as they
          are recorded from the face sheet.
        </p>
      ) : (
        <ol className="timeline">
          {events.map((e) => (
            <li key={e.id} className={`timeline__event timeline__event--${e.type}`}>
              <time dateTime={e.date} className="timeline__date">
                {e.date}
              </time>
              <div>
                <strong>{EVENT_LABELS[e.type]}</strong>
                {e.reason && <p className="timeline__reason">{e.reason}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
      {loading && (
        <p className="page-loading" role="status">
          Loading…
        </p>
      )}
      {nextCursor && !loading && (
        <button type="button" className="button button--secondary" onClick={() => setCursor(nextCursor)}>
          Show older events
        </button>
      )}
    </article>
  );
}
