/**
 * How the staff pages read the ports: the directory's list query from its filters, and the document
 * compliance of a page of staff from the InsightsPort (at most 100 ids per question).
 */
import type { STAFF_ROLES, STAFF_STATUSES } from "@care/core/collections/staff.collection";
import type { TListQuery } from "@care/core/list-query";
import type { InsightsPort, TSubjectCompliance } from "@care/core/ports/insights.port";

export type TStaffRole = (typeof STAFF_ROLES)[number];
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

export interface TStaffFilters {
  /** Selected facility id (their home facility), "" = every facility the user may see. */
  facilityId: string;
  status: TStaffStatus | "";
  role: TStaffRole | "";
  search: string;
  orderBy: { field: "lastName" | "hireDate"; direction: "asc" | "desc" };
}

export function staffQuery(filters: TStaffFilters, limit: number, cursor?: string): TListQuery {
  const where: Record<string, string> = {};
  if (filters.facilityId) where.facilityId = filters.facilityId;
  if (filters.status) where.status = filters.status;
  if (filters.role) where.role = filters.role;
  const search = filters.search.trim();
  return {
    where,
    orderBy: filters.orderBy,
    limit,
    ...(search ? { search } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The InsightsPort's limit of subject ids per compliance question. */
export const MAX_COMPLIANCE_IDS = 100;

/**
 * Compliance per staff id. Staff the rules do not count (terminated, archived) are left out of the
 * answer, so they have no entry.
 */
export async function staffCompliance(
  insights: InsightsPort,
  staffIds: readonly string[],
  today: string,
): Promise<Map<string, TSubjectCompliance>> {
  const batches: string[][] = [];
  for (let i = 0; i < staffIds.length; i += MAX_COMPLIANCE_IDS) batches.push(staffIds.slice(i, i + MAX_COMPLIANCE_IDS));
  const reports = await Promise.all(
    batches.map((subjectIds) => insights.compliance({ subject: "staff", subjectIds, today })),
  );
  const byId = new Map<string, TSubjectCompliance>();
  for (const report of reports) for (const s of report.subjects) byId.set(s.subjectId, s);
  return byId;
}
