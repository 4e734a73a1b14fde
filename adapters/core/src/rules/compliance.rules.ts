/**
 * Compliance as pure functions: which document types apply to a resident, staff member or facility,
 * which of their documents is current, when it expires and where each of them stands (complete,
 * missing, expiring within the lead time, expired). The lists' badges, the facility page, the
 * reminders and the server's insights endpoints all use these, so every backend agrees.
 *
 * Dates are `YYYY-MM-DD` calendar days; all arithmetic is UTC date math on the string (date-only.rules),
 * so a date-only expiry is the same day in every time zone.
 */
import { listName } from "./person-name.rules.ts";
import type { TDocumentSubject } from "../collections/documents.collection.ts";
import type { TResidentStatus } from "../collections/residents.collection.ts";
import { CLEARANCE_DOCUMENT_TYPE_ID } from "../collections/rcfe-document-types.ts";
import type { TClearanceStatus } from "../collections/staff.collection.ts";
import type { TComplianceStatus, TRequirementStatus, TSubjectCompliance } from "../ports/insights.port.ts";
import { effectiveStatus } from "./census.rules.ts";
import { addMonths, daysBetween } from "./date-only.rules.ts";

/** A document type as the rules need it (a `documentTypes` record fits). */
export interface TDocumentTypeLike {
  id: string;
  subject: TDocumentSubject;
  name: string;
  formCode?: string | undefined;
  required: boolean;
  validityMonths?: number | undefined;
  leadTimeDays: number;
  facilityIds: readonly string[];
  sortOrder: number;
  reappraisal: boolean;
  archivedAt: string | null;
}

/** A document as the rules need it (a `documents` record fits). */
export interface TDocumentLike {
  id: string;
  subject: TDocumentSubject;
  subjectId: string;
  /** The home the document was filed at: it counts only for a subject of that home (null: an agent's). */
  facilityId: string | null;
  typeId?: string | undefined;
  issueDate?: string | undefined;
  expiryDate?: string | undefined;
  current: boolean;
  createdAt: string;
  archivedAt: string | null;
}

/** A resident, staff member, facility or referral agent whose paperwork is checked. */
export interface TComplianceSubject {
  subject: TDocumentSubject;
  id: string;
  /** The subject's home (a facility's own id); null for an agent, who belongs to the whole group. */
  facilityId: string | null;
  /** "Last, First" for people, the facility's name. */
  name: string;
  /** Admission or hire date: when missing paperwork first became due. */
  startDate?: string | undefined;
  /** A staff member whose form records their clearance as cleared or exempted (`clearanceRecorded`). */
  clearanceRecorded?: boolean | undefined;
}

/** Live Scan statuses on the staff form that record the clearance decision (the rota lets them work). */
export const CLEARED_STATUSES: readonly TClearanceStatus[] = ["cleared", "exemption_granted"];

/** Whether the staff form's clearance status records a clearance (or an exemption). */
export function clearanceRecorded(status: TClearanceStatus | undefined): boolean {
  return status !== undefined && CLEARED_STATUSES.includes(status);
}

/**
 * Whether a missing paper of `typeId` is settled without a document: the shipped Live Scan clearance
 * paper of a staff member whose form records the clearance (the form records the same decision). The
 * checklist shows it as met and says so, and no "missing" reminder is raised: one rule for both.
 */
export function settledByRecordedClearance(subject: Pick<TComplianceSubject, "clearanceRecorded">, typeId: string) {
  return typeId === CLEARANCE_DOCUMENT_TYPE_ID && subject.clearanceRecorded === true;
}

/**
 * The key of one requirement (a subject and a required document type): its missing document's reminder
 * and its waiver (a `reminderStates` record with state "waived") are keyed by it.
 */
export function missingKey(subject: string, subjectId: string, typeId: string): string {
  return `missing|${subject}|${subjectId}|${typeId}`;
}

/** Waived requirements: the reason recorded for each, by `<facilityId>|<missingKey>` (see `waiversOf`). */
export type TWaivers = ReadonlyMap<string, string>;

