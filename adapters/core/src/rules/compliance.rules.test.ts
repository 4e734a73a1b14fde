import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  applicableTypes,
  complianceOf,
  complianceStatusLabel,
  currentDocument,
  defaultExpiryDate,
  documentExpiry,
  residentCounts,
  staffCounts,
  staffSubject,
  subjectCompliance,
  type TComplianceSubject,
} from "./compliance.rules.ts";
import { CLEARANCE_DOCUMENT_TYPE_ID } from "../collections/rcfe-document-types.ts";
import type { TClearanceStatus } from "../collections/staff.collection.ts";
import { addDays, addMonths, daysBetween, localToday } from "./date-only.rules.ts";
import { arbDate, document as doc, documentType as type } from "./compliance.test-support.ts";
import type { TComplianceStatus } from "../ports/insights.port.ts";

const ana: TComplianceSubject = { subject: "resident", id: "r1", facilityId: "tull", name: "Garcia, Ana" };

const SEVERITY: Record<TComplianceStatus, number> = { complete: 0, expiring: 1, missing: 2, expired: 3 };

describe("date math on YYYY-MM-DD", () => {
  it("clamps month ends and handles leap years", () => {
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2024-02-29", 48)).toBe("2028-02-29");
    expect(addMonths("1900-01-31", 1)).toBe("1900-02-28");
    expect(addMonths("2000-01-31", 1)).toBe("2000-02-29");
    expect(addMonths("2025-12-15", 1)).toBe("2026-01-15");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(daysBetween("2025-12-31", "2026-01-01")).toBe(1);
  });

  it("addDays and daysBetween are inverse; addMonths keeps the day or clamps it to the month's end", () => {
    fc.assert(
      fc.property(arbDate, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        expect(daysBetween(date, addDays(date, n))).toBe(n);
      }),
    );
    fc.assert(
      fc.property(arbDate, fc.integer({ min: 0, max: 600 }), (date, n) => {
        const out = addMonths(date, n);
        expect(out >= date).toBe(true);
        const day = Number(date.slice(8));
        const outDay = Number(out.slice(8));
        // Either the same day, or clamped to the last day of a shorter month.
        if (outDay !== day) {
          expect(outDay).toBeLessThan(day);
          expect(addDays(out, 1).slice(8)).toBe("01");
        }
        const months =
          (Number(out.slice(0, 4)) - Number(date.slice(0, 4))) * 12 +
          Number(out.slice(5, 7)) -
          Number(date.slice(5, 7));
        expect(months).toBe(n);
      }),
    );
  });

  describe("in any time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });

    it("gives the same dates and statuses whatever TZ the process runs in", () => {
      const run = () => [
        addMonths("2024-01-31", 1),
        addDays("2026-03-08", 1), // a US DST change
        addDays("2026-10-25", 1), // an EU DST change
        daysBetween("2026-03-01", "2026-04-01"),
        defaultExpiryDate("2024-02-29", 12),
        subjectCompliance(ana, [type()], [doc({ issueDate: "2025-03-31" })], "2026-03-01").status,
        subjectCompliance(ana, [type()], [doc({ issueDate: "2025-03-31" })], "2026-04-01").status,
      ];
      const results = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles", "Asia/Kolkata"].map(
        (tz) => {
          process.env.TZ = tz;
          return run();
        },
      );
      for (const r of results) expect(r).toEqual(results[0]);
      expect(results[0]).toEqual(["2024-02-29", "2026-03-09", "2026-10-26", 31, "2025-02-28", "expiring", "expired"]);
    });

    it("localToday is the calendar date where the viewer is", () => {
      const instant = new Date("2026-01-01T05:00:00Z");
      process.env.TZ = "America/Los_Angeles";
      expect(localToday(instant)).toBe("2025-12-31");
      process.env.TZ = "Asia/Tokyo";
      expect(localToday(instant)).toBe("2026-01-01");
    });
  });
});

