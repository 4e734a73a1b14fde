// The compliance report's one pass (openCountsOn, and complianceReportOf's people and homes) against
// the shared rule run day by day (complianceOn below: complianceOf over what was on file by each day's
// end): random homes, people, document types, uploads (several versions, out of order, other homes'
// copies), and waivers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../rules/date-only.rules.ts";
import { complianceOf, missingKey, type TDocumentTypeLike } from "../rules/compliance.rules.ts";
import { lastCountedDay } from "./report-query.schema.ts";
import {
  complianceReportOf,
  heldFrom,
  MAX_REPORT_PEOPLE,
  mergeComplianceReports,
  openCountsOn,
  type TComplianceReportInput,
} from "./compliance.report.ts";

/**
 * The reference: the shared rule on `day` over what was on file by then — before `today`, every version
 * held by then (the newest counting, as it did on that day); from today on, each type's current version.
 */
function complianceOn(input: TComplianceReportInput, day: string, today: string) {
  const subjects = input.subjects.filter((s) => s.startDate === undefined || s.startDate <= day);
  const documents = input.documents
    .filter((d) => heldFrom(d) <= day && (day < today || d.current))
    .map((d) => ({ ...d, current: true }));
  return complianceOf(subjects, input.types, documents, day, input.waivers);
}

const START = "2026-01-01";
const day = fc.integer({ min: -40, max: 200 }).map((n) => addDays(START, n));
const HOMES = ["a", "b"];

const types: TDocumentTypeLike[] = [
  { id: "t1", subject: "resident", name: "Physician's report", required: true, validityMonths: 12, leadTimeDays: 30, facilityIds: [], sortOrder: 1, reappraisal: false, archivedAt: null },
  { id: "t2", subject: "resident", name: "TB test", required: true, leadTimeDays: 14, facilityIds: ["a"], sortOrder: 2, reappraisal: false, archivedAt: null },
  { id: "t3", subject: "staff", name: "Clearance", required: true, leadTimeDays: 0, facilityIds: [], sortOrder: 1, reappraisal: false, archivedAt: null },
  { id: "t4", subject: "resident", name: "Optional form", required: false, leadTimeDays: 0, facilityIds: [], sortOrder: 3, reappraisal: false, archivedAt: null },
]; // prettier-ignore

const input = fc
  .record({
    people: fc.array(
      fc.record({ staff: fc.boolean(), home: fc.constantFrom(...HOMES), start: fc.option(day, { nil: undefined }) }),
      { minLength: 1, maxLength: 4 },
    ),
    docs: fc.array(
      fc.record({
        person: fc.nat(3),
        type: fc.constantFrom("t1", "t2", "t3", "t4"),
        // A copy filed at the other home proves nothing here.
        otherHome: fc.boolean(),
        issue: fc.option(day, { nil: undefined }),
        expiry: fc.option(day, { nil: undefined }),
        uploaded: day,
        hour: fc.constantFrom(0, 0, 12, 23),
      }),
      { maxLength: 14 },
    ),
    waived: fc.array(fc.tuple(fc.nat(3), fc.constantFrom("t1", "t2", "t3")), { maxLength: 2 }),
  })
  .map(({ people, docs, waived }): TComplianceReportInput => {
    const subjects = people.map((p, i) => ({
      subject: p.staff ? ("staff" as const) : ("resident" as const),
      id: `p${i}`,
      facilityId: p.home,
      name: `Person ${i}`,
      startDate: p.start,
    }));
    return {
      homes: HOMES.map((id) => ({ id, name: id })),
      subjects,
      types,
      documents: docs.flatMap((d, i) => {
        const owner = subjects[d.person % subjects.length]!;
        return [
          {
            id: `d${i}`,
            subject: owner.subject,
            subjectId: owner.id,
            facilityId: d.otherHome ? HOMES.find((h) => h !== owner.facilityId)! : owner.facilityId,
            typeId: d.type,
            issueDate: d.issue,
            expiryDate: d.expiry,
            current: i % 3 !== 0,
            createdAt: `${d.uploaded}T${String(d.hour).padStart(2, "0")}:00:00.000Z`,
            archivedAt: null,
          },
        ];
      }),
      waivers: new Map(
        waived.map(([person, type]) => {
          const owner = subjects[person % subjects.length]!;
          return [`${owner.facilityId}|${missingKey(owner.subject, owner.id, type)}`, "Not applicable"] as const;
        }),
      ),
    };
  });

