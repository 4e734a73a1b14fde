/**
 * How a facility's numbers read: occupancy against the licensed capacity, the compliance summary of the
 * home and its people with who needs attention, and a facility id suggested from its name. The numbers
 * themselves come from the insights port (census, planned move-ins, staff, compliance), in one answer.
 */
import type { TComplianceReport, TComplianceStatus, TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import { worseStatus } from "@care/core/rules/compliance.rules";

export interface TFacilityCompliance {
  /** The worst status of the home and everyone in it. */
  status: TComplianceStatus;
  /** Required documents per status, summed over the home and its people. */
  counts: Record<TComplianceStatus, number>;
  /** The home and the people with anything missing, expiring or expired, worst first. */
  attention: TSubjectCompliance[];
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

/**
 * Whose required documents a home's compliance counts for this viewer: the home's own always, its
 * residents' and staff's only when the role reads them (`documentSubjectsFor`: a caregiver reads no
 * staff papers, so none are counted for them). Papers left out are named, so a zero is not misread.
 */
export function complianceScope(subjects: readonly TDocumentSubject[]): { whose: string; leftOut: string | null } {
  const residents = subjects.includes("resident");
  const staff = subjects.includes("staff");
  const whose =
    residents && staff
      ? "the home, its residents and staff"
      : residents
        ? "the home and its residents"
        : staff
          ? "the home and its staff"
          : "the home";
  const missing = [!residents && "residents'", !staff && "staff"].filter(Boolean).join(" and ");
  const areas = [!residents && "Residents", !staff && "Staff"].filter(Boolean).join(" or ");
  return {
    whose,
    leftOut: missing ? `The ${missing} documents are not counted here: your role does not include ${areas}.` : null,
  };
}

/** "12 / 15 (80%)"; "12" alone when the capacity is not recorded; planned move-ins said apart. */
export function occupancyLabel(census: number, capacity: number | undefined, planned = 0): string {
  const arriving = planned > 0 ? ` · ${planned} planned move-in${planned === 1 ? "" : "s"}` : "";
  if (capacity === undefined) return `${census} (capacity not recorded)${arriving}`;
  if (capacity === 0) return `${census} / 0${arriving}`;
  return `${census} / ${capacity} (${Math.round((census / capacity) * 100)}%)${arriving}`;
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