describe("expiry", () => {
  it("defaults to issue date + validity months, clamped at month end; the document's own expiry wins", () => {
    expect(defaultExpiryDate("2025-03-10", 12)).toBe("2026-03-10");
    expect(defaultExpiryDate("2025-08-31", 6)).toBe("2026-02-28");
    expect(documentExpiry(type(), doc())).toBe("2026-03-10");
    expect(documentExpiry(type(), doc({ expiryDate: "2025-09-01" }))).toBe("2025-09-01");
    expect(documentExpiry(type({ validityMonths: undefined }), doc())).toBeUndefined();
    expect(documentExpiry(type(), doc({ issueDate: undefined }))).toBeUndefined();
  });
});

describe("applicableTypes", () => {
  it("keeps same-subject, unretired types for every facility or this one, in sort order", () => {
    const types = [
      type({ id: "b", sortOrder: 2 }),
      type({ id: "a", sortOrder: 1 }),
      type({ id: "staff", subject: "staff" }),
      type({ id: "retired", archivedAt: "2026-01-01T00:00:00.000Z" }),
      type({ id: "tull-only", facilityIds: ["tull"], sortOrder: 3 }),
      type({ id: "newman-only", facilityIds: ["newman"] }),
    ];
    expect(applicableTypes(types, "resident", "tull").map((t) => t.id)).toEqual(["a", "b", "tull-only"]);
    expect(applicableTypes(types, "resident", "ashwood").map((t) => t.id)).toEqual(["a", "b"]);
  });
});

describe("currentDocument", () => {
  it("is the newest current, unarchived document of the type by issue date, then upload time", () => {
    const docs = [
      doc({ id: "old", issueDate: "2024-01-01" }),
      doc({ id: "new", issueDate: "2025-01-01", createdAt: "2025-01-01T00:00:00.000Z" }),
      doc({ id: "same-day-later", issueDate: "2025-01-01", createdAt: "2025-01-02T00:00:00.000Z" }),
      doc({ id: "replaced", issueDate: "2026-01-01", current: false }),
      doc({ id: "archived", issueDate: "2026-01-01", archivedAt: "2026-01-02T00:00:00.000Z" }),
      doc({ id: "other-type", issueDate: "2026-01-01", typeId: "other" }),
      doc({ id: "other-person", issueDate: "2026-01-01", subjectId: "r2" }),
    ];
    expect(currentDocument(docs, "r1", "t-602a")?.id).toBe("same-day-later");
    expect(currentDocument(docs, "r3", "t-602a")).toBeUndefined();
  });
});

