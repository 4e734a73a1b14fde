/**
 * Settings → Audit log (`/settings/audit-log`): who viewed, created, changed, archived, removed,
 * uploaded or downloaded what (the record by its name: audit-record-names.ts), and who signed in or
 * failed to — filtered by user, action, record type,
 * record, facility and days (in the page's time zone), newest first a page at a time by cursor, with a
 * CSV of every row the filters match. The filters live in the address, so a record's "Who viewed or
 * changed this record" panel links here filtered to it. Administrators only (the audit log's read rule).
 */
import { useMemo } from "react";
import { Link } from "react-router-dom";
import { AUDIT_ACTIONS, type TAuditAction } from "@care/core/collections/audit-log.collection";
import type { TPage } from "@care/core/list-query";
import { collections, isCollectionName, type TCollectionName, type TRecordOf } from "@care/core/registry";
import { canReadCollection, canSeeFacility } from "@care/core/rules/access.rules";
import { AUDIT_ACTION_LABELS } from "@care/core/rules/audit.rules";
import { shortId } from "@care/core/rules/record-name.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { csvFileName, useFacilityScope, zoneOf } from "../../lib/facility-scope.ts";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { useAllRecords, useRecordList } from "../../lib/records/use-records.ts";
import { useBufferedValue } from "../../lib/use-buffered-value.ts";
import { useSearchState } from "../../lib/use-search-state.ts";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import { DataTable, type TDataColumn } from "../../ui/data-table.tsx";
import { ExportCsvButton } from "../../ui/export-csv-button.tsx";
import { ListEmpty, ListFilters, SelectFilter } from "../../ui/list-filters.tsx";
import { PageHeader, countText } from "../../ui/page-header.tsx";
import { auditTimeText } from "../../ui/record-access-log.tsx";
import { auditLogQuery, filtersFromParams, paramsOfFilters, type TAuditLogFilters } from "./audit-log-query.ts";
import { namedRecords, readRecordNames, recordKey, useAuditRecordNames } from "./audit-record-names.ts";
import "./audit-log.css";

type TAuditRow = TRecordOf<"auditLog">;

/** The most rows one CSV holds (100 pages of 500); narrower filters export the rest. */
export const CSV_ROW_CAP = 50_000;

/** The record types rows can name: every collection but the audit log itself, and stored files. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.values(collections)
      .filter((def) => def.name !== "auditLog")
      .map((def) => [def.name, def.label])
      .sort((a, b) => a[1]!.localeCompare(b[1]!)),
  ),
  files: "File",
};

/** The page of a record a row names, for the types that have one. */
const RECORD_PAGES: Readonly<Record<string, (id: string) => string>> = {
  residents: paths.residents.detail.href,
  staff: paths.staff.detail.href,
  facilities: paths.facilities.detail.href,
};

function typeLabel(collection: string | null): string {
  if (!collection) return "";
  return TYPE_LABELS[collection] ?? (isCollectionName(collection) ? collections[collection].label : collection);
}

/** The route lets in only roles that may read the audit log (see audit-log.routes.ts). */
export function AuditLogPage() {
  return <AuditLog />;
}

