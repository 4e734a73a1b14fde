/**
 * All Residents (`/residents`): the selected facility's residents (every facility when none is
 * selected), searchable by name, filtered by status, sorted by the server, a page at a time by cursor,
 * with their document compliance and balance due, and a CSV export of everything the filters match.
 */
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import type { TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { localToday } from "@care/core/rules/date-only.rules";
import { complianceOf } from "../../lib/compliance.ts";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData, useInsights } from "../../lib/ports.tsx";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { useRecordList, type TReadPorts } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn } from "../../ui/data-table.tsx";
import { SearchFilter, SelectFilter } from "../../ui/list-filters.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import { STATUS_LABELS, STATUS_TONES, formatCents, residentName, roomAndBed, today } from "./resident-format.ts";
import { balancesOf, residentsQuery, type TResidentFilters } from "./residents-queries.ts";
import "./residents.css";

type TResident = TRecordOf<"residents">;
type TResidentRow = TResident & { balanceCents: number | undefined; compliance: TSubjectCompliance | undefined };

/**
 * Balances and document compliance of a page of residents. On screen (`lenient`) a failing source is
 * reported and its column left empty; an export fails instead of writing a file with gaps.
 */
async function withExtras(
  { data, insights }: Pick<TReadPorts, "data" | "insights">,
  residents: TResident[],
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
    soft(complianceOf(insights, "resident", ids, localToday()), new Map<string, TSubjectCompliance>()),
  ]);
  return residents.map((r) => ({ ...r, balanceCents: balances.get(r.id), compliance: compliance.get(r.id) }));
}

const NOT_TRACKED = "Documents are not tracked for discharged, deceased or archived residents.";
const LABELS = FIELD_LABELS.residents;

export function AllResidentsPage() {
  const data = useData();
  const insights = useInsights();
  const { facilities } = useFacilities();
  const [facilityId] = useSelectedFacility();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText);
  const [status, setStatus] = useState<TResidentStatus | "">("");
  const [orderBy, setOrderBy] = useState<TResidentFilters["orderBy"]>({ field: "lastName", direction: "asc" });
  const query = residentsQuery({ facilityId, status, search, orderBy });
  const list = useRecordList("residents", query, {
    // Each row with its balance and document status; on screen a failing source leaves its column empty.
    extras: {
      reads: [...INSIGHT_READS, "rentAccounts"],
      rows: (items, ports) => withExtras(ports, items, true),
    },
  });
  const rows = list.items;

  const nameOf = (id: string) => facilityName(facilities, id);
  const columns = useMemo<TDataColumn<TResidentRow>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        meta: { sortField: "lastName" },
        cell: ({ row }) => <Link to={paths.residents.detail.href(row.original.id)}>{residentName(row.original)}</Link>,
      },
      {
        id: "facility",
        header: LABELS.facilityId,
        cell: ({ row }) => facilityName(facilities, row.original.facilityId),
      },
      {
        id: "room",
        header: LABELS.room,
        meta: { sortField: "room" },
        cell: ({ row }) => roomAndBed(row.original) || "—",
      },
      {
        id: "status",
        header: LABELS.status,
        cell: ({ row }) => (
          <span className={STATUS_TONES[row.original.status]}>{STATUS_LABELS[row.original.status]}</span>
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

  const csvColumns: TCsvColumn<TResidentRow>[] = [
    { header: LABELS.lastName, value: (r) => r.lastName },
    { header: LABELS.firstName, value: (r) => r.firstName },
    { header: LABELS.preferredName, value: (r) => r.preferredName },
    { header: LABELS.facilityId, value: (r) => nameOf(r.facilityId) },
    { header: LABELS.room, value: (r) => r.room },
    { header: LABELS.bed, value: (r) => r.bed },
    { header: LABELS.status, value: (r) => STATUS_LABELS[r.status] },
    { header: LABELS.admissionDate, value: (r) => r.admissionDate },
    { header: LABELS.dischargeDate, value: (r) => r.dischargeDate },
    { header: "Documents", value: (r) => (r.compliance ? complianceStatusLabel(r.compliance.status) : "") },
    { header: "Documents detail", value: (r) => (r.compliance ? complianceCountsText(r.compliance.counts) : "") },
    { header: "Balance due", value: (r) => (r.balanceCents === undefined ? "" : (r.balanceCents / 100).toFixed(2)) },
  ];

  /** One page of the export: the residents and, unlike the screen, their extras or a failure. */
  async function exportPage(cursor: string | undefined) {
    const page = await data.list("residents", { ...query, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const pageIds = page.items.map((r) => r.id);
    const [b, c] = await Promise.all([
      balancesOf(data, pageIds),
      complianceOf(insights, "resident", pageIds, localToday()),
    ]);
    return {
      items: page.items.map((r) => ({ ...r, balanceCents: b.get(r.id), compliance: c.get(r.id) })),
      nextCursor: page.nextCursor,
    };
  }

  const filtered = Boolean(search.trim() || status);
  const scope = facilityId ? nameOf(facilityId) : "All facilities";
  return (
    <ListPage
      title="All Residents"
      scope={{ label: "Facility:", value: scope }}
      count={{ total: list.total, noun: ["resident", "residents"] }}
      add={{ label: "Add New Resident", to: paths.residents.add.href() }}
      exportCsv={{
        fileName: `residents-${facilityId || "all-facilities"}-${today()}.csv`,
        columns: csvColumns,
        page: exportPage,
      }}
      filters={
        <>
          <SearchFilter
            label="Search by name"
            value={searchText}
            onChange={setSearchText}
            placeholder="Last, first or preferred name"
          />
          <SelectFilter
            label="Status"
            anyLabel="Any status"
            value={status}
            onChange={setStatus}
            labels={STATUS_LABELS}
          />
        </>
      }
      filtered={filtered}
      onClearFilters={() => {
        setSearchText("");
        setStatus("");
      }}
      table={{
        caption: `Residents, ${scope}`,
        columns,
        rows,
        getRowId: (r) => r.id,
        loading: list.loading,
        sort: orderBy,
        onSortChange: (next) => setOrderBy(next as TResidentFilters["orderBy"]),
        pagination: list.pagination,
      }}
      empty={{
        noMatch: {
          title: "No residents match",
          text: `Nobody in ${scope} matches this search and status. Clear them to see everyone.`,
          clearLabel: "Clear search and status",
        },
        none: {
          title: "No residents recorded",
          text: facilityId
            ? `No residents are recorded for ${scope} yet. Admit one with Add New Resident, or choose "Select Facility" in the header to see every home.`
            : "No residents are recorded yet. Admit the first one with Add New Resident.",
        },
      }}
    />
  );
}
