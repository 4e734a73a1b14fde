/**
 * `/facilities/`: the homes of the group with census, occupancy, staff count and document compliance;
 * active/inactive filter, name search, server sort, cursor pages and CSV. The list is the group's, not
 * one home's: the row of the home chosen in the header is marked, and any row can be chosen there.
 */
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { MAX_PAGE_SIZE, type TListQuery } from "@care/core/list-query";
import type { TRecordOf } from "@care/core/registry";
import { localToday } from "@care/core/rules/date-only.rules";
import { useData, useInsights, useSession } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { useSelectedFacility } from "../../app/selected-facility.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import { collectCsv, downloadCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { DataTable, type TDataColumn, type TSort } from "../../ui/data-table.tsx";
import { paginationOf, useCursorPages } from "../../ui/use-cursor-pages.ts";
import { facilityStats, occupancyLabel, type TFacilityStats } from "./facility-stats.ts";
import "./facilities-page.css";

type TFacilityRecord = TRecordOf<"facilities">;
type TRow = TFacilityRecord & { stats: TFacilityStats | undefined };
type TActiveFilter = "active" | "inactive" | "";

/** How many rows' numbers are read at once. */
const STATS_CONCURRENCY = 4;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function listQuery(active: TActiveFilter, search: string, orderBy: TSort, limit: number, cursor?: string): TListQuery {
  const text = search.trim();
  return {
    ...(active ? { where: { active: active === "active" } } : {}),
    orderBy,
    limit,
    ...(text ? { search: text } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

export function FacilitiesPage() {
  const data = useData();
  const insights = useInsights();
  const session = useSession();
  const isAdmin = session?.role === "admin";
  const [selected, setSelected] = useSelectedFacility();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText, 300);
  const [active, setActive] = useState<TActiveFilter>("active");
  const [orderBy, setOrderBy] = useState<TSort>({ field: "sortOrder", direction: "asc" });
  const pages = useCursorPages(25);
  const { reset } = pages;
  const [rows, setRows] = useState<TRow[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState<number | null>(null);
  const filters = useMemo(() => ({ active, search, orderBy }), [active, search, orderBy]);

  useEffect(() => reset(), [filters, reset]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    const today = localToday();
    data
      .list("facilities", listQuery(filters.active, filters.search, filters.orderBy, pages.pageSize, pages.cursor))
      .then((page) => {
        if (cancelled) return;
        setRows(page.items.map((f) => ({ ...f, stats: undefined })));
        setNextCursor(page.nextCursor);
        setLoading(false);
        // The numbers of each row follow as they come, a few rows at a time so a long page does not
        // flood the server.
        const queue = [...page.items];
        const worker = async () => {
          for (let facility = queue.shift(); facility && !cancelled; facility = queue.shift()) {
            const id = facility.id;
            try {
              const stats = await facilityStats(data, insights, id, today);
              if (!cancelled) setRows((current) => current.map((r) => (r.id === id ? { ...r, stats } : r)));
            } catch (error) {
              if (!cancelled) reportError(error);
            }
          }
        };
        for (let i = 0; i < STATS_CONCURRENCY; i += 1) void worker();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        reportError(error);
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [data, insights, filters, pages.cursor, pages.pageSize]);

  const columns = useMemo<TDataColumn<TRow>[]>(
    () => [
      {
        id: "name",
        header: "Facility",
        meta: { sortField: "name" },
        cell: ({ row }) => (
          <span className="facilities-page__name">
            <Link to={`/facilities/${row.original.id}`}>{row.original.name}</Link>
            {!row.original.active && <span className="facility-inactive">Inactive</span>}
          </span>
        ),
      },
      {
        id: "census",
        header: "Census",
        cell: ({ row }) => row.original.stats?.census ?? "…",
      },
      {
        id: "occupancy",
        header: "Occupancy",
        cell: ({ row }) =>
          row.original.stats ? occupancyLabel(row.original.stats.census, row.original.licensedCapacity) : "…",
      },
      { id: "staff", header: "Staff", cell: ({ row }) => row.original.stats?.staff ?? "…" },
      {
        id: "compliance",
        header: "Compliance",
        cell: ({ row }) => {
          const stats = row.original.stats;
          if (!stats) return "…";
          if (!stats.compliance) return "Unavailable";
          return <ComplianceBadge status={stats.compliance.status} counts={stats.compliance.counts} />;
        },
      },
      {
        id: "select",
        header: "Header selection",
        meta: { label: "Header selection" },
        cell: ({ row }) =>
          selected === row.original.id ? (
            <span className="facilities-page__current">Selected</span>
          ) : row.original.active ? (
            <button type="button" className="button button--secondary" onClick={() => setSelected(row.original.id)}>
              Select<span className="visually-hidden"> {row.original.name}</span>
            </button>
          ) : (
            "—"
          ),
      },
    ],
    [selected, setSelected],
  );

  async function exportCsv() {
    const today = localToday();
    const csvColumns: TCsvColumn<TRow>[] = [
      { header: "Id", value: (f) => f.id },
      { header: "Name", value: (f) => f.name },
      { header: "Active", value: (f) => (f.active ? "Yes" : "No") },
      { header: "Address", value: (f) => f.address },
      { header: "Phone", value: (f) => f.phone },
      { header: "License number", value: (f) => f.licenseNumber },
      { header: "Licensed capacity", value: (f) => f.licensedCapacity },
      { header: "Administrator", value: (f) => f.administrator },
      { header: "Census", value: (f) => f.stats?.census },
      { header: "Staff", value: (f) => f.stats?.staff },
      { header: "Compliance", value: (f) => f.stats?.compliance?.status },
      {
        header: "Compliance detail",
        value: (f) => (f.stats?.compliance ? complianceCountsText(f.stats.compliance.counts) : ""),
      },
    ];
    setExporting(0);
    try {
      const parts = await collectCsv(
        csvColumns,
        async (cursor) => {
          const page = await data.list(
            "facilities",
            listQuery(filters.active, filters.search, filters.orderBy, MAX_PAGE_SIZE, cursor),
          );
          const items: TRow[] = [];
          for (const f of page.items) items.push({ ...f, stats: await facilityStats(data, insights, f.id, today) });
          return { items, nextCursor: page.nextCursor };
        },
        setExporting,
      );
      downloadCsv(`facilities-${today}.csv`, parts);
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(null);
    }
  }

  const filtered = Boolean(search.trim()) || active === "inactive";
  return (
    <article className="facilities-page" aria-labelledby="page-title">
      <header className="facilities-page__header">
        <div>
          <h1 id="page-title">Facilities</h1>
          <p className="facilities-page__intro">
            The homes of your group: census, occupancy against the licensed capacity, staff and whether their paperwork
            is complete. Open a home for its details and documents.
          </p>
        </div>
        <div className="facilities-page__actions">
          {isAdmin && (
            <Link className="button" to="/facilities/add">
              Add facility
            </Link>
          )}
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

      <form className="facilities-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="facilities-filters__field">
          <span>Search by name</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Facility name"
            maxLength={100}
          />
        </label>
        <label className="facilities-filters__field">
          <span>Show</span>
          <select value={active} onChange={(event) => setActive(event.target.value as TActiveFilter)}>
            <option value="active">Active facilities</option>
            <option value="inactive">Inactive facilities</option>
            <option value="">All facilities</option>
          </select>
        </label>
      </form>

      <DataTable
        caption="Facilities of the group"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        loading={loading}
        sort={orderBy}
        onSortChange={setOrderBy}
        pagination={paginationOf(pages, nextCursor)}
        empty={
          filtered ? (
            <div className="facilities-empty">
              <h2>No facilities match</h2>
              <p>
                No {active === "inactive" ? "inactive " : ""}facility matches. Clear the search and filter to see every
                home.
              </p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSearchText("");
                  setActive("active");
                }}
              >
                Clear search and filter
              </button>
            </div>
          ) : (
            <div className="facilities-empty">
              <h2>No facilities</h2>
              <p>
                {isAdmin
                  ? "Add your first home with Add facility."
                  : "No home is open to your account; ask an administrator for access."}
              </p>
            </div>
          )
        }
      />
      {orderBy.field !== "sortOrder" && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setOrderBy({ field: "sortOrder", direction: "asc" })}
          >
            Back to the selector's order
          </button>
        </p>
      )}
      <p>
        <Link to="/help#facilities">How Facilities works</Link>
      </p>
    </article>
  );
}
