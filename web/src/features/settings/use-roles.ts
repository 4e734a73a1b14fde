/** The group's roles (Settings → Roles), for the users pages: each role's name by id, and the list. */
import type { TRecordOf } from "@care/core/registry";
import { useAllRecords } from "../../lib/records/use-records.ts";

export type TRoleRecord = TRecordOf<"roles">;

export function useRoles(): { roles: TRoleRecord[]; nameOf: (id: string) => string; names: Record<string, string> } {
  const roles = useAllRecords("roles", { orderBy: { field: "name", direction: "asc" } }).data ?? [];
  const names = Object.fromEntries(roles.map((role) => [role.id, role.name]));
  return { roles, names, nameOf: (id) => names[id] ?? id };
}
