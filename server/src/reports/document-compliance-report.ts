/**
 * Compliance (InsightsPort.report "compliance"): the subjects, document types and waivers the
 * compliance insight reads, and every document of the homes still on file with its upload time (the
 * trend judges each month's end by what was on file then), as one text, a line per document in order of
 * person; then the shared `complianceReportOf`, ten homes at a time (two batches at once), merged.
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

/**
 * The documents read as one text, a line per document of tab-separated fields (ids, dates and codes
 * hold neither tabs nor line breaks). A large group's hundreds of thousands of documents are read and
 * split in a fraction of the time JSON rows take, and with little garbage: the subject kinds and the
 * few homes' and types' ids are shared strings.
 */
function documentsOf(text: string | null): TDocumentLike[] {
  if (text === null) return [];
  const shared = new Map<string, string>();
  const share = (value: string) => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  const documents: TDocumentLike[] = [];
  let at = 0;
  let stop = 0;
  const field = () => {
    const tab = text.indexOf("\t", at);
    const value = text.slice(at, tab === -1 || tab > stop ? stop : tab);
    at += value.length + 1;
    return value;
  };
  while (at < text.length) {
    const end = text.indexOf("\n", at);
    stop = end === -1 ? text.length : end;
    const id = field();
    const subject = share(field()) as TDocumentSubject;
    const subjectId = field();
    const facilityId = share(field());
    const typeId = share(field());
    const createdAt = field();
    const current = field() === "t";
    const issueDate = field();
    const expiryDate = field();
    documents.push({
      id,
      subject,
      subjectId,
      facilityId,
      typeId,
      issueDate: issueDate || undefined,
      expiryDate: expiryDate || undefined,
      current,
      createdAt,
      archivedAt: null,
    });
    at = stop + 1;
  }
  return documents;
}

/** Homes computed together: a large group a few homes at a time, so their documents are never all held at once. */
const HOMES_PER_BATCH = 10;

export async function documentComplianceReport(
  database: Database,
  caller: TCaller,
  raw: unknown,
): Promise<TComplianceReportAnswer> {
  const { user, query, homes } = await reportScope(database, caller, "compliance", raw);
  const kinds = documentSubjectsFor(user);
  const types = await documentTypes(database.prisma);
  // Only the documents of required types count (the others are listed on the pages, never judged here).
  const required = types.filter((t) => t.required).map((t) => t.id);
  const batch = async (homesOfBatch: typeof homes): Promise<TComplianceReportAnswer> => {
    const ids = homesOfBatch.map((h) => h.id);
    const [people, [documents], waivers] = await Promise.all([
      subjects(database.prisma, ids, kinds, query.today),
      sqlRows<{ rows: string | null }>(
        database.prisma,
        `SELECT string_agg(concat_ws(E'\\t', "id", "subject", "subjectId", "facilityId", "typeId",
                  to_char("createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), "current",
                  coalesce("issueDate", ''), coalesce("expiryDate", '')), E'\\n' ORDER BY "subjectId") AS rows
         FROM "documents"
         WHERE "archivedAt" IS NULL AND "typeId" = ANY($3) AND "facilityId" = ANY($1) AND "subject" = ANY($2)`,
        [ids, kinds, required],
      ),
      sqlRows<{ facilityId: string; key: string; reason: string | null }>(
        database.prisma,
        `SELECT "facilityId", "key", "reason" FROM "reminder_states"
         WHERE "archivedAt" IS NULL AND "state" = 'waived' AND "facilityId" = ANY($1)`,
        [ids],
      ),
    ]);
    const files = documentsOf(documents?.rows ?? null);
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
