/** How the Staff Directory asks for its rows: the list query from its filters. */
import type { STAFF_POSITIONS, STAFF_STATUSES } from "@care/core/collections/staff.collection";
import type { TListQuery } from "@care/core/list-query";

export type TStaffPosition = (typeof STAFF_POSITIONS)[number];
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

export interface TStaffFilters {
  /** Selected facility id (their home facility), "" = every facility the user may see. */
  facilityId: string;
  status: TStaffStatus | "";
  position: TStaffPosition | "";
  search: string;
  orderBy: { field: "lastName" | "hireDate"; direction: "asc" | "desc" };
}

/** The list query of the filters (without page size and cursor). */
export function staffQuery(filters: TStaffFilters): Omit<TListQuery, "limit" | "cursor"> {
  const where: Record<string, string> = {};
  if (filters.facilityId) where.facilityId = filters.facilityId;
  if (filters.status) where.status = filters.status;
  if (filters.position) where.position = filters.position;
  const search = filters.search.trim();
  return { where, orderBy: filters.orderBy, ...(search ? { search } : {}) };
}
