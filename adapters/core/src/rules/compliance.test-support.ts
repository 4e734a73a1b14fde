/**
 * Builders and a fast-check date arbitrary shared by the compliance and reminders rule tests: a
 * document type and a document with plain defaults (a yearly LIC 602A issued 2025-03-10) that a test
 * overrides field by field.
 */
import fc from "fast-check";
import type { TDocumentLike, TDocumentTypeLike } from "./compliance.rules.ts";

/** A random real date from 1900 to 2400 (leap rules of 1900, 2000, 2100 included). */
export const arbDate = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2400-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const documentType = (over: Partial<TDocumentTypeLike> = {}): TDocumentTypeLike => ({
  id: "t-602a",
  subject: "resident",
  name: "Physician's Report",
  formCode: "LIC 602A",
  required: true,
  validityMonths: 12,
  leadTimeDays: 30,
  facilityIds: [],
  sortOrder: 0,
  reappraisal: false,
  archivedAt: null,
  ...over,
});

export const document = (over: Partial<TDocumentLike> = {}): TDocumentLike => ({
  id: "d1",
  subject: "resident",
  subjectId: "r1",
  facilityId: "tull",
  typeId: "t-602a",
  issueDate: "2025-03-10",
  current: true,
  createdAt: "2025-03-10T10:00:00.000Z",
  archivedAt: null,
  ...over,
});
