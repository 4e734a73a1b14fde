import { describe, expect, it } from "vitest";
import { buildSubjectDocuments, replaceOps, type TDocumentRecord, type TDocumentTypeRecord } from "./documents-data.ts";

const meta = (id: string, createdAt: string) => ({
  id,
  version: 1,
  createdAt,
  updatedAt: createdAt,
  createdBy: null,
  updatedBy: null,
  archivedAt: null as string | null,
});

function type(id: string, patch: Partial<TDocumentTypeRecord> = {}): TDocumentTypeRecord {
  return {
    ...meta(id, "2026-01-01T00:00:00.000Z"),
    subject: "resident",
    name: `Type ${id}`,
    formCode: undefined,
    description: undefined,
    required: true,
    validityMonths: 12,
    leadTimeDays: 30,
    facilityIds: [],
    sortOrder: 0,
    needsReview: false,
    reappraisal: false,
    nightDuty: false,
    ...patch,
  };
}

function doc(id: string, createdAt: string, patch: Partial<TDocumentRecord> = {}): TDocumentRecord {
  return {
    ...meta(id, createdAt),
    subject: "resident",
    subjectId: "r1",
    facilityId: "van-buren",
    typeId: undefined,
    title: undefined,
    fileId: `file-${id}`,
    fileName: `${id}.pdf`,
    contentType: "application/pdf",
    size: 1000,
    issueDate: undefined,
    expiryDate: undefined,
    notes: undefined,
    current: true,
    replacesId: undefined,
    ...patch,
  };
}

const subject = { subject: "resident" as const, id: "r1", facilityId: "van-buren", name: "Quennell, Winifred" };
const today = "2026-06-01";

describe("buildSubjectDocuments", () => {
  it("lists applicable types in order with status, the current document and older versions newest first", () => {
    const types = [
      type("physician", { sortOrder: 2, name: "Physician's report", formCode: "LIC 602A" }),
      type("appraisal", { sortOrder: 1 }),
      type("other-home", { facilityIds: ["tull"] }),
      type("retired", { archivedAt: "2026-02-01T00:00:00.000Z" }),
    ];
    const documents = [
      doc("p1", "2025-01-01T00:00:00.000Z", { typeId: "physician", issueDate: "2025-01-01", current: false }),
      doc("p2", "2025-06-01T00:00:00.000Z", { typeId: "physician", issueDate: "2025-06-01", current: false }),
      doc("p3", "2026-05-01T00:00:00.000Z", {
        typeId: "physician",
        issueDate: "2025-06-10",
        expiryDate: "2026-06-11",
        replacesId: "p2",
      }),
    ];
    const view = buildSubjectDocuments(subject, types, documents, today);
    expect(view.types.map((t) => t.id)).toEqual(["appraisal", "physician"]);
    expect(view.checklist.map((r) => [r.type.id, r.status, r.current?.id, r.older.map((d) => d.id)])).toEqual([
      ["appraisal", "missing", undefined, []],
      ["physician", "expiring", "p3", ["p2", "p1"]],
    ]);
    expect(view.checklist[1]!.expiryDate).toBe("2026-06-11");
    expect(view.compliance.status).toBe("missing");
    expect(view.compliance.counts).toEqual({ complete: 0, missing: 1, expiring: 1, expired: 0 });
  });

  it("shows a waived requirement as met, with its reason", () => {
    const types = [type("appraisal", { sortOrder: 1 }), type("physician", { sortOrder: 2 })];
    const waivers = new Map([
      [`${subject.facilityId}|missing|${subject.subject}|${subject.id}|appraisal`, "Not applicable to this resident"],
    ]);
    const view = buildSubjectDocuments(subject, types, [], today, waivers);
    expect(view.checklist.map((r) => [r.type.id, r.status, r.waiverReason])).toEqual([
      ["appraisal", "complete", "Not applicable to this resident"],
      ["physician", "missing", undefined],
    ]);
    expect(view.compliance.counts).toEqual({ complete: 1, missing: 1, expiring: 0, expired: 0 });
  });

  it("keeps untyped documents and those of retired types outside the checklist, each with its chain of versions", () => {
    const types = [type("retired", { archivedAt: "2026-02-01T00:00:00.000Z", name: "Old form" })];
    const documents = [
      doc("a1", "2025-01-01T00:00:00.000Z", { title: "Discharge summary", current: false }),
      doc("a2", "2025-02-01T00:00:00.000Z", { title: "Discharge summary", replacesId: "a1" }),
      doc("b1", "2025-03-01T00:00:00.000Z", { title: "Letter" }),
      doc("c1", "2025-04-01T00:00:00.000Z", { typeId: "retired" }),
    ];
    const view = buildSubjectDocuments(subject, types, documents, today);
    expect(view.checklist).toEqual([]);
    expect(view.others.map((o) => [o.document.id, o.typeLabel, o.older.map((d) => d.id)])).toEqual([
      ["c1", "Old form", []],
      ["b1", undefined, []],
      ["a2", undefined, ["a1"]],
    ]);
  });
});

describe("replaceOps", () => {
  it("creates the new version pointing at the old one and marks the old one not current, at its version", () => {
    const old = { ...doc("p2", "2025-06-01T00:00:00.000Z", { typeId: "physician" }), version: 3 };
    const next = { ...doc("ignored", "x"), fileId: "file-new", fileName: "new.pdf", typeId: "physician" };
    const {
      id: _id,
      version: _v,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      updatedBy: _ub,
      archivedAt: _a,
      ...input
    } = next;
    expect(replaceOps(old, input)).toEqual([
      { op: "create", collection: "documents", data: { ...input, current: true, replacesId: "p2" } },
      { op: "update", collection: "documents", id: "p2", version: 3, patch: { current: false } },
    ]);
  });
});
