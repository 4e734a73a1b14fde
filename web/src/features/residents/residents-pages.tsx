/**
 * All Residents (`/residents`): the selected facility's residents (every facility when none is
 * selected), searchable by name, filtered by status, sorted by the server, a page at a time by cursor,
 * with their document compliance, every stay of a readmitted resident and (for a role that may read
 * rent) balance due, and a CSV export of
 * everything the filters match.
 */
import { listName } from "@care/core/rules/person-name.rules";
import { Link } from "react-router-dom";
import { RESIDENT_STATUSES, type TResidentStatus } from "@care/core/collections/residents.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { localToday } from "@care/core/rules/date-only.rules";
import type { TStayPeriod } from "@care/core/rules/stays.rules";
import { complianceOf } from "../../lib/compliance.ts";
import { facilityToday } from "../../lib/facilities.tsx";
import { csvFileName, useFacilityScope } from "../../lib/facility-scope.ts";
import { useCan } from "../../lib/access.ts";
import { useListState } from "../../lib/list-state.ts";
import { paths } from "../../lib/paths.ts";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { useRecordList, type TReadPorts } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import { STATUS_LABELS, formatCents, roomAndBed, statusPill } from "./resident-format.ts";
import { staysText } from "./face-sheet-header.tsx";
import { balancesOf, residentsQuery, staysOf, type TResidentFilters } from "./residents-queries.ts";
import "./residents.css";

type TResident = TRecordOf<"residents">;
type TResidentRow = TResident & {
  balanceCents: number | undefined;
  compliance: TSubjectCompliance | undefined;
  /** Every stay, oldest first; more than one for a resident readmitted after a discharge. */
  stays: TStayPeriod[];
};

const NOT_TRACKED = "Documents are not tracked for discharged, deceased or archived residents.";
const LABELS = FIELD_LABELS.residents;

/**
 * Each resident with their document status, their stays and, for a role that may read rent, their
 * balance due, each read from its own source.
 */
function withExtras(withBalance: boolean) {
  return async (residents: TResident[], { data, insights }: TReadPorts, use: "screen" | "export") => {
    // On screen a failing source is reported and its column left empty.
    const soft = <T,>(promise: Promise<T>, empty: T): Promise<T> =>
      use === "screen"
        ? promise.catch((error: unknown) => {
            reportError(error);
            return empty;
          })
        : promise;
    const ids = residents.map((r) => r.id);
    const [balances, compliance, stays] = await Promise.all([
      withBalance ? soft(balancesOf(data, ids), new Map<string, number>()) : new Map<string, number>(),
      soft(complianceOf(insights, "resident", ids, localToday()), new Map<string, TSubjectCompliance>()),
      soft(staysOf(data, residents), new Map<string, TStayPeriod[]>()),
    ]);
    return residents.map((r): TResidentRow => ({
      ...r,
      balanceCents: balances.get(r.id),
      compliance: compliance.get(r.id),
      stays: stays.get(r.id) ?? [],
    }));
  };
}

