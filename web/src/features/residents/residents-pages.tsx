/**
 * All Residents (`/residents`): the selected facility's residents (every facility when none is
 * selected), searchable by name, filtered by status, sorted by the server, a page at a time by cursor,
 * with their balance due and a CSV export of everything the filters match.
 */
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { RESIDENT_STATUSES, type TResidentStatus } from "@care/core/collections/residents.collection";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { InsightsPort, TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { localToday } from "@care/core/rules/date-only.rules";
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
import { useData, useInsights } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { useSelectedFacility } from "../../app/selected-facility.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import { collectCsv, downloadCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { DataTable, type TDataColumn, type TSort } from "../../ui/data-table.tsx";
import { paginationOf, useCursorPages } from "../../ui/use-cursor-pages.ts";
import { STATUS_LABELS, formatCents, residentName, roomAndBed, today } from "./resident-format.ts";
import { balancesOf, complianceOf, residentsQuery, type TResidentFilters } from "./residents-queries.ts";
import "./residents.css";

type TResidentRow = TRecordOf<"residents"> & {
  balanceCents: number | undefined;
  compliance: TSubjectCompliance | undefined;
};

const NOT_TRACKED = "Documents are not tracked for discharged, deceased or archived residents.";

/**
 * Balances and document compliance of a page of residents. On screen (`lenient`) a failing port is
 * reported and its column left empty; an export fails instead of writing a file with gaps.
 */
async function withExtras(
  data: DataPort,
  insights: InsightsPort,
  residents: TRecordOf<"residents">[],
  lenient: boolean,
): Promise<TResidentRow[]> {
  const soft = <T,>(promise: Promise<T>, empty: T): Promise<T> =>
    lenient
      ? promise.catch((error: unknown) => {
          reportError(error);
          return empty;
        })
      : promise;
  const ids = residents.map((r) => r.id);
  const [balances, compliance] = await Promise.all([
    soft(balancesOf(data, ids), new Map<string, number>()),
    soft(complianceOf(insights, ids, localToday()), new Map<string, TSubjectCompliance>()),
  ]);
  return residents.map((r) => ({ ...r, balanceCents: balances.get(r.id), compliance: compliance.get(r.id) }));
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function AllResidentsPage() {
  const data = useData();
  const insights = useInsights();
  const { facilities } = useFacilities();
  const [facilityId] = useSelectedFacility();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText, 300);
  const [status, setStatus] = useState<TResidentStatus | "">("");
  const [orderBy, setOrderBy] = useState<TResidentFilters["orderBy"]>({ field: "lastName", direction: "asc" });
  const pages = useCursorPages(25);
  const { reset } = pages;
  const [rows, setRows] = useState<TResidentRow[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState<number | null>(null);

  const filters = useMemo<TResidentFilters>(
    () => ({ facilityId, status, search, orderBy }),
    [facilityId, status, search, orderBy],
  );

  // A new filter starts again at the first page.
  useEffect(() => reset(), [filters, reset]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    (async () => {
      const page = await data.list("residents", residentsQuery(filters, pages.pageSize, pages.cursor));
      const pageRows = await withExtras(data, insights, page.items, true);
      if (cancelled) return;
      setRows(pageRows);
      setNextCursor(page.nextCursor);
    })()
      .catch((error: unknown) => {
        if (!cancelled) reportError(error);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [data, insights, filters, pages.cursor, pages.pageSize]);

  useEffect(() => {
    let cancelled = false;
    const { where, search: text } = residentsQuery(filters, 1);
    data
      .count("residents", { ...(where ? { where } : {}), ...(text ? { search: text } : {}) })
      .then((n) => !cancelled && setTotal(n))
      .catch(() => !cancelled && setTotal(null));
    return () => {
      cancelled = true;
    };
  }, [data, filters]);

  const columns = useMemo<TDataColumn<TResidentRow>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        meta: { sortField: "lastName" },
        cell: ({ row }) => <Link to={`/residents/${row.original.id}`}>{residentName(row.original)}</Link>,
      },
      { id: "facility", header: "Facility", cell: ({ row }) => facilityName(facilities, row.original.facilityId) },
      { id: "room", header: "Room", meta: { sortField: "room" }, cell: ({ row }) => roomAndBed(row.original) || "—" },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <span className={`status-badge status-badge--${row.original.status}`}>
            {STATUS_LABELS[row.original.status]}
          </span>
        ),
      },
      {
        id: "admissionDate",
        header: "Admitted",
        meta: { sortField: "admissionDate" },
        cell: ({ row }) => row.original.admissionDate,
      },
      {
        id: "documents",
        header: "Documents",
        cell: ({ row }) =>
          row.original.compliance ? (
            <ComplianceBadge status={row.original.compliance.status} counts={row.original.compliance.counts} />
          ) : (
            <span title={NOT_TRACKED}>—</span>
          ),
      },
      {
        id: "balance",
        header: "Balance due",
        cell: ({ row }) =>
          row.original.balanceCents === undefined ? (
            "—"
          ) : (
            <span className={row.original.balanceCents > 0 ? "balance balance--due" : "balance"}>
              {formatCents(row.original.balanceCents)}
            </span>
          ),
      },
    ],
    [facilities],
  );

  async function exportCsv() {
    const csvColumns: TCsvColumn<TResidentRow>[] = [
      { header: "Last name", value: (r) => r.lastName },
      { header: "First name", value: (r) => r.firstName },
      { header: "Preferred name", value: (r) => r.preferredName },
      { header: "Facility", value: (r) => facilityName(facilities, r.facilityId) },
      { header: "Room", value: (r) => r.room },
      { header: "Bed", value: (r) => r.bed },
      { header: "Status", value: (r) => STATUS_LABELS[r.status] },
      { header: "Admission date", value: (r) => r.admissionDate },
      { header: "Discharge date", value: (r) => r.dischargeDate },
      { header: "Documents", value: (r) => (r.compliance ? complianceStatusLabel(r.compliance.status) : "") },
      { header: "Documents detail", value: (r) => (r.compliance ? complianceCountsText(r.compliance.counts) : "") },
      { header: "Balance due", value: (r) => (r.balanceCents === undefined ? "" : (r.balanceCents / 100).toFixed(2)) },
    ];
    setExporting(0);
    try {
      const parts = await collectCsv(
        csvColumns,
        async (cursor) => {
          const page = await data.list("residents", residentsQuery(filters, MAX_PAGE_SIZE, cursor));
          return { items: await withExtras(data, insights, page.items, false), nextCursor: page.nextCursor };
        },
        setExporting,
      );
      downloadCsv(`residents-${facilityId || "all-facilities"}-${today()}.csv`, parts);
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(null);
    }
  }

  const filtered = Boolean(search.trim() || status);
  const scope = facilityId ? facilityName(facilities, facilityId) : "All facilities";
  const sort: TSort = orderBy;

  return (
    <article className="residents-page" aria-labelledby="page-title">
      <header className="residents-page__header">
        <div>
          <h1 id="page-title">All Residents</h1>
          <p className="residents-page__scope">
            <span className="residents-page__scope-label">Facility:</span> {scope}
            {total !== null && (
              <span className="residents-page__count">
                {" "}
                · {total} resident{total === 1 ? "" : "s"}
                {filtered ? (total === 1 ? " matches" : " match") : ""}
              </span>
            )}
          </p>
        </div>
        <div className="residents-page__actions">
          <Link className="button" to="/residents/add">
            Add New Resident
          </Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void exportCsv()}
            disabled={exporting !== null || rows.length === 0}
          >
            {exporting === null ? "Export CSV" : `Exporting… ${exporting}`}
          </button>
        </div>
      </header>

      <form className="residents-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="residents-filters__field">
          <span>Search by name</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Last, first or preferred name"
            maxLength={100}
          />
        </label>
        <label className="residents-filters__field">
          <span>Status</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as TResidentStatus | "")}>
            <option value="">Any status</option>
            {RESIDENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </form>

      <DataTable
        caption={`Residents, ${scope}`}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        loading={loading}
        sort={sort}
        onSortChange={(next) => setOrderBy(next as TResidentFilters["orderBy"])}
        pagination={paginationOf(pages, nextCursor)}
        empty={
          filtered ? (
            <div className="residents-empty">
              <h2>No residents match</h2>
              <p>Nobody in {scope} matches this search and status. Clear them to see everyone.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSearchText("");
                  setStatus("");
                }}
              >
                Clear search and status
              </button>
            </div>
          ) : (
            <div className="residents-empty">
              <h2>No residents recorded</h2>
              <p>
                {facilityId
                  ? `No residents are recorded for ${scope} yet. Admit one with Add New Resident, or choose "Select Facility" in the header to see every home.`
                  : "No residents are recorded yet. Admit the first one with Add New Resident."}
              </p>
              <Link className="button" to="/residents/add">
                Add New Resident
              </Link>
            </div>
          )
        }
      />
    </article>
  );
}