describe("openCountsOn", () => {
  it("counts on each day what the compliance rule counts on that day", () => {
    fc.assert(
      fc.property(
        input,
        fc.uniqueArray(day, { minLength: 1, maxLength: 6 }),
        fc.constantFrom("a", null),
        day,
        (data, picked, only, today) => {
          const days = [...picked].sort();
          const counted = (id: string | null) => only === null || id === only;
          const fast = openCountsOn(data, days, counted, today);
          days.forEach((d, i) => {
            const slow = { missing: 0, expiring: 0, expired: 0 };
            for (const s of complianceOn(data, d, today)) {
              if (!counted(s.facilityId)) continue;
              slow.missing += s.counts.missing;
              slow.expiring += s.counts.expiring;
              slow.expired += s.counts.expired;
            }
            expect(fast[i]).toEqual(slow);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts a document from the day it is held: its upload day when it has no issue date", () => {
    const data: TComplianceReportInput = {
      homes: [{ id: "a", name: "a" }],
      subjects: [{ subject: "staff", id: "s", facilityId: "a", name: "S", startDate: "2026-01-01" }],
      types,
      documents: [
        {
          id: "d",
          subject: "staff",
          subjectId: "s",
          facilityId: "a",
          typeId: "t3",
          current: true,
          createdAt: "2026-02-01T00:00:00.000Z",
          archivedAt: null,
        },
      ],
      waivers: new Map(),
    };
    expect(openCountsOn(data, ["2026-01-31", "2026-02-01"], () => true, "2026-03-01")).toEqual([
      { missing: 1, expiring: 0, expired: 0 },
      { missing: 0, expiring: 0, expired: 0 },
    ]);
  });
});

describe("complianceReportOf", () => {
  it("lists the people and counts the homes as the shared rule judges them on the counted day", () => {
    const SEVERITY = { complete: 0, expiring: 1, missing: 2, expired: 3 };
    fc.assert(
      fc.property(input, day, day, day, (data, a, b, today) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        const report = complianceReportOf(data, { from, to, today });
        const now = complianceOn(data, lastCountedDay({ to, today }), today);
        const open = now.filter((s) => s.status !== "complete");
        expect(report.peopleTotal).toBe(open.length);
        expect(new Set(report.people.map((p) => `${p.subject}|${p.subjectId}`))).toEqual(
          new Set(open.map((s) => `${s.subject}|${s.subjectId}`)),
        );
        for (const person of report.people) {
          const s = open.find((o) => o.subject === person.subject && o.subjectId === person.subjectId)!;
          const { missing, expiring, expired } = s.counts;
          expect(person).toMatchObject({
            status: s.status,
            name: s.name,
            facilityId: s.facilityId,
            missing,
            expiring,
            expired,
          });
          expect(person.items).toEqual(
            s.requirements
              .filter((r) => r.required && r.status !== "complete")
              .map((r) => ({
                typeName: r.formCode ? `${r.formCode} ${r.typeName}` : r.typeName,
                status: r.status,
                ...(r.expiryDate ? { expiryDate: r.expiryDate } : {}),
              })),
          );
        }
        // Worst first.
        report.people.forEach((p, i) => {
          if (i > 0) expect(SEVERITY[p.status]).toBeLessThanOrEqual(SEVERITY[report.people[i - 1]!.status]);
        });
        for (const home of report.homes) {
          const of = now.filter((s) => s.facilityId === home.facilityId);
          expect(home).toMatchObject({
            subjects: of.length,
            withOpenItems: of.filter((s) => s.counts.missing + s.counts.expiring + s.counts.expired > 0).length,
            missing: of.reduce((n, s) => n + s.counts.missing, 0),
            expiring: of.reduce((n, s) => n + s.counts.expiring, 0),
            expired: of.reduce((n, s) => n + s.counts.expired, 0),
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("mergeComplianceReports", () => {
  it("answers for homes computed apart what one report of them all answers", () => {
    fc.assert(
      fc.property(input, (data) => {
        const query = { from: "2026-01-01", to: "2026-05-31", today: "2026-04-15" };
        const part = (home: string) =>
          complianceReportOf(
            {
              ...data,
              homes: data.homes.filter((h) => h.id === home),
              subjects: data.subjects.filter((s) => s.facilityId === home),
              documents: data.documents.filter((d) => d.facilityId === home),
            },
            query,
          );
        expect(mergeComplianceReports([part("b"), part("a")])).toEqual(complianceReportOf(data, query));
      }),
      { numRuns: 100 },
    );
  });
});

describe("a group's list of people", () => {
  it("names at most the 1,000 worst and counts them all, also when merged", () => {
    const people = (home: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        subject: "staff" as const,
        id: `${home}-${String(i).padStart(4, "0")}`,
        facilityId: home,
        name: `${home} ${String(i).padStart(4, "0")}`,
      }));
    const query = { from: "2026-01-01", to: "2026-01-31", today: "2026-01-31" };
    const report = (homes: string[], subjects: ReturnType<typeof people>) =>
      complianceReportOf(
        { homes: homes.map((id) => ({ id, name: id })), subjects, types, documents: [], waivers: new Map() },
        query,
      );
    const all = report(["a", "b"], [...people("a", 600), ...people("b", 401)]);
    expect(all.peopleTotal).toBe(1001);
    expect(all.people).toHaveLength(MAX_REPORT_PEOPLE);
    const merged = mergeComplianceReports([report(["a"], people("a", 600)), report(["b"], people("b", 401))]);
    expect(merged.peopleTotal).toBe(1001);
    expect(merged.people).toEqual(all.people);
  });
});

describe("the compliance trend's history", () => {
  it("holds a document from its issue date, and from today on takes each type's current version", () => {
    const doc = (id: string, issueDate: string, expiryDate: string, current: boolean) => ({
      id,
      subject: "staff" as const,
      subjectId: "s",
      facilityId: "a",
      typeId: "t3",
      issueDate,
      expiryDate,
      current,
      // Both uploaded this week, long after they were issued.
      createdAt: "2026-11-25T10:00:00.000Z",
      archivedAt: null,
    });
    const data: TComplianceReportInput = {
      homes: [{ id: "a", name: "a" }],
      subjects: [{ subject: "staff", id: "s", facilityId: "a", name: "S", startDate: "2024-01-01" }],
      types,
      documents: [
        doc("old", "2024-01-10", "2025-01-09", false),
        // A later issue date on a version that is not the current one: the current one counts now.
        doc("odd", "2025-06-01", "2027-06-01", false),
        doc("now", "2025-01-05", "2025-03-01", true),
      ],
      waivers: new Map(),
    };
    const counts = openCountsOn(
      data,
      ["2024-06-30", "2025-02-15", "2025-12-31", "2026-11-27"],
      () => true,
      "2026-11-27",
    );
    expect(counts).toEqual([
      // Held since January 2024 (issued), though uploaded in 2026.
      { missing: 0, expiring: 0, expired: 0 },
      // The newest held by then, issued January 5, expiring March 1 (lead time 0 days: complete).
      { missing: 0, expiring: 0, expired: 0 },
      // June's version was the newest then.
      { missing: 0, expiring: 0, expired: 0 },
      // Today: the current version, expired March 1, 2025, as the documents page shows it.
      { missing: 0, expiring: 0, expired: 1 },
    ]);
    const [now] = complianceOn(data, "2026-11-27", "2026-11-27");
    expect(now!.requirements[0]).toMatchObject({ status: "expired", expiryDate: "2025-03-01" });
  });
});
