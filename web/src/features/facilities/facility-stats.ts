/**
 * The numbers a facility row and page show: census (residents living there: active, on leave or in
 * hospital), occupancy against the licensed capacity, staff count (home facility, not terminated) and
 * the compliance summary of the home and its people, read through the data and insights ports.
 */
import type { DataPort } from "@care/core/ports/data.port";
import type {
  InsightsPort,
  TComplianceReport,
  TComplianceStatus,
  TSubjectCompliance,
} from "@care/core/ports/insights.port";
import { worseStatus } from "@care/core/rules/compliance.rules";

export const CENSUS_STATUSES = ["active", "on_leave", "hospital"] as const;
export const COUNTED_STAFF_STATUSES = ["active", "on_leave"] as const;

export interface TFacilityCompliance {
  /** The worst status of the home and everyone in it. */
  status: TComplianceStatus;
  /** Required documents per status, summed over the home and its people. */
  counts: Record<TComplianceStatus, number>;
  /** The home and the people with anything missing, expiring or expired, worst first. */
  attention: TSubjectCompliance[];
}

export interface TFacilityStats {
  census: number;
  staff: number;
  compliance: TFacilityCompliance | undefined;
}

const SEVERITY: Record<TComplianceStatus, number> = { expired: 0, missing: 1, expiring: 2, complete: 3 };

export function summarizeCompliance(report: TComplianceReport): TFacilityCompliance {
  const counts: Record<TComplianceStatus, number> = { complete: 0, missing: 0, expiring: 0, expired: 0 };
  let status: TComplianceStatus = "complete";
  for (const s of report.subjects) {
    status = worseStatus(status, s.status);
    for (const key of Object.keys(counts) as TComplianceStatus[]) counts[key] += s.counts[key];
  }
  const attention = report.subjects
    .filter((s) => s.status !== "complete")
    .sort((a, b) => SEVERITY[a.status] - SEVERITY[b.status] || a.name.localeCompare(b.name));
  return { status, counts, attention };
}

/** "12 / 15 (80%)"; "12" alone when the capacity is not recorded. */
export function occupancyLabel(census: number, capacity: number | undefined): string {
  if (capacity === undefined) return `${census} (capacity not recorded)`;
  if (capacity === 0) return `${census} / 0`;
  return `${census} / ${capacity} (${Math.round((census / capacity) * 100)}%)`;
}

/** A facility id suggested from its name: "Van Buren" → "van-buren". */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
}

/** Census, staff count and compliance of one facility; compliance is left out when it cannot be read. */
export async function facilityStats(
  data: DataPort,
  insights: InsightsPort,
  facilityId: string,
  today: string,
): Promise<TFacilityStats> {
  const [census, staff, compliance] = await Promise.all([
    data.count("residents", { where: { facilityId, status: [...CENSUS_STATUSES] } }),
    data.count("staff", { where: { facilityId, status: [...COUNTED_STAFF_STATUSES] } }),
    insights
      .compliance({ facilityId, today })
      .then(summarizeCompliance)
      .catch(() => undefined),
  ]);
  return { census, staff, compliance };
}
