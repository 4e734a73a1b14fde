/**
 * Document compliance of a page of people or facilities, for the lists and record pages that show a
 * badge: one insights question per 100 subjects (the port's limit), answered as a map by id.
 */
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import type { InsightsPort, TSubjectCompliance } from "@care/core/ports/insights.port";
import { localToday } from "@care/core/rules/date-only.rules";
import { INSIGHT_READS } from "./records/records-client.ts";
import { usePortQuery } from "./records/use-records.ts";

/** How many subjects one compliance question may name. */
export const MAX_COMPLIANCE_IDS = 100;

/** `items` in consecutive batches of at most `size`. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Compliance per subject id on `today`. Subjects the rules no longer count (discharged residents,
 * terminated staff, archived records) are left out of the answer, so they have no entry.
 */
export async function complianceOf(
  insights: InsightsPort,
  subject: TDocumentSubject,
  ids: readonly string[],
  today: string,
): Promise<Map<string, TSubjectCompliance>> {
  const reports = await Promise.all(
    inBatches(ids, MAX_COMPLIANCE_IDS).map((subjectIds) => insights.compliance({ subject, subjectIds, today })),
  );
  const byId = new Map<string, TSubjectCompliance>();
  for (const report of reports) for (const s of report.subjects) byId.set(s.subjectId, s);
  return byId;
}

/** The compliance of these subjects today, from the records cache (refreshed by document changes). */
export function useCompliance(subject: TDocumentSubject, ids: readonly string[]) {
  const today = localToday();
  return usePortQuery(
    ["compliance", subject, ids, today],
    ({ insights }) => complianceOf(insights, subject, ids, today),
    {
      reads: INSIGHT_READS,
      enabled: ids.length > 0,
    },
  );
}