describe("subjectCompliance", () => {
  it("reports missing, expired, expiring and complete types and the worst required one", () => {
    const types = [
      type({ id: "missing-one", name: "Admission Agreement", sortOrder: 1 }),
      type({ id: "expiring-one", name: "TB", sortOrder: 2, leadTimeDays: 30 }),
      type({ id: "complete-one", name: "Rights", sortOrder: 3, validityMonths: undefined }),
      type({ id: "optional-expired", name: "Extra", sortOrder: 4, required: false }),
    ];
    const docs = [
      doc({ id: "e", typeId: "expiring-one", issueDate: "2025-03-10" }),
      doc({ id: "c", typeId: "complete-one", issueDate: "2010-01-01" }),
      doc({ id: "o", typeId: "optional-expired", issueDate: "2020-01-01" }),
    ];
    const result = subjectCompliance(ana, types, docs, "2026-02-20");
    expect(result.status).toBe("missing");
    expect(result.counts).toEqual({ complete: 1, missing: 1, expiring: 1, expired: 0 });
    expect(result.requirements.map((r) => [r.typeId, r.status, r.expiryDate])).toEqual([
      ["missing-one", "missing", undefined],
      ["expiring-one", "expiring", "2026-03-10"],
      ["complete-one", "complete", undefined],
      ["optional-expired", "expired", "2021-01-01"],
    ]);
    // The expiry date is the last valid day; expired from the next day.
    expect(subjectCompliance(ana, [type()], [doc()], "2026-03-10").status).toBe("expiring");
    expect(subjectCompliance(ana, [type()], [doc()], "2026-03-11").status).toBe("expired");
    // Lead time boundary: exactly leadTimeDays before expiry is expiring, one day more is complete.
    expect(subjectCompliance(ana, [type()], [doc()], "2026-02-08").status).toBe("expiring");
    expect(subjectCompliance(ana, [type()], [doc()], "2026-02-07").status).toBe("complete");
    expect(complianceStatusLabel("expiring")).toBe("Expiring soon");
  });

  const arbType = fc.record({
    id: fc.constantFrom("t1", "t2", "t3"),
    required: fc.boolean(),
    validityMonths: fc.option(fc.integer({ min: 1, max: 36 }), { nil: undefined }),
    leadTimeDays: fc.integer({ min: 0, max: 90 }),
  });
  const arbTypes = fc.uniqueArray(arbType, { selector: (t) => t.id, maxLength: 3 }).map((ts) => ts.map((t) => type(t)));
  const arbDoc = fc.record({
    id: fc.uuid(),
    typeId: fc.constantFrom("t1", "t2", "t3"),
    issueDate: fc.option(arbDate, { nil: undefined }),
    expiryDate: fc.option(arbDate, { nil: undefined }),
    current: fc.boolean(),
  });
  const arbDocs = fc.array(arbDoc, { maxLength: 6 }).map((ds) => ds.map((d) => doc(d)));

  it("is monotone in today: a later day is never better", () => {
    fc.assert(
      fc.property(arbTypes, arbDocs, arbDate, fc.integer({ min: 0, max: 800 }), (types, docs, today, later) => {
        const a = subjectCompliance(ana, types, docs, today);
        const b = subjectCompliance(ana, types, docs, addDays(today, later));
        expect(SEVERITY[b.status]).toBeGreaterThanOrEqual(SEVERITY[a.status]);
        a.requirements.forEach((r, i) => {
          expect(SEVERITY[b.requirements[i]!.status]).toBeGreaterThanOrEqual(SEVERITY[r.status]);
        });
      }),
    );
  });

  it("adding a current document valid beyond the lead time never worsens the status", () => {
    fc.assert(
      fc.property(
        arbTypes,
        arbDocs,
        arbDate,
        fc.constantFrom("t1", "t2", "t3"),
        fc.option(fc.integer({ min: 91, max: 800 }), { nil: undefined }),
        (types, docs, today, typeId, ahead) => {
          const before = subjectCompliance(ana, types, docs, today);
          const fresh = doc({
            id: "fresh",
            typeId,
            issueDate: "2500-01-01",
            // Beyond any lead time (at most 90 days here), or never expiring.
            expiryDate: ahead === undefined ? undefined : addDays(today, ahead),
            createdAt: "2500-01-01T00:00:00.000Z",
          });
          const after = subjectCompliance(ana, types, [...docs, fresh], today);
          expect(SEVERITY[after.status]).toBeLessThanOrEqual(SEVERITY[before.status]);
        },
      ),
    );
  });

  it("optional types never change the overall status or the counts", () => {
    fc.assert(
      fc.property(arbTypes, arbDocs, arbDate, (types, docs, today) => {
        const requiredOnly = types.filter((t) => t.required);
        const withOptional = subjectCompliance(ana, types, docs, today);
        const without = subjectCompliance(ana, requiredOnly, docs, today);
        expect(withOptional.status).toBe(without.status);
        expect(withOptional.counts).toEqual(without.counts);
      }),
    );
  });

  it("complianceOf gives each subject only its own documents", () => {
    const bob: TComplianceSubject = { ...ana, id: "r2", name: "Lee, Bob" };
    const staffAna: TComplianceSubject = { ...ana, subject: "staff" };
    const result = complianceOf([ana, bob, staffAna], [type()], [doc({ issueDate: "2026-01-01" })], "2026-02-01");
    expect(result.map((r) => r.status)).toEqual(["complete", "missing", "complete"]);
    expect(result[2]!.requirements).toEqual([]);
  });
});

