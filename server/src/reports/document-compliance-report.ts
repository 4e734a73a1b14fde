/**
 * Compliance (InsightsPort.report "compliance"): the subjects, document types and waivers the
 * compliance insight reads, and every document of the homes still on file with its upload time (the
 * trend judges each month's end by what was on file then), as one JSON text parsed natively; then the
 * shared `complianceReportOf`, five homes at a time (two batches at once), merged.
 */
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import { documentSubjectsFor } from "@care/core/rules/access.rules";
import {
  complianceReportOf,
  mergeComplianceReports,
  type TComplianceReportAnswer,
} from "@care/core/reports/compliance.report";
import type { TDocumentLike } from "@care/core/rules/compliance.rules";
import { waiversOf } from "@care/core/rules/reminders.rules";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { documentTypes, subjects } from "../insights/insights.queries.ts";
import { reportScope } from "./report-scope.ts";

type TDocumentTuple = [string, TDocumentSubject, string, string, string, string | null, string | null, string, boolean];

/** Homes computed together: a large group a few homes at a time, so their documents are never all held at once. */
const HOMES_PER_BATCH = 5;

export async function documentComplianceReport(
  database: Database,
  caller: TCaller,
  raw: unknown,
): Promise<TComplianceReportAnswer> {
  const { user, query, homes } = await reportScope(database, caller, "compliance", raw);
  const kinds = documentSubjectsFor(user);
  const types = await documentTypes(database.prisma);
  const batch = async (homesOfBatch: typeof homes): Promise<TComplianceReportAnswer> => {
    const ids = homesOfBatch.map((h) => h.id);
    const [people, [documents], waivers] = await Promise.all([
      subjects(database.prisma, ids, kinds),
      sqlRows<{ rows: string }>(
        database.prisma,
        `SELECT coalesce(json_agg(json_build_array("id", "subject", "subjectId", "facilityId", "typeId", "issueDate",
                  "expiryDate", to_char("createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), "current")), '[]')::text AS rows
         FROM "documents"
         WHERE "archivedAt" IS NULL AND "typeId" IS NOT NULL AND "facilityId" = ANY($1) AND "subject" = ANY($2)`,
        [ids, kinds],
      ),
      sqlRows<{ facilityId: string; key: string; reason: string | null }>(
        database.prisma,
        `SELECT "facilityId", "key", "reason" FROM "reminder_states"
         WHERE "archivedAt" IS NULL AND "state" = 'waived' AND "facilityId" = ANY($1)`,
        [ids],
      ),
    ]);
    const files = (JSON.parse(documents!.rows) as TDocumentTuple[]).map(
      ([id, subject, subjectId, facilityId, typeId, issueDate, expiryDate, createdAt, current]): TDocumentLike => ({
        id,
        subject,
        subjectId,
        facilityId,
        typeId,
        issueDate: issueDate ?? undefined,
        expiryDate: expiryDate ?? undefined,
        current,
        createdAt,
        archivedAt: null,
      }),
    );
    return complianceReportOf(
      {
        homes: homesOfBatch,
        subjects: people,
        types,
        documents: files,
        waivers: waiversOf(waivers.map((w) => ({ ...w, state: "waived", reason: w.reason ?? undefined }))),
      },
      query,
    );
  };
  const batches = Array.from({ length: Math.max(1, Math.ceil(homes.length / HOMES_PER_BATCH)) }, (_, i) =>
    homes.slice(i * HOMES_PER_BATCH, (i + 1) * HOMES_PER_BATCH),
  );
  // Two batches at a time: the database answers one while the other is computed.
  const parts: TComplianceReportAnswer[] = [];
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < batches.length) {
        const i = next++;
        parts[i] = await batch(batches[i]!);
      }
    }),
  );
  return mergeComplianceReports(parts);
}