function AuditLog() {
  const session = useSession()!;
  const [params, updateParams] = useSearchState();
  const filters = filtersFromParams(params);
  const { facilityId: headerFacility, facilities, nameOf } = useFacilityScope();
  const users = useAllRecords("users");

  // Days and times are those of the filtered facility, else the header's, else the group's first home.
  const { timeZone, facility: zoneFacility } = zoneOf(facilities, filters.facility || headerFacility);
  const { query, problems } = auditLogQuery(filters, timeZone);
  const list = useRecordList("auditLog", query, { pageSize: 50 });
  const recordNames = useAuditRecordNames(list.items);
  const data = useData();
  /** The names of the records of the CSV's pages, read page by page as it is written. */
  const csvNames = new Map<string, string>();
  const mayRead = (name: TCollectionName) => canReadCollection(session, collections[name]);

  const userNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const user of users.data ?? [])
      names.set(user.id, user.displayName ? `${user.displayName} (${user.email})` : user.email);
    return names;
  }, [users.data]);
  const userLabels = useMemo(
    () =>
      Object.fromEntries(
        [...(users.data ?? [])]
          .sort((a, b) => a.email.localeCompare(b.email))
          .map((user) => [user.id, userNames.get(user.id) ?? user.email]),
      ),
    [users.data, userNames],
  );
  const facilityLabels = Object.fromEntries(facilities.map((f) => [f.id, f.name]));
  const actionLabels = Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, AUDIT_ACTION_LABELS[a]])) as Record<
    TAuditAction,
    string
  >;
  const who = (row: TAuditRow) =>
    (row.actorId && userNames.get(row.actorId)) || row.actorEmail || (row.action === "login_failed" ? "Unknown" : "—");

  function setFilter(key: keyof TAuditLogFilters, value: string) {
    updateParams((current) => paramsOfFilters({ ...filtersFromParams(current), [key]: value.trim() }));
  }
  // Typed fields reach the address once typing pauses (the choices above go at once).
  const [record, setRecord] = useBufferedValue(filters.record, (value) => setFilter("record", value));
  const [from, setFrom] = useBufferedValue(filters.from, (value) => setFilter("from", value));
  const [to, setTo] = useBufferedValue(filters.to, (value) => setFilter("to", value));
  const filtered = Object.values(filters).some(Boolean);

  const columns: TDataColumn<TAuditRow>[] = [
    {
      id: "at",
      header: "Time",
      cell: ({ row }) => <time dateTime={row.original.at}>{auditTimeText(row.original.at, timeZone)}</time>,
    },
    { id: "user", header: "User", cell: ({ row }) => <span className="audit-log__user">{who(row.original)}</span> },
    { id: "action", header: "Action", cell: ({ row }) => AUDIT_ACTION_LABELS[row.original.action] },
    {
      id: "what",
      header: "What",
      cell: ({ row }) => {
        const { collection, recordId, facilityId } = row.original;
        if (!collection) return "—";
        const page = RECORD_PAGES[collection];
        const label = typeLabel(collection);
        return (
          <span className="audit-log__what">
            {page && recordId && canSeeFacility(session, facilityId) ? <Link to={page(recordId)}>{label}</Link> : label}
            {recordId && (
              <button
                type="button"
                className="audit-log__record"
                title={`Show only this record's rows (id ${recordId})`}
                onClick={() =>
                  updateParams((current) =>
                    paramsOfFilters({ ...filtersFromParams(current), type: collection, record: recordId }),
                  )
                }
              >
                {recordNames.get(recordKey(collection, recordId)) ?? shortId(recordId)}
              </button>
            )}
          </span>
        );
      },
    },
    {
      id: "facility",
      header: "Facility",
      cell: ({ row }) => (row.original.facilityId ? nameOf(row.original.facilityId) : "—"),
    },
    {
      id: "summary",
      header: "Summary",
      cell: ({ row }) =>
        row.original.summary ? <span className="audit-log__summary">{row.original.summary}</span> : null,
    },
    {
      id: "ip",
      header: "IP",
      meta: { deskOnly: true },
      cell: ({ row }) => <span className="audit-log__ip">{row.original.ip ?? "—"}</span>,
    },
  ];

  const csvColumns: TCsvColumn<TAuditRow>[] = [
    { header: `Time (${timeZone})`, value: (r) => auditTimeText(r.at, timeZone) },
    { header: "Time (UTC)", value: (r) => r.at },
    { header: "User", value: who },
    { header: "User id", value: (r) => r.actorId },
    { header: "Action", value: (r) => AUDIT_ACTION_LABELS[r.action] },
    { header: "Record type", value: (r) => typeLabel(r.collection) },
    {
      header: "Record",
      value: (r) => (r.collection && r.recordId ? csvNames.get(recordKey(r.collection, r.recordId)) : undefined),
    },
    { header: "Record id", value: (r) => r.recordId },
    { header: "Facility", value: (r) => (r.facilityId ? nameOf(r.facilityId) : "") },
    { header: "Summary", value: (r) => r.summary },
    { header: "IP", value: (r) => r.ip },
  ];

  /** Pages of the CSV, stopping after CSV_ROW_CAP rows. */
  function csvPages() {
    let rows = 0;
    return async (cursor: string | undefined): Promise<TPage<TAuditRow>> => {
      const page = await list.exportPage(cursor);
      const items = page.items.slice(0, CSV_ROW_CAP - rows);
      for (const [key, name] of await readRecordNames(data, namedRecords(items, mayRead))) csvNames.set(key, name);
      rows += items.length;
      return { items, nextCursor: rows >= CSV_ROW_CAP ? null : page.nextCursor };
    };
  }

  const today = todayIn(timeZone);
  const zoneText = `${zoneFacility ? `${zoneFacility.name}'s time zone, ` : ""}${timeZone}`;
  return (
    <article className="page audit-log" aria-labelledby="page-title">
      <PageHeader
        title="Audit log"
        intro="Who viewed, created, changed, archived, removed or exported records, uploaded or downloaded files, and who signed in or failed to. Rows are written by the server and can never be changed or deleted."
        scope={{
          label: "Times:",
          value: zoneText,
          extra: countText(list.total, ["entry", "entries"], filtered),
        }}
        actions={
          <ExportCsvButton
            fileName={csvFileName("audit-log", filters.facility, today)}
            columns={csvColumns}
            page={csvPages()}
            disabled={list.items.length === 0}
          />
        }
      >
        <p className="audit-log__cap">
          Export CSV saves every entry the filters match, newest first, up to {CSV_ROW_CAP.toLocaleString("en-US")}{" "}
          rows; narrow the days to export more.
        </p>
      </PageHeader>
      <ListFilters>
        <SelectFilter
          label="User"
          anyLabel="Any user"
          labels={userLabels}
          value={filters.user}
          onChange={(v) => setFilter("user", v)}
        />
        <SelectFilter
          label="Action"
          anyLabel="Any action"
          labels={actionLabels}
          value={filters.action as TAuditAction | ""}
          onChange={(v) => setFilter("action", v)}
        />
        <SelectFilter
          label="Record type"
          anyLabel="Any type"
          labels={TYPE_LABELS}
          value={filters.type}
          onChange={(v) => setFilter("type", v)}
        />
        <label className="list-filters__field">
          <span>Record id</span>
          <input
            type="search"
            value={record}
            maxLength={200}
            onChange={(event) => setRecord(event.target.value)}
            placeholder="e.g. from a record's panel"
          />
        </label>
        <SelectFilter
          label="Facility"
          anyLabel="Any facility"
          labels={facilityLabels}
          value={filters.facility}
          onChange={(v) => setFilter("facility", v)}
        />
        <label className="list-filters__field">
          <span>From (day)</span>
          <input type="date" value={from} max={today} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="list-filters__field">
          <span>To (day, included)</span>
          <input
            type="date"
            value={to}
            max={today}
            aria-invalid={problems.to ? true : undefined}
            aria-describedby={problems.to ? "audit-log-to-error" : undefined}
            onChange={(event) => setTo(event.target.value)}
          />
          {problems.to && (
            <span id="audit-log-to-error" className="form-field__error" role="alert">
              {problems.to}
            </span>
          )}
        </label>
      </ListFilters>
      <DataTable
        caption="Audit log entries, newest first"
        columns={columns}
        rows={list.items}
        getRowId={(row) => row.id}
        loading={list.loading}
        pagination={list.pagination}
        empty={
          filtered ? (
            <ListEmpty
              title="No entries match"
              action={
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => updateParams(() => new URLSearchParams())}
                >
                  Clear filters
                </button>
              }
            >
              Nothing in the audit log matches these filters. Widen the days or clear the filters.
            </ListEmpty>
          ) : (
            <ListEmpty title="No entries yet">Sign-ins, views and changes appear here as they happen.</ListEmpty>
          )
        }
      />
      <p className="audit-log__help">
        See <Link to={paths.help.href("audit-log")}>Help</Link> for what each action means.
      </p>
    </article>
  );
}