describe("who counts", () => {
  it("a resident with a planned discharge counts until the day they leave, not from it", () => {
    const leaving = {
      status: "active" as const,
      admissionDate: "2025-01-01",
      dischargeDate: "2026-03-10",
      archivedAt: null,
    };
    expect(residentCounts(leaving, "2026-03-09")).toBe(true);
    expect(residentCounts(leaving, "2026-03-10")).toBe(false);
    // A planned move-in's paperwork is due before they arrive: they count already.
    expect(residentCounts({ ...leaving, admissionDate: "2026-04-01", dischargeDate: null }, "2026-03-09")).toBe(true);
  });
  it("residents in care, staff not terminated, nobody archived", () => {
    const today = "2026-03-10";
    const resident = { admissionDate: "2025-01-01", archivedAt: null };
    expect(residentCounts({ ...resident, status: "hospital" }, today)).toBe(true);
    expect(residentCounts({ ...resident, status: "discharged" }, today)).toBe(false);
    expect(residentCounts({ ...resident, status: "active", archivedAt: "2026-01-01T00:00:00.000Z" }, today)).toBe(
      false,
    );
    expect(staffCounts({ status: "on_leave", archivedAt: null })).toBe(true);
    expect(staffCounts({ status: "terminated", archivedAt: null })).toBe(false);
  });
});

describe("documents of another home", () => {
  it("do not count for a subject of this home: the type stays missing", () => {
    const types = [type()];
    const filedElsewhere = doc({ facilityId: "newman" });
    const [result] = complianceOf([ana], types, [filedElsewhere], "2025-06-01");
    expect(result?.status).toBe("missing");
    expect(subjectCompliance(ana, types, [filedElsewhere], "2025-06-01").status).toBe("missing");
    expect(complianceOf([ana], types, [doc()], "2025-06-01")[0]?.status).toBe("complete");
  });
});

describe("the Live Scan clearance recorded on the staff form", () => {
  const liveScan = type({ id: CLEARANCE_DOCUMENT_TYPE_ID, subject: "staff", name: "Criminal record clearance" });
  const person = (clearanceStatus: TClearanceStatus) =>
    staffSubject({ id: "s1", facilityId: "tull", firstName: "Eva", lastName: "Diaz", clearanceStatus });

  it("settles the missing paper on the checklist when cleared or exempted, and says so", () => {
    for (const status of ["cleared", "exemption_granted"] as const) {
      const result = subjectCompliance(person(status), [liveScan], [], "2025-06-01");
      expect(result.status).toBe("complete");
      expect(result.requirements[0]).toMatchObject({ status: "complete", clearanceRecorded: true });
    }
  });

  it("leaves it missing while the clearance is not decided, and settles no other paper", () => {
    expect(subjectCompliance(person("submitted"), [liveScan], [], "2025-06-01").status).toBe("missing");
    const tb = type({ id: "tb", subject: "staff", name: "TB test" });
    expect(subjectCompliance(person("cleared"), [tb], [], "2025-06-01").status).toBe("missing");
  });

  it("lets an uploaded paper speak for itself (no mark)", () => {
    const paper = doc({ subject: "staff", subjectId: "s1", typeId: CLEARANCE_DOCUMENT_TYPE_ID });
    const [requirement] = subjectCompliance(person("cleared"), [liveScan], [paper], "2025-06-01").requirements;
    expect(requirement?.clearanceRecorded).toBeUndefined();
    expect(requirement?.documentId).toBe("d1");
  });
});
