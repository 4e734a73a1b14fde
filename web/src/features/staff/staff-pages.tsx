/**
 * The Staff area: the Staff Directory (`/staff`, also `/staff/`) — the selected facility's staff (by
 * home facility; every facility when none is selected), searchable by name, filtered by status and
 * role, sorted by the server, a page at a time by cursor, with each person's document compliance and a
 * CSV export of everything the filters match — and Schedules.
 */
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { STAFF_ROLES, STAFF_STATUSES } from "@care/core/collections/staff.collection";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import type { TSubjectCompliance } from "@care/core/ports/insights.port";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { localToday } from "@care/core/rules/reminders.rules";
import { facilityName, useFacilities } from "../../app/facilities-provider.tsx";
import { useData, useInsights } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import { useSelectedFacility } from "../../app/selected-facility.ts";
import { AreaPage } from "../../ui/area-page.tsx";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import { collectCsv, downloadCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { DataTable, type TDataColumn, type TSort } from "../../ui/data-table.tsx";
import { paginationOf, useCursorPages } from "../../ui/use-cursor-pages.ts";
import type { TStaffRecord } from "./staff-form-values.ts";
import { CLEARANCE_LABELS, ROLE_LABELS, STATUS_LABELS, facilitiesText, staffName } from "./staff-format.ts";
import {
  staffCompliance,
  staffQuery,
  type TStaffFilters,
  type TStaffRole,
  type TStaffStatus,
} from "./staff-queries.ts";
import "./staff.css";

type TStaffRow = TStaffRecord & { compliance: TSubjectCompliance | undefined };

const NOT_TRACKED = "Documents are not tracked for terminated or archived staff.";
const NOT_LOADED = "The document status could not be loaded.";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function StaffDirectoryPage() {
  const data = useData();
  const insights = useInsights();
  const { facilities } = useFacilities();
  const [facilityId] = useSelectedFacility();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText, 300);
  const [status, setStatus] = useState<TStaffStatus | "">("");
  const [role, setRole] = useState<TStaffRole | "">("");
  const [orderBy, setOrderBy] = useState<TStaffFilters["orderBy"]>({ field: "lastName", direction: "asc" });
  const pages = useCursorPages(25);
  const { reset } = pages;
  const [rows, setRows] = useState<TStaffRow[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [complianceFailed, setComplianceFailed] = useState(false);
  const [exporting, setExporting] = useState<number | null>(null);

  const filters = useMemo<TStaffFilters>(
    () => ({ facilityId, status, role, search, orderBy }),
    [facilityId, status, role, search, orderBy],
  );
  const nameOf = useMemo(() => (id: string) => facilityName(facilities, id), [facilities]);

  // A new filter starts again at the first page.
  useEffect(() => reset(), [filters, reset]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    (async () => {
      const page = await data.list("staff", staffQuery(filters, pages.pageSize, pages.cursor));
      let failed = false;
      const compliance = await staffCompliance(
        insights,
        page.items.map((s) => s.id),
        localToday(),
      ).catch((error: unknown) => {
        reportError(error);
        failed = true;
        return new Map<string, TSubjectCompliance>();
      });
      if (cancelled) return;
      setComplianceFailed(failed);
      setRows(page.items.map((s) => ({ ...s, compliance: compliance.get(s.id) })));
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
    const { where, search: text } = staffQuery(filters, 1);
    data
      .count("staff", { ...(where ? { where } : {}), ...(text ? { search: text } : {}) })
      .then((n) => !cancelled && setTotal(n))
      .catch(() => !cancelled && setTotal(null));
    return () => {
      cancelled = true;
    };
  }, [data, filters]);

  const columns = useMemo<TDataColumn<TStaffRow>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        meta: { sortField: "lastName" },
        cell: ({ row }) => <Link to={`/staff/${row.original.id}`}>{staffName(row.original)}</Link>,
      },
      { id: "role", header: "Role", cell: ({ row }) => ROLE_LABELS[row.original.role] },
      { id: "facilities", header: "Facilities", cell: ({ row }) => facilitiesText(row.original, nameOf) },
      {
        id: "phone",
        header: "Phone",
        cell: ({ row }) => (row.original.phone ? <a href={`tel:${row.original.phone}`}>{row.original.phone}</a> : "—"),
      },
      {
        id: "email",
        header: "E-mail",
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
        header: "Status",
        cell: ({ row }) => (
          <span className={`staff-status staff-status--${row.original.status}`}>
            {STATUS_LABELS[row.original.status]}
          </span>
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
            const why = complianceFailed ? NOT_LOADED : NOT_TRACKED;
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
    ],
    [nameOf, complianceFailed],
  );

  async function exportCsv() {
    const csvColumns: TCsvColumn<TStaffRow>[] = [
      { header: "Last name", value: (s) => s.lastName },
      { header: "First name", value: (s) => s.firstName },
      { header: "Preferred name", value: (s) => s.preferredName },
      { header: "Role", value: (s) => ROLE_LABELS[s.role] },
      { header: "Home facility", value: (s) => nameOf(s.facilityId) },
      { header: "Also works at", value: (s) => s.otherFacilityIds.map(nameOf).join("; ") },
      { header: "Phone", value: (s) => s.phone },
      { header: "E-mail", value: (s) => s.email },
      { header: "Status", value: (s) => STATUS_LABELS[s.status] },
      { header: "Hire date", value: (s) => s.hireDate },
      { header: "Termination date", value: (s) => s.terminationDate },
      { header: "Live Scan clearance", value: (s) => CLEARANCE_LABELS[s.clearanceStatus] },
      { header: "Clearance date", value: (s) => s.clearanceDate },
      { header: "Documents", value: (s) => (s.compliance ? complianceStatusLabel(s.compliance.status) : "") },
      { header: "Documents detail", value: (s) => (s.compliance ? complianceCountsText(s.compliance.counts) : "") },
    ];
    setExporting(0);
    try {
      const today = localToday();
      const parts = await collectCsv(
        csvColumns,
        async (cursor) => {
          const page = await data.list("staff", staffQuery(filters, MAX_PAGE_SIZE, cursor));
          const compliance = await staffCompliance(
            insights,
            page.items.map((s) => s.id),
            today,
          );
          return {
            items: page.items.map((s) => ({ ...s, compliance: compliance.get(s.id) })),
            nextCursor: page.nextCursor,
          };
        },
        setExporting,
      );
      downloadCsv(`staff-${facilityId || "all-facilities"}-${today}.csv`, parts);
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(null);
    }
  }

  const filtered = Boolean(search.trim() || status || role);
  const scope = facilityId ? facilityName(facilities, facilityId) : "All facilities";
  const sort: TSort = orderBy;

  return (
    <article className="staff-page" aria-labelledby="page-title">
      <header className="staff-page__header">
        <div>
          <h1 id="page-title">Staff Directory</h1>
          <p className="staff-page__scope">
            <span className="staff-page__scope-label">Home facility:</span> {scope}
            {total !== null && (
              <span>
                {" "}
                · {total} staff member{total === 1 ? "" : "s"}
                {filtered ? (total === 1 ? " matches" : " match") : ""}
              </span>
            )}
          </p>
        </div>
        <div className="staff-page__actions">
          <Link className="button" to="/staff/add">
            Add New Staff
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

      <form className="staff-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="staff-filters__field">
          <span>Search by name</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Last, first or preferred name"
            maxLength={100}
          />
        </label>
        <label className="staff-filters__field">
          <span>Status</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as TStaffStatus | "")}>
            <option value="">Any status</option>
            {STAFF_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-filters__field">
          <span>Role</span>
          <select value={role} onChange={(event) => setRole(event.target.value as TStaffRole | "")}>
            <option value="">Any role</option>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
      </form>

      <DataTable
        caption={`Staff, ${scope}`}
        columns={columns}
        rows={rows}
        getRowId={(s) => s.id}
        loading={loading}
        sort={sort}
        onSortChange={(next) => setOrderBy(next as TStaffFilters["orderBy"])}
        pagination={paginationOf(pages, nextCursor)}
        empty={
          filtered ? (
            <div className="staff-empty">
              <h2>No staff match</h2>
              <p>Nobody in {scope} matches this search, status and role. Clear them to see everyone.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSearchText("");
                  setStatus("");
                  setRole("");
                }}
              >
                Clear search and filters
              </button>
            </div>
          ) : (
            <div className="staff-empty">
              <h2>No staff recorded</h2>
              <p>
                {facilityId
                  ? `Nobody has ${scope} as their home facility yet. Add them with Add New Staff, or choose "Select Facility" in the header to see every home.`
                  : "No staff are recorded yet. Add the first one with Add New Staff."}
              </p>
              <Link className="button" to="/staff/add">
                Add New Staff
              </Link>
            </div>
          )
        }
      />
    </article>
  );
}

export function SchedulesPage() {
  return (
    <AreaPage
      title="Schedules"
      intro="The weekly shift calendar of each home, with warnings for staff booked in two homes at once, overlapping shifts, more than 40 hours a week, and hours with nobody on duty."
      facilityScoped
      helpAnchor="schedules"
      emptyTitle="No shifts scheduled"
      emptyText={
        <p>
          Shifts are planned per facility and week. Add your staff first; a finished week can then be copied to the next
          one.
        </p>
      }
      actions={[{ label: "Staff Directory", to: "/staff" }]}
    />
  );
}
