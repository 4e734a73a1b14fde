/**
 * "Changes" of a record: each edit with who made it and when, and every field it changed from what to
 * what, newest first, a page at a time. The record's page says how a field's stored value reads.
 */
import { FIELD_LABELS } from "@care/core/field-labels";
import type { THistoryCollection } from "@care/core/collections/record-changes.collection";
import { useFacilities } from "../lib/facilities.tsx";
import { zoneOf } from "../lib/facility-scope.ts";
import { useShownRecords } from "../lib/records/use-records.ts";
import { auditTimeText } from "./record-access-log.tsx";
import "./record-history.css";

const PAGE_SIZE = 20;

const ACTION_WORDS = { create: "Created", update: "Changed", archive: "Archived" } as const;

/** A stored value as text: lists joined, everything else as stored. */
function plain(text: string | undefined): string {
  if (text === undefined) return "—";
  if (text.startsWith("[")) {
    try {
      const list = JSON.parse(text) as unknown[];
      return list
        .map((item) => (typeof item === "object" ? Object.values(item as object).join(" ") : String(item)))
        .join("; ");
    } catch {
      return text;
    }
  }
  return text;
}

export function RecordHistory({
  collection,
  recordId,
  show = (_field, text) => plain(text),
  title = "Changes",
  facilityId,
  highlight = () => false,
}: {
  collection: THistoryCollection;
  recordId: string;
  /** The record's home: times are shown in its time zone, as in "Who viewed or changed this record". */
  facilityId: string | null;
  /** How a field's stored value reads ("485000" → "$4,850.00"); `undefined` is an empty field. */
  show?: (field: string, text: string | undefined) => string;
  title?: string;
  /** Fields whose change stands out in the list (a resident's code status). */
  highlight?: (field: string) => boolean;
}) {
  const labels = FIELD_LABELS[collection] as Readonly<Record<string, string>>;
  const { timeZone } = zoneOf(useFacilities().facilities, facilityId ?? "");
  const changes = useShownRecords(
    "recordChanges",
    { where: { recordId }, orderBy: { field: "at", direction: "desc" } },
    PAGE_SIZE,
  );
  const headingId = `history-${recordId}`;
  return (
    <section className="record-history card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="record-history__zone">Times are in {timeZone}.</p>
      {!changes.loading && changes.items.length === 0 ? (
        <p>No changes recorded yet. Every edit appears here with who made it.</p>
      ) : (
        <ol className="record-history__list">
          {changes.items.map((change) => (
            <li
              key={change.id}
              className={
                change.action === "update" && change.changes.some((c) => highlight(c.field))
                  ? "record-history__item record-history__item--highlight"
                  : "record-history__item"
              }
            >
              <p className="record-history__who">
                <time dateTime={change.at}>{auditTimeText(change.at, timeZone)}</time> ·{" "}
                <strong>{ACTION_WORDS[change.action]}</strong> by {change.actorName}
              </p>
              {change.action === "update" && (
                <ul className="record-history__fields">
                  {change.changes.map((c) => (
                    <li key={c.field}>
                      <span className="record-history__field">{labels[c.field] ?? c.field}:</span>{" "}
                      <del>{show(c.field, c.before)}</del> → <ins>{show(c.field, c.after)}</ins>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {changes.loading && (
        <p className="page-loading" role="status">
          Loading…
        </p>
      )}
      {changes.hasMore && !changes.loading && (
        <button type="button" className="button button--secondary" onClick={changes.showMore}>
          Show older changes
        </button>
      )}
    </section>
  );
}
