/**
 * Settings › Users (`/settings/users`): every account the administrator may manage — a facility-limited
 * administrator gets only users limited to their facilities, from the server — searchable by e-mail or
 * name, filtered by role and status, sorted, a page at a time, with a CSV of the shown set.
 */
import { Link } from "react-router-dom";
import { timeInZone } from "@care/core/data-export/export-csv";
import { FIELD_LABELS } from "@care/core/field-labels";
import { localToday } from "@care/core/rules/date-only.rules";
import { useFacilityScope, zoneOf } from "../../lib/facility-scope.ts";
import { useListState } from "../../lib/list-state.ts";
import { paths } from "../../lib/paths.ts";
import { useRecordList } from "../../lib/records/use-records.ts";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import { useRoles } from "./use-roles.ts";
import { ACTIVE_LABELS, facilitiesText, signInText, type TUserRecord } from "./user-format.ts";
import "./settings.css";

const LABELS = FIELD_LABELS.users;
type TSortField = "email" | "displayName" | "lastSignInAt";

export function UsersPage() {
  const { nameOf, facilityId, facilities } = useFacilityScope();
  const { timeZone } = zoneOf(facilities, facilityId);
  const roleNames = useRoles();
  const state = useListState<
    { role: TUserRecord["role"] | ""; active: "true" | "false" | "" },
    { field: TSortField; direction: "asc" | "desc" }
  >({ role: "", active: "true" }, { field: "email", direction: "asc" }, { role: "any", active: ["", "true", "false"] });
  const { role, active } = state.filters;
  const search = state.search.trim();
  const list = useRecordList("users", {
    where: { ...(role ? { role } : {}), ...(active ? { active: active === "true" } : {}) },
    orderBy: state.orderBy,
    ...(search ? { search } : {}),
  });

  const columns: TDataColumn<TUserRecord>[] = [
    {
      id: "email",
      header: LABELS.email,
      meta: { sortField: "email" },
      cell: ({ row }) => (
        <Link className="users__email" to={paths.settings.user.href(row.original.id)}>
          {row.original.email}
        </Link>
      ),
    },
    {
      id: "displayName",
      header: LABELS.displayName,
      meta: { sortField: "displayName" },
      cell: ({ row }) => row.original.displayName ?? "—",
    },
    { id: "role", header: LABELS.role, cell: ({ row }) => roleNames.nameOf(row.original.role) },
    {
      id: "facilities",
      header: LABELS.facilityIds,
      cell: ({ row }) => facilitiesText(row.original.facilityIds, nameOf),
    },
    {
      id: "active",
      header: "Status",
      cell: ({ row }) => (
        <span className={row.original.active ? "pill" : "pill pill--muted"}>
          {ACTIVE_LABELS[String(row.original.active) as "true" | "false"]}
          {row.original.mustChangePassword ? " · one-time password" : ""}
        </span>
      ),
    },
    {
      id: "lastSignInAt",
      header: LABELS.lastSignInAt,
      meta: { sortField: "lastSignInAt" },
      cell: ({ row }) => signInText(row.original.lastSignInAt, timeZone),
    },
  ];

  const csvColumns: TCsvColumn<TUserRecord>[] = [
    { header: LABELS.email, value: (u) => u.email },
    { header: LABELS.displayName, value: (u) => u.displayName },
    { header: LABELS.role, value: (u) => roleNames.nameOf(u.role) },
    { header: LABELS.facilityIds, value: (u) => facilitiesText(u.facilityIds, nameOf) },
    { header: "Status", value: (u) => ACTIVE_LABELS[String(u.active) as "true" | "false"] },
    { header: LABELS.mustChangePassword, value: (u) => (u.mustChangePassword ? "Yes" : "No") },
    // In the zone the page shows, named in the header, as a spreadsheet sorts it ("2026-11-29 08:15").
    {
      header: `${LABELS.lastSignInAt} (${timeZone})`,
      value: (u) => (u.lastSignInAt ? timeInZone(u.lastSignInAt, timeZone) : ""),
    },
  ];

  return (
    <ListPage
      title="Users"
      intro="The people who may sign in, their role and the homes each may see. A deactivated account keeps its history but cannot sign in."
      list={list}
      noun={["user", "users"]}
      add={{ label: "Add user", to: paths.settings.addUser.href() }}
      exportCsv={{ fileName: `users-${localToday()}.csv`, columns: csvColumns, page: list.exportPage }}
      state={state}
      search={{ label: "Search by e-mail or name", placeholder: "E-mail or name" }}
      selects={[
        { key: "role", label: "Role", anyLabel: "Any role", labels: roleNames.names },
        { key: "active", label: "Status", anyLabel: "Active and deactivated", labels: ACTIVE_LABELS },
      ]}
      table={{ caption: "Users", columns }}
      empty={{
        noMatch: {
          title: "No users match",
          text: "Nobody matches this search, role and status. Clear them to see every account.",
          clearLabel: "Clear search and filters",
        },
        none: {
          title: "No users yet",
          text: "Add the people who work with the portal with Add user; each gets a one-time password to sign in.",
        },
      }}
    />
  );
}
