/**
 * How the documents panel reads and writes the data port: one subject's document types, documents
 * (every page) and waived requirements, the checklist built from them with the shared compliance
 * rules, and the replace commit (the new version and the old one's `current: false` together, or
 * neither).
 */
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import { listAll } from "@care/core/list-all";
import { MAX_IN_VALUES } from "@care/core/list-query";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import type { TComplianceStatus, TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import {
  applicableTypes,
  documentTypeLabel,
  missingKey,
  subjectCompliance,
  type TWaivers,
} from "@care/core/rules/compliance.rules";
import { waiversOf } from "@care/core/rules/reminders.rules";

export type TDocumentRecord = TRecordOf<"documents">;
export type TDocumentTypeRecord = TRecordOf<"documentTypes">;

/** One applicable type on the checklist: its status, its current document and the older versions. */
export interface TChecklistRow {
  type: TDocumentTypeRecord;
  status: TComplianceStatus;
  /** The last valid day of the current document, when it expires. */
  expiryDate?: string | undefined;
  /** Why the requirement is waived for this subject (it then counts as met). */
  waiverReason?: string | undefined;
  /** A staff member's missing Live Scan paper settled by the clearance their form records. */
  clearanceRecorded?: boolean | undefined;
  current?: TDocumentRecord | undefined;
  /** Every other listed document of this type, newest first. */
  older: TDocumentRecord[];
}

/** A document outside the checklist (no type, or a type retired or not for this home) and its older versions. */
export interface TOtherRow {
  document: TDocumentRecord;
  /** The retired or inapplicable type's label, when it had one. */
  typeLabel?: string | undefined;
  older: TDocumentRecord[];
}

export interface TSubjectDocuments {
  compliance: TSubjectCompliance;
  checklist: TChecklistRow[];
  others: TOtherRow[];
  /** The types a new document may be filed under (the applicable ones). */
  types: TDocumentTypeRecord[];
}

/**
 * The subject's document types (retired ones too, to name their old documents), documents (every
 * version) and waived requirements.
 */
export async function loadSubjectDocuments(
  data: DataPort,
  subject: TDocumentSubject,
  subjectId: string,
): Promise<{ types: TDocumentTypeRecord[]; documents: TDocumentRecord[]; waivers: TWaivers }> {
  const [types, documents] = await Promise.all([
    listAll(data, "documentTypes", { where: { subject }, includeArchived: true }),
    listAll(data, "documents", { where: { subject, subjectId } }),
  ]);
  const keys = types.filter((t) => t.required).map((t) => missingKey(subject, subjectId, t.id));
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += MAX_IN_VALUES) chunks.push(keys.slice(i, i + MAX_IN_VALUES));
  const states = await Promise.all(chunks.map((chunk) => listAll(data, "reminderStates", { where: { key: chunk } })));
  return { types, documents, waivers: waiversOf(states.flat()) };
}

const newestFirst = (a: TDocumentRecord, b: TDocumentRecord) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1;

/** Groups a subject's documents into the checklist of applicable types and the other documents. */
export function buildSubjectDocuments(
  subject: {
    subject: TDocumentSubject;
    id: string;
    facilityId: string | null;
    name: string;
    clearanceRecorded?: boolean | undefined;
  },
  allTypes: readonly TDocumentTypeRecord[],
  documents: readonly TDocumentRecord[],
  today: string,
  waivers?: TWaivers,
): TSubjectDocuments {
  const types = applicableTypes(allTypes, subject.subject, subject.facilityId);
  const compliance = subjectCompliance(subject, allTypes, documents, today, waivers);
  const byType = new Map(types.map((t) => [t.id, t]));
  const sorted = [...documents].sort(newestFirst);

  const checklist = compliance.requirements.map((req): TChecklistRow => {
    const current = req.documentId ? sorted.find((d) => d.id === req.documentId) : undefined;
    return {
      type: byType.get(req.typeId)!,
      status: req.status,
      expiryDate: req.expiryDate,
      waiverReason: req.waiverReason,
      clearanceRecorded: req.clearanceRecorded,
      current,
      older: sorted.filter((d) => d.typeId === req.typeId && d !== current),
    };
  });

  // Everything not on the checklist, as chains of versions: the newest document of each chain heads it.
  const outside = sorted.filter((d) => !d.typeId || !byType.has(d.typeId));
  const replacedIds = new Set(outside.map((d) => d.replacesId).filter(Boolean));
  const byId = new Map(outside.map((d) => [d.id, d]));
  const allTypesById = new Map(allTypes.map((t) => [t.id, t]));
  const others = outside
    .filter((d) => !replacedIds.has(d.id))
    .map((head): TOtherRow => {
      const older: TDocumentRecord[] = [];
      const seen = new Set([head.id]);
      for (let d = head.replacesId ? byId.get(head.replacesId) : undefined; d && !seen.has(d.id);) {
        older.push(d);
        seen.add(d.id);
        d = d.replacesId ? byId.get(d.replacesId) : undefined;
      }
      const type = head.typeId ? allTypesById.get(head.typeId) : undefined;
      return { document: head, older, typeLabel: type ? documentTypeLabel(type) : undefined };
    });

  return { compliance, checklist, others, types };
}

/**
 * The writes that replace `old` with a new version: the new document (current, `replacesId` = old) and
 * the old one set to not current at the version that was read, in one commit.
 */
export function replaceOps(old: TDocumentRecord, next: TInputOf<"documents">): TWriteOp[] {
  return [
    { op: "create", collection: "documents", data: { ...next, current: true, replacesId: old.id } },
    { op: "update", collection: "documents", id: old.id, version: old.version, patch: { current: false } },
  ];
}
