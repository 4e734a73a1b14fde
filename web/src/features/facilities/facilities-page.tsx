/**
 * `/facilities/`: the homes of the group with census, occupancy, staff count and document compliance;
 * active/inactive filter, name search, server sort, cursor pages and CSV. The list is the group's, not
 * one home's: the row of the home chosen in the header is marked, and any row can be chosen there.
 */
import { can, isGroupWide } from "@care/core/rules/access.rules";
import { useMemo, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TListQuery } from "@care/core/list-query";
import type { TFacilityStats } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { localToday } from "@care/core/rules/date-only.rules";
import { paths } from "../../lib/paths.ts";
import { useSession } from "../../lib/ports.tsx";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { useRecordList } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { useListState } from "../../lib/list-state.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn, TSort } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import { occupancyLabel } from "./facility-stats.ts";
import "./facilities-page.css";

type TFacilityRecord = TRecordOf<"facilities">;
/** A home with its figures: `undefined` while they load, or for good when they could not be read. */
type TRow = TFacilityRecord & { stats: TFacilityStats | undefined; statsFailed?: boolean };
type TActiveFilter = "active" | "inactive" | "";

const SHOWN_LABELS = { active: "Active facilities", inactive: "Inactive facilities" } as const;

const LABELS = FIELD_LABELS.facilities;

function listQuery(active: TActiveFilter, search: string, orderBy: TSort): Omit<TListQuery, "limit" | "cursor"> {
  const text = search.trim();
  return { ...(active ? { where: { active: active === "active" } } : {}), orderBy, ...(text ? { search: text } : {}) };
}

/**
 * A cell of a home's figures: "…" while they load, "—" when they could not be read or the role may not
 * read what the figure counts (it is null then).
 */
function figure(row: TRow, value: (stats: TFacilityStats) => ReactNode): ReactNode {
  if (!row.stats) return row.statsFailed ? "—" : "…";
  return value(row.stats) ?? "—";
}

export function FacilitiesPage() {
  const session = useSession();
  // A new home is added by someone who may change facilities and sees every home.
  const isAdmin = Boolean(session && can(session, "facilities", "write") && isGroupWide(session));
  const [selected, setSelected] = useSelectedFacility();
  const state = useListState<{ active: TActiveFilter }, TSort>(
    { active: "active" },
    { field: "sortOrder", direction: "asc" },
    { active: ["", "active", "inactive"] },
  );
  const { active } = state.filters;
  const { orderBy, setOrderBy } = state;
  const query = listQuery(active, state.search, orderBy);
  const today = localToday();
  const list = useRecordList("facilities", query, {
    extras: {
      reads: INSIGHT_READS,
      // One question for the whole page's numbers. On screen a failure is reported and the homes are
      // listed without them; an export fails instead, so no file is written with gaps.
      rows: async (facilities, { insights }, use) => {
        if (facilities.length === 0) return [];
        try {
          const stats = await insights.facilityStats({ facilityIds: facilities.map((f) => f.id) });
          return facilities.map((f): TRow => ({ ...f, stats: stats.find((s) => s.facilityId === f.id) }));
        } catch (error) {
          if (use === "export") throw error;
          reportError(error);
          return facilities.map((f): TRow => ({ ...f, stats: undefined, statsFailed: true }));
        }
      },
    },
  });

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
        cell: ({ row }) => figure(row.original, (stats) => stats.census),
      },
      {
        id: "occupancy",
        header: "Occupancy",
        cell: ({ row }) =>
          figure(row.original, ({ census, plannedMoveIns }) =>
            census === null || plannedMoveIns === null
              ? null
              : occupancyLabel(census, row.original.licensedCapacity, plannedMoveIns),
          ),
      },
      {
        id: "staff",
        header: "Staff",
        cell: ({ row }) => figure(row.original, (stats) => stats.staff),
      },
      {
        id: "compliance",
        header: "Compliance",
        cell: ({ row }) =>
          figure(
            row.original,
            ({ compliance }) => compliance && <ComplianceBadge status={compliance.status} counts={compliance.counts} />,
          ),
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
    { header: "Planned move-ins", value: (f) => f.stats?.plannedMoveIns },
    { header: "Compliance", value: (f) => f.stats?.compliance?.status },
    {
      header: "Compliance detail",
      value: (f) => (f.stats?.compliance ? complianceCountsText(f.stats.compliance.counts) : ""),
    },
  ];

  return (
    <ListPage
      title="Facilities"
      intro="The homes of your group: census, occupancy against the licensed capacity, staff and whether their paperwork is complete. Open a home for its details and documents."
      list={list}
      add={isAdmin ? { label: "Add facility", to: paths.facilities.add.href() } : undefined}
      exportCsv={{ fileName: `facilities-${today}.csv`, columns: csvColumns }}
      state={state}
      search={{ label: "Search by name", placeholder: "Facility name" }}
      selects={[{ key: "active", label: "Show", anyLabel: "All facilities", labels: SHOWN_LABELS }]}
      table={{ caption: "Facilities of the group", columns }}
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
