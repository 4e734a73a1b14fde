/**
 * `/facilities/`: the homes of the group with census, occupancy, staff count and document compliance;
 * active/inactive filter, name search, server sort, cursor pages and CSV. The list is the group's, not
 * one home's: the row of the home chosen in the header is marked, and any row can be chosen there.
 */
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { FIELD_LABELS } from "@care/core/field-labels";
import { MAX_PAGE_SIZE, type TListQuery } from "@care/core/list-query";
import type { TRecordOf } from "@care/core/registry";
import { localToday } from "@care/core/rules/date-only.rules";
import { paths } from "../../lib/paths.ts";
import { useData, useFiles, useInsights, useSession } from "../../lib/ports.tsx";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { usePortQuery, useRecordList, type TReadPorts } from "../../lib/records/use-records.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn, TSort } from "../../ui/data-table.tsx";
import { SearchFilter } from "../../ui/list-filters.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import { facilityStats, occupancyLabel, type TFacilityStats } from "./facility-stats.ts";
import "./facilities-page.css";

type TFacilityRecord = TRecordOf<"facilities">;
type TRow = TFacilityRecord & { stats: TFacilityStats | undefined };
type TActiveFilter = "active" | "inactive" | "";

/** How many rows' numbers are read at once. */
const STATS_CONCURRENCY = 4;

const LABELS = FIELD_LABELS.facilities;

function listQuery(active: TActiveFilter, search: string, orderBy: TSort): Omit<TListQuery, "limit" | "cursor"> {
  const text = search.trim();
  return { ...(active ? { where: { active: active === "active" } } : {}), orderBy, ...(text ? { search: text } : {}) };
}

/** The numbers of each facility, a few at a time so a long page does not flood the server. */
async function statsOf(
  ports: TReadPorts,
  facilityIds: readonly string[],
  today: string,
): Promise<Map<string, TFacilityStats>> {
  const out = new Map<string, TFacilityStats>();
  const queue = [...facilityIds];
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift())
      out.set(id, await facilityStats(ports.data, ports.insights, id, today));
  };
  await Promise.all(Array.from({ length: STATS_CONCURRENCY }, worker));
  return out;
}

export function FacilitiesPage() {
  const data = useData();
  const insights = useInsights();
  const files = useFiles();
  const session = useSession();
  const isAdmin = session?.role === "admin";
  const [selected, setSelected] = useSelectedFacility();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText);
  const [active, setActive] = useState<TActiveFilter>("active");
  const [orderBy, setOrderBy] = useState<TSort>({ field: "sortOrder", direction: "asc" });
  const query = listQuery(active, search, orderBy);
  const list = useRecordList("facilities", query);
  const ids = list.items.map((f) => f.id);
  const today = localToday();
  const stats = usePortQuery(["facilities", "stats", ids, today], (ports) => statsOf(ports, ids, today), {
    reads: INSIGHT_READS,
    enabled: ids.length > 0,
  });
  const rows: TRow[] = list.items.map((f) => ({ ...f, stats: stats.data?.get(f.id) }));

  const columns = useMemo<TDataColumn<TRow>[]>(
    () => [
      {
        id: "name",
        header: "Facility",
        meta: { sortField: "name" },
        cell: ({ row }) => (
          <span className="facilities-page__name">
            <Link to={paths.facilities.detail.href(row.original.id)}>{row.original.name}</Link>
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

  const csvColumns: TCsvColumn<TRow>[] = [
    { header: "Id", value: (f) => f.id },
    { header: LABELS.name, value: (f) => f.name },
    { header: LABELS.active, value: (f) => (f.active ? "Yes" : "No") },
    { header: LABELS.address, value: (f) => f.address },
    { header: LABELS.phone, value: (f) => f.phone },
    { header: LABELS.licenseNumber, value: (f) => f.licenseNumber },
    { header: LABELS.licensedCapacity, value: (f) => f.licensedCapacity },
    { header: LABELS.administrator, value: (f) => f.administrator },
    { header: "Census", value: (f) => f.stats?.census },
    { header: "Staff", value: (f) => f.stats?.staff },
    { header: "Compliance", value: (f) => f.stats?.compliance?.status },
    {
      header: "Compliance detail",
      value: (f) => (f.stats?.compliance ? complianceCountsText(f.stats.compliance.counts) : ""),
    },
  ];

  async function exportPage(cursor: string | undefined) {
    const page = await data.list("facilities", { ...query, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const pageStats = await statsOf(
      { data, insights, files },
      page.items.map((f) => f.id),
      localToday(),
    );
    return { items: page.items.map((f) => ({ ...f, stats: pageStats.get(f.id) })), nextCursor: page.nextCursor };
  }

  const filtered = Boolean(search.trim()) || active === "inactive";
  return (
    <ListPage
      title="Facilities"
      intro="The homes of your group: census, occupancy against the licensed capacity, staff and whether their paperwork is complete. Open a home for its details and documents."
      add={isAdmin ? { label: "Add facility", to: paths.facilities.add.href() } : undefined}
      exportCsv={{ fileName: `facilities-${today}.csv`, columns: csvColumns, page: exportPage }}
      filters={
        <>
          <SearchFilter
            label="Search by name"
            value={searchText}
            onChange={setSearchText}
            placeholder="Facility name"
          />
          <label className="list-filters__field">
            <span>Show</span>
            <select value={active} onChange={(event) => setActive(event.target.value as TActiveFilter)}>
              <option value="active">Active facilities</option>
              <option value="inactive">Inactive facilities</option>
              <option value="">All facilities</option>
            </select>
          </label>
        </>
      }
      filtered={filtered}
      onClearFilters={() => {
        setSearchText("");
        setActive("active");
      }}
      table={{
        caption: "Facilities of the group",
        columns,
        rows,
        getRowId: (r) => r.id,
        loading: list.loading,
        sort: orderBy,
        onSortChange: setOrderBy,
        pagination: list.pagination,
      }}
      empty={{
        noMatch: {
          title: "No facilities match",
          text: `No ${active === "inactive" ? "inactive " : ""}facility matches. Clear the search and filter to see every home.`,
          clearLabel: "Clear search and filter",
        },
        none: {
          title: "No facilities",
          text: isAdmin
            ? "Add your first home with Add facility."
            : "No home is open to your account; ask an administrator for access.",
        },
      }}
    >
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
        <Link to={paths.help.href("facilities")}>How Facilities works</Link>
      </p>
    </ListPage>
  );
}
