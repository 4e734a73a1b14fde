/**
 * The Staff area: the Staff Directory (`/staff`, also `/staff/`) — the selected facility's staff (those
 * whose home it is and those who also work there; every facility when none is selected), searchable by name, filtered by status and
 * position, sorted by the server, a page at a time by cursor, with each person's document compliance and a
 * CSV export of everything the filters match.
 */
import { listName } from "@care/core/rules/person-name.rules";
import { Link } from "react-router-dom";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TSubjectCompliance } from "@care/core/ports/insights.port";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { localToday } from "@care/core/rules/date-only.rules";
import { complianceOf } from "../../lib/compliance.ts";
import { csvFileName, useFacilityScope } from "../../lib/facility-scope.ts";
import { useListState } from "../../lib/list-state.ts";
import { paths } from "../../lib/paths.ts";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { useRecordList, type TReadPorts } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import type { TStaffRecord } from "./staff-form-values.ts";
import { STATUS_LABELS, STATUS_TONES, facilitiesText } from "./staff-format.ts";
import { CLEARANCE_LABELS } from "@care/core/collections/staff.collection";
import { POSITION_LABELS, STAFF_POSITIONS, STAFF_STATUSES } from "@care/core/collections/staff.collection";
import { staffQuery, type TStaffFilters, type TStaffPosition, type TStaffStatus } from "./staff-queries.ts";
import "./staff.css";

/** A staff member with their document status (`undefined` when not counted or not loaded). */
type TStaffRow = TStaffRecord & { compliance: TSubjectCompliance | undefined; complianceFailed?: boolean };

/** The compliance of a page of staff; on screen a failure is reported and the column says so. */
async function withCompliance(
  staff: TStaffRecord[],
  { insights }: TReadPorts,
  use: "screen" | "export",
): Promise<TStaffRow[]> {
  const ids = staff.map((s) => s.id);
  try {
    const byId = await complianceOf(insights, "staff", ids, localToday());
    return staff.map((s) => ({ ...s, compliance: byId.get(s.id) }));
  } catch (error) {
    if (use === "export") throw error;
    reportError(error);
    return staff.map((s) => ({ ...s, compliance: undefined, complianceFailed: true }));
  }
}

const NOT_TRACKED = "Documents are not tracked for terminated or archived staff.";
const NOT_LOADED = "The document status could not be loaded.";
const LABELS = FIELD_LABELS.staff;

export function StaffDirectoryPage() {
  const { facilityId, scope, nameOf } = useFacilityScope();
  const state = useListState<{ status: TStaffStatus | ""; position: TStaffPosition | "" }, TStaffFilters["orderBy"]>(
    { status: "", position: "" },
    { field: "lastName", direction: "asc" },
    { status: ["", ...STAFF_STATUSES], position: ["", ...STAFF_POSITIONS] },
  );
  const { status, position } = state.filters;
  const list = useRecordList(
    "staff",
    staffQuery({ facilityId, status, position, search: state.search, orderBy: state.orderBy }),
    { extras: { reads: INSIGHT_READS, rows: withCompliance } },
  );

  const columns: TDataColumn<TStaffRow>[] = [
    {
      id: "name",
      header: "Name",
      meta: { sortField: "lastName" },
      cell: ({ row }) => <Link to={paths.staff.detail.href(row.original.id)}>{listName(row.original)}</Link>,
    },
    { id: "position", header: LABELS.position, cell: ({ row }) => POSITION_LABELS[row.original.position] },
    { id: "facilities", header: "Facilities", cell: ({ row }) => facilitiesText(row.original, nameOf) },
    {
      id: "phone",
      header: LABELS.phone,
      cell: ({ row }) => (row.original.phone ? <a href={`tel:${row.original.phone}`}>{row.original.phone}</a> : "—"),
    },
    {
      id: "email",
      header: LABELS.email,
      cell: ({ row }) =>
        row.original.email ? (
          <a className="staff-email" href={`mailto:${row.original.email}`}>
            {row.original.email}
          </a>
        ) : (
          "—"
        ),
    },
    {
      id: "status",
      header: LABELS.status,
      cell: ({ row }) => (
        <span className={STATUS_TONES[row.original.status]}>{STATUS_LABELS[row.original.status]}</span>
      ),
    },
    {
      id: "hireDate",
      header: "Hired",
      meta: { sortField: "hireDate" },
      cell: ({ row }) => row.original.hireDate ?? "—",
    },
    {
      id: "documents",
      header: "Documents",
      cell: ({ row }) => {
        const c = row.original.compliance;
        if (!c) {
          const why = row.original.complianceFailed ? NOT_LOADED : NOT_TRACKED;
          return (
            <span title={why}>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{why}</span>
            </span>
          );
        }
        return <ComplianceBadge status={c.status} counts={c.counts} />;
      },
    },
  ];

  const csvColumns: TCsvColumn<TStaffRow>[] = [
    { header: LABELS.lastName, value: (s) => s.lastName },
    { header: LABELS.firstName, value: (s) => s.firstName },
    { header: LABELS.preferredName, value: (s) => s.preferredName },
    { header: LABELS.position, value: (s) => POSITION_LABELS[s.position] },
    { header: LABELS.facilityId, value: (s) => nameOf(s.facilityId) },
    { header: LABELS.otherFacilityIds, value: (s) => s.otherFacilityIds.map(nameOf).join("; ") },
    { header: LABELS.phone, value: (s) => s.phone },
    { header: LABELS.email, value: (s) => s.email },
    { header: LABELS.status, value: (s) => STATUS_LABELS[s.status] },
    { header: LABELS.hireDate, value: (s) => s.hireDate },
    { header: LABELS.terminationDate, value: (s) => s.terminationDate },
    { header: "Live Scan clearance", value: (s) => CLEARANCE_LABELS[s.clearanceStatus] },
    { header: LABELS.clearanceSubmittedDate, value: (s) => s.clearanceSubmittedDate },
    { header: LABELS.clearanceDate, value: (s) => s.clearanceDate },
    { header: "Documents", value: (s) => (s.compliance ? complianceStatusLabel(s.compliance.status) : "") },
    { header: "Documents detail", value: (s) => (s.compliance ? complianceCountsText(s.compliance.counts) : "") },
  ];

  return (
    <ListPage
      title="Staff Directory"
      scope={{ label: "Works at:", value: scope }}
      list={list}
      noun={["staff member", "staff members"]}
      add={{ label: "Add New Staff", to: paths.staff.add.href() }}
      exportCsv={{
        fileName: csvFileName("staff", facilityId, localToday()),
        columns: csvColumns,
        page: list.exportPage,
      }}
      state={state}
      search={{ label: "Search by name", placeholder: "Last, first or preferred name" }}
      selects={[
        { key: "status", label: "Status", anyLabel: "Any status", labels: STATUS_LABELS },
        { key: "position", label: "Position", anyLabel: "Any position", labels: POSITION_LABELS },
      ]}
      table={{ caption: `Staff, ${scope}`, columns }}
      empty={{
        noMatch: {
          title: "No staff match",
          text: `Nobody in ${scope} matches this search, status and position. Clear them to see everyone.`,
          clearLabel: "Clear search and filters",
        },
        none: {
          title: "No staff recorded",
          text: facilityId
            ? `Nobody works at ${scope} yet. Add them with Add New Staff, or choose "Select Facility" in the header to see every home.`
            : "No staff are recorded yet. Add the first one with Add New Staff.",
        },
      }}
    />
  );
}