const NO_WAIVERS: TWaivers = new Map();

/** Worst first: a subject's status is the most severe of its required types. */
const SEVERITY: Record<TComplianceStatus, number> = { expired: 3, missing: 2, expiring: 1, complete: 0 };

/** Resident statuses whose paperwork counts (not discharged or deceased). */
const COUNTED_RESIDENT_STATUSES: readonly TResidentStatus[] = ["active", "on_leave", "hospital"];

/**
 * The form's default expiry for a document issued on `issueDate` of a type valid `validityMonths`:
 * the same day `validityMonths` months later, clamped to that month's end (issued 2025-01-31, 1 month
 * → 2026-02-28), minus nothing. Convention: the expiry date is the last day the document is valid; it
 * is expired from the next day on.
 */
export function defaultExpiryDate(issueDate: string, validityMonths: number): string {
  return addMonths(issueDate, validityMonths);
}

/**
 * The last valid day of a document of this type: its own expiry date when given, else the default from
 * its issue date and the type's validity, else none (never expires).
 */
export function documentExpiry(
  type: Pick<TDocumentTypeLike, "validityMonths">,
  doc: Pick<TDocumentLike, "issueDate" | "expiryDate">,
): string | undefined {
  if (doc.expiryDate) return doc.expiryDate;
  if (doc.issueDate && type.validityMonths) return defaultExpiryDate(doc.issueDate, type.validityMonths);
  return undefined;
}

/**
 * Types that apply to a subject: same subject, not retired, for every facility or for its facility (a
 * group-wide subject, an agent, has only the types for every facility).
 */