export function AllResidentsPage() {
  const { facilityId, scope, nameOf, facilities } = useFacilityScope();
  const can = useCan();
  const withBalance = can("rent");
  const admits = can("residents", "write");
  const state = useListState<{ status: TResidentStatus | "" }, TResidentFilters["orderBy"]>(
    { status: "" },
    { field: "lastName", direction: "asc" },
    { status: ["", ...RESIDENT_STATUSES] },
  );
  const { status } = state.filters;
  const list = useRecordList(
    "residents",
    residentsQuery({ facilityId, status, search: state.search, orderBy: state.orderBy }),
    {
      extras: {
        reads: [...INSIGHT_READS, "residentEvents", ...(withBalance ? (["rentAccounts"] as const) : [])],
        rows: withExtras(withBalance),
      },
    },
  );

  const columns: TDataColumn<TResidentRow>[] = [
    {
      id: "name",
      header: "Name",
      meta: { sortField: "lastName" },
      cell: ({ row }) => <Link to={paths.residents.detail.href(row.original.id)}>{listName(row.original)}</Link>,
    },
    { id: "facility", header: LABELS.facilityId, cell: ({ row }) => nameOf(row.original.facilityId) },
    {
      id: "room",
      header: LABELS.room,
      meta: { sortField: "room" },
      cell: ({ row }) => roomAndBed(row.original) || "—",
    },
    {
      id: "status",
      header: LABELS.status,
      cell: ({ row }) => {
        const pill = statusPill(row.original, facilityToday(facilities, row.original.facilityId));
        return <span className={pill.className}>{pill.label}</span>;
      },
    },
    {
      id: "admissionDate",
      header: "Admitted",
      meta: { sortField: "admissionDate" },
      cell: ({ row }) =>
        row.original.stays.length > 1 ? (
          <>
            {row.original.admissionDate}
            <span className="resident-stays">Stays: {staysText(row.original.stays)}</span>
          </>
        ) : (
          row.original.admissionDate
        ),
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
  ];
  if (withBalance)
    columns.push({
      id: "balance",
      header: "Balance due",
      cell: ({ row }) =>
        row.original.balanceCents === undefined ? (
          <span className="balance balance--unbilled">Not billed yet</span>
        ) : (
          <span className={row.original.balanceCents > 0 ? "balance balance--due" : "balance"}>
            {formatCents(row.original.balanceCents)}
          </span>
        ),
    });

  const csvColumns: TCsvColumn<TResidentRow>[] = [
    { header: LABELS.lastName, value: (r) => r.lastName },
    { header: LABELS.firstName, value: (r) => r.firstName },
    { header: LABELS.preferredName, value: (r) => r.preferredName },
    { header: LABELS.facilityId, value: (r) => nameOf(r.facilityId) },
    { header: LABELS.room, value: (r) => r.room },
    { header: LABELS.bed, value: (r) => r.bed },
    { header: LABELS.status, value: (r) => statusPill(r, facilityToday(facilities, r.facilityId)).label },
    { header: LABELS.admissionDate, value: (r) => r.admissionDate },
    { header: LABELS.dischargeDate, value: (r) => r.dischargeDate },
    { header: "Stays", value: (r) => (r.stays.length > 1 ? staysText(r.stays) : "") },
    { header: "Documents", value: (r) => (r.compliance ? complianceStatusLabel(r.compliance.status) : "") },
    { header: "Documents detail", value: (r) => (r.compliance ? complianceCountsText(r.compliance.counts) : "") },
  ];
  if (withBalance)
    csvColumns.push({
      header: "Balance due",
      value: (r) => (r.balanceCents === undefined ? "" : (r.balanceCents / 100).toFixed(2)),
    });

  return (
    <ListPage
      title="All Residents"
      scope={{ label: "Facility:", value: scope }}
      list={list}
      noun={["resident", "residents"]}
      add={admits ? { label: "Add New Resident", to: paths.residents.add.href() } : undefined}
      exportCsv={{
        fileName: csvFileName("residents", facilityId, localToday()),
        columns: csvColumns,
        page: list.exportPage,
      }}
      state={state}
      search={{ label: "Search by name", placeholder: "Last, first or preferred name" }}
      selects={[{ key: "status", label: "Status", anyLabel: "Any status", labels: STATUS_LABELS }]}
      table={{ caption: `Residents, ${scope}`, columns }}
      empty={{
        noMatch: {
          title: "No residents match",
          text: `Nobody in ${scope} matches this search and status. Clear them to see everyone.`,
          clearLabel: "Clear search and status",
        },
        none: {
          title: "No residents recorded",
          // Only a role that may admit is told how to.
          text: facilityId
            ? `No residents are recorded for ${scope} yet. ${admits ? "Admit one with Add New Resident, or choose" : "Choose"} "Select Facility" in the header to see every home.`
            : `No residents are recorded yet.${admits ? " Admit the first one with Add New Resident." : ""}`,
        },
      }}
    />
  );
}
