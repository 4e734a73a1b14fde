/**
 * "Who viewed or changed this record": the audit rows of one record (an accounting of access, as HIPAA
 * asks), newest first, a page at a time, with a link to the audit log filtered to it. Shown only to
 * users who may read the audit log; others see nothing of it.
 */
import { Link } from "react-router-dom";
import { collections, type TCollectionName } from "@care/core/registry";
import { canReadCollection } from "@care/core/rules/access.rules";
import { AUDIT_ACTION_LABELS } from "@care/core/rules/audit.rules";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { useFacilities } from "../lib/facilities.tsx";
import { paths } from "../lib/paths.ts";
import { useSession } from "../lib/ports.tsx";
import { useShownRecords } from "../lib/records/use-records.ts";
import "./record-history.css";

const PAGE_SIZE = 10;

/** An instant as the audit log shows it, in a time zone: "Nov 24, 2026, 3:45:12 AM". */
export function auditTimeText(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "medium" }).format(new Date(at));
}

export interface TRecordAccessLogProps {
  collection: TCollectionName;
  recordId: string;
  /** The record's home: times are shown in its time zone. */
  facilityId: string | null;
  /** The heading, when the record is not the page's own ("Who viewed or changed this document"). */
  title?: string;
}

export function RecordAccessLog(props: TRecordAccessLogProps) {
  const session = useSession();
  if (!session || !canReadCollection(session, collections.auditLog)) return null;
  return <AccessRows {...props} />;
}

function AccessRows({
  collection,
  recordId,
  facilityId,
  title = "Who viewed or changed this record",
}: TRecordAccessLogProps) {
  const { facilities } = useFacilities();
  const timeZone = facilities.find((f) => f.id === facilityId)?.timeZone ?? DEFAULT_TIME_ZONE;
  const rows = useShownRecords(
    "auditLog",
    { where: { collection, recordId }, orderBy: { field: "at", direction: "desc" } },
    PAGE_SIZE,
  );
  const headingId = `access-${recordId}`;
  // Views are recorded only for collections that audit them (residents and their medical records).
  const views = collections[collection].auditViews;
  return (
    <section className="record-history record-access card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="record-access__note">
        {views
          ? "Every view, change, archive and file action on this record, from the audit log."
          : "Every change, archive and file action on this record itself, from the audit log (views of it are not recorded)."}{" "}
        Times are in {timeZone}.
      </p>
      {!rows.loading && rows.items.length === 0 ? (
        <p>Nobody has viewed or changed it since the audit log began.</p>
      ) : (
        <ol className="record-history__list">
          {rows.items.map((row) => (
            <li key={row.id} className="record-history__item">
              <p className="record-history__who">
                <time dateTime={row.at}>{auditTimeText(row.at, timeZone)}</time> ·{" "}
                <strong>{AUDIT_ACTION_LABELS[row.action]}</strong> by {row.actorEmail ?? "someone not signed in"}
                {row.ip ? ` · ${row.ip}` : ""}
              </p>
              {row.summary && row.action !== "view" && <p className="record-access__summary">{row.summary}</p>}
            </li>
          ))}
        </ol>
      )}
      {rows.loading && (
        <p className="page-loading" role="status">
          Loading…
        </p>
      )}
      <p className="record-access__actions">
        {rows.hasMore && !rows.loading && (
          <button type="button" className="button button--secondary" onClick={rows.showMore}>
            Show older entries
          </button>
        )}
        <Link to={paths.auditLog.href({ type: collection, record: recordId })}>Open in the audit log</Link>
      </p>
    </section>
  );
}