export function applicableTypes<T extends TDocumentTypeLike>(
  types: readonly T[],
  subject: TDocumentSubject,
  facilityId: string | null,
): T[] {
  return types
    .filter(
      (t) =>
        t.subject === subject &&
        t.archivedAt === null &&
        (t.facilityIds.length === 0 || (facilityId !== null && t.facilityIds.includes(facilityId))),
    )
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * `applicableTypes` remembered per subject kind and facility, for computing many subjects at once
 * (the types are filtered and sorted once per facility, not once per person).
 */
export function applicableTypesLookup<T extends TDocumentTypeLike>(
  types: readonly T[],
): (subject: TDocumentSubject, facilityId: string | null) => T[] {
  const cache = new Map<string, T[]>();
  return (subject, facilityId) => {
    const key = `${subject}|${facilityId}`;
    let found = cache.get(key);
    if (!found) {
      found = applicableTypes(types, subject, facilityId);
      cache.set(key, found);
    }
    return found;
  };
}

/**
 * A subject's current document of a type: the newest (by issue date, then upload time) that is not
 * archived and is marked current. `docs` may hold other subjects' and types' documents.
 */
export function currentDocument<D extends TDocumentLike>(
  docs: readonly D[],
  subjectId: string,
  typeId: string,
): D | undefined {
  let best: D | undefined;
  for (const d of docs) {
    if (d.subjectId !== subjectId || d.typeId !== typeId || !d.current || d.archivedAt !== null) continue;
    if (!best || compareNewest(d, best) > 0) best = d;
  }
  return best;
}

/** Orders two documents of one type oldest first: by issue date, then upload time, then id (the newest counts). */
export function compareNewest(a: TDocumentLike, b: TDocumentLike): number {
  const ai = a.issueDate ?? "";
  const bi = b.issueDate ?? "";
  if (ai !== bi) return ai < bi ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Status of one type from its current document's expiry: no document → missing; expiry before today →
 * expired; expiry within `leadTimeDays` of today → expiring; otherwise (or never expiring) complete.
 */
export function expiryStatus(
  hasDocument: boolean,
  expiry: string | undefined,
  leadTimeDays: number,
  today: string,
): TComplianceStatus {
  if (!hasDocument) return "missing";
  if (expiry === undefined) return "complete";
  if (expiry < today) return "expired";
  return daysBetween(today, expiry) <= leadTimeDays ? "expiring" : "complete";
}

/** The worse of two statuses (expired > missing > expiring > complete). */
export function worseStatus(a: TComplianceStatus, b: TComplianceStatus): TComplianceStatus {
  return SEVERITY[a] >= SEVERITY[b] ? a : b;
}

/**
 * One subject's compliance: each applicable type's status (optional types are listed but never worsen
 * the overall status), the counts of required types per status, and the overall status.
 */
export function subjectCompliance(
  subject: TComplianceSubject,
  types: readonly TDocumentTypeLike[],
  documents: readonly TDocumentLike[],
  today: string,
  waivers: TWaivers = NO_WAIVERS,
): TSubjectCompliance {
  return complianceFromApplicable(
    subject,
    applicableTypes(types, subject.subject, subject.facilityId),
    documents,
    today,
    waivers,
  );
}

function complianceFromApplicable(
  subject: TComplianceSubject,
  applicable: readonly TDocumentTypeLike[],
  documents: readonly TDocumentLike[],
  today: string,
  waivers: TWaivers,
): TSubjectCompliance {
  // The current document per type in one pass (what `currentDocument` gives for each type).
  const currentByType = new Map<string, TDocumentLike>();
  for (const d of documents) {
    if (d.subjectId !== subject.id || d.facilityId !== subject.facilityId || d.subject !== subject.subject) continue;
    if (d.typeId === undefined || !d.current || d.archivedAt !== null) continue;
    const best = currentByType.get(d.typeId);
    if (!best || compareNewest(d, best) > 0) currentByType.set(d.typeId, d);
  }
  const counts: Record<TComplianceStatus, number> = { complete: 0, missing: 0, expiring: 0, expired: 0 };
  let status: TComplianceStatus = "complete";
  const requirements: TRequirementStatus[] = [];
  for (const type of applicable) {
    const doc = currentByType.get(type.id);
    const expiry = doc ? documentExpiry(type, doc) : undefined;
    // A waived requirement ("not applicable to this resident") counts as met, with its reason shown.
    const waiver = type.required
      ? waivers.get(`${subject.facilityId}|${missingKey(subject.subject, subject.id, type.id)}`)
      : undefined;
    const settled = doc === undefined && waiver === undefined && settledByRecordedClearance(subject, type.id);
    const typeStatus =
      waiver === undefined && !settled ? expiryStatus(doc !== undefined, expiry, type.leadTimeDays, today) : "complete";
    if (type.required) {
      counts[typeStatus] += 1;
      status = worseStatus(status, typeStatus);
    }
    // Built without spreads (this runs for every subject × type), in the same key order.
    const requirement: TRequirementStatus = type.formCode
      ? { typeId: type.id, typeName: type.name, formCode: type.formCode, required: type.required, status: typeStatus }
      : { typeId: type.id, typeName: type.name, required: type.required, status: typeStatus };
    if (doc) requirement.documentId = doc.id;
    if (expiry) requirement.expiryDate = expiry;
    if (waiver !== undefined) requirement.waiverReason = waiver;
    if (settled) requirement.clearanceRecorded = true;
    requirements.push(requirement);
  }
  return {
    subject: subject.subject,
    subjectId: subject.id,
    facilityId: subject.facilityId,
    name: subject.name,
    status,
    counts,
    requirements,
  };
}

/**
 * Compliance of many subjects at once; `documents` may be every document of those subjects, `waivers`
 * every waiver of their facilities. A document counts only for a subject of its own facility (one filed
 * at another home proves nothing here).
 */
export function complianceOf(
  subjects: readonly TComplianceSubject[],
  types: readonly TDocumentTypeLike[],
  documents: readonly TDocumentLike[],
  today: string,
  waivers: TWaivers = NO_WAIVERS,
): TSubjectCompliance[] {
  // By subject id alone (an existing string, so no key is built per document); the subject's kind and
  // home are checked per document.
  const bySubject = new Map<string, TDocumentLike[]>();
  for (const d of documents) {
    const list = bySubject.get(d.subjectId);
    if (list) list.push(d);
    else bySubject.set(d.subjectId, [d]);
  }
  const applicable = applicableTypesLookup(types);
  return subjects.map((s) =>
    complianceFromApplicable(s, applicable(s.subject, s.facilityId), bySubject.get(s.id) ?? [], today, waivers),
  );
}

/** The badge's words for a status. */
export function complianceStatusLabel(status: TComplianceStatus): string {
  switch (status) {
    case "complete":
      return "Complete";
    case "missing":
      return "Missing";
    case "expiring":
      return "Expiring soon";
    case "expired":
      return "Expired";
  }
}

/** "LIC 602A Physician's Report", or the name alone when the type has no form code. */
export function documentTypeLabel(type: Pick<TDocumentTypeLike, "name" | "formCode">): string {
  return type.formCode ? `${type.formCode} ${type.name}` : type.name;
}

/**
 * Residents whose paperwork counts on `today` (the day asked about): active, on leave or in hospital
 * on that day, not archived. A planned discharge whose day has come no longer counts although the
 * stored status is still a living one (`effectiveStatus`); a planned move-in counts already.
 */
export function residentCounts(
  r: { status: TResidentStatus; archivedAt: string | null; admissionDate: string; dischargeDate?: string | null },
  today: string,
): boolean {
  return r.archivedAt === null && COUNTED_RESIDENT_STATUSES.includes(effectiveStatus(r, today));
}

/** Staff whose paperwork counts: not terminated, not archived. */
export function staffCounts(s: { status: string; archivedAt: string | null }): boolean {
  return s.archivedAt === null && s.status !== "terminated";
}

/** Facilities whose paperwork counts: active ones. */
export function facilityCounts(f: { active: boolean; archivedAt: string | null }): boolean {
  return f.active && f.archivedAt === null;
}

/** A resident as a compliance subject. */
export function residentSubject(r: {
  id: string;
  facilityId: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null | undefined;
  admissionDate?: string | undefined;
}): TComplianceSubject {
  return { subject: "resident", id: r.id, facilityId: r.facilityId, name: listName(r), startDate: r.admissionDate };
}

/** A staff member as a compliance subject (with the clearance their form records). */
export function staffSubject(s: {
  id: string;
  facilityId: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null | undefined;
  hireDate?: string | undefined;
  clearanceStatus?: TClearanceStatus | undefined;
}): TComplianceSubject {
  const subject: TComplianceSubject = {
    subject: "staff",
    id: s.id,
    facilityId: s.facilityId,
    name: listName(s),
    startDate: s.hireDate,
  };
  if (clearanceRecorded(s.clearanceStatus)) subject.clearanceRecorded = true;
  return subject;
}

/** A facility as a compliance subject (its own facility). */
export function facilitySubject(f: { id: string; name: string }): TComplianceSubject {
  return { subject: "facility", id: f.id, facilityId: f.id, name: f.name };
}

/**
 * The compliance of each home: the worst status of the home and everyone in it, and the counts summed
 * (group-wide subjects, agents, belong to no home and are left out).
 */
export function complianceByHome(
  subjects: readonly Pick<TSubjectCompliance, "facilityId" | "status" | "counts">[],
): Map<string, { status: TComplianceStatus; counts: Record<TComplianceStatus, number> }> {
  const byHome = new Map<string, { status: TComplianceStatus; counts: Record<TComplianceStatus, number> }>();
  for (const subject of subjects) {
    if (subject.facilityId === null) continue;
    const entry = byHome.get(subject.facilityId) ?? {
      status: "complete" as TComplianceStatus,
      counts: { complete: 0, missing: 0, expiring: 0, expired: 0 },
    };
    entry.status = worseStatus(entry.status, subject.status);
    for (const key of Object.keys(entry.counts) as TComplianceStatus[]) entry.counts[key] += subject.counts[key];
    byHome.set(subject.facilityId, entry);
  }
  return byHome;
}
