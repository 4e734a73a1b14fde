import { describe, expect, it } from "vitest";
import type { CollectionDef } from "@care/core/collection";
import { collectionNames, collections } from "@care/core/registry";
import { requiredSiblings } from "./action-rules.ts";
import { restrictedParts } from "./restricted-fields.ts";
import {
  commitReadPaths,
  commitReadsError,
  commitsWithinReads,
  linkedFirst,
  linkReadPaths,
  MAX_COMMIT_READS,
  roleReadPaths,
  type TCommitPart,
} from "./rule-read-commits.ts";
import { ruleCosts } from "./rules-cost.ts";
import { generateFirestoreRules, GRANT_READS } from "./rules-generator.ts";

const ROLES: TCommitPart = { writes: 0, reads: ["users/u1", "roles/manager"] };

/** A carried document of resident r1 as a transfer writes it: its file, subject, type and the version it replaced. */
function documentPart(i: number): TCommitPart {
  return { writes: 2, reads: [`files/f${i}`, "residents/r1", `documentTypes/t${i % 3}`, `documents/d${i - 1}`] };
}

describe("commitsWithinReads", () => {
  it("keeps everything in one commit when its distinct reads fit", () => {
    const vitals = Array.from({ length: 40 }, () => ({ writes: 1, reads: ["residents/r1", "facilities/tull"] }));
    expect(commitsWithinReads(vitals, ROLES, { writes: 4, reads: ["residents/r1", "facilities/tull"] })).toEqual([
      vitals.map((_, i) => i),
    ]);
  });

  it("splits a resident's many documents so no commit reads more than 20 documents", () => {
    const parts = Array.from({ length: 12 }, (_, i) => documentPart(i));
    const first = { writes: 4, reads: ["residents/r1", "facilities/tull", "residents__rent/r1"] };
    const commits = commitsWithinReads(parts, ROLES, first);
    expect(commits.flat()).toEqual(parts.map((_, i) => i));
    expect(commits.length).toBeGreaterThan(1);
    commits.forEach((indexes, n) => {
      const reads = new Set([
        ...ROLES.reads,
        ...(n === 0 ? first.reads : []),
        ...indexes.flatMap((i) => parts[i]!.reads),
      ]);
      expect(reads.size).toBeLessThanOrEqual(MAX_COMMIT_READS);
    });
  });

  it("starts a commit at 500 writes, keeps the first commit when nothing is carried, refuses a part too large alone", () => {
    const parts = Array.from({ length: 3 }, () => ({ writes: 200, reads: [] }));
    expect(commitsWithinReads(parts, ROLES, { writes: 100, reads: [] })).toEqual([[0, 1], [2]]);
    expect(commitsWithinReads([], ROLES, { writes: 3, reads: [] })).toEqual([[]]);
    const huge = { writes: 1, reads: Array.from({ length: 19 }, (_, i) => `x/${i}`) };
    expect(() => commitsWithinReads([huge], ROLES, { writes: 1, reads: [] })).toThrow(/more documents/);
  });
});

describe("linkReadPaths", () => {
  it("names each link target a write checks, files in their own collection; none for an update keeping links", () => {
    const document = {
      id: "d1",
      subject: "resident",
      subjectId: "r1",
      facilityId: "tull",
      typeId: "t1",
      fileId: "f1",
      title: "Care plan",
    };
    expect(linkReadPaths(collections.documents, document).sort()).toEqual(
      ["documentTypes/t1", "files/f1", "residents/r1"].sort(),
    );
    expect(linkReadPaths(collections.documents, document, document)).toEqual([]);
    // Moved to another home, every link to a record of a home is checked again (the rules compare the
    // target's home); the group's document type is the same in every home.
    expect(linkReadPaths(collections.documents, { ...document, facilityId: "newman" }, document).sort()).toEqual(
      ["files/f1", "residents/r1"].sort(),
    );
  });
});

describe("linkedFirst", () => {
  it("puts the version a document replaced before it, and keeps the order otherwise", () => {
    const docs = [
      { id: "d3", replacesId: "d2" },
      { id: "x", replacesId: undefined },
      { id: "d2", replacesId: "d1" },
      { id: "d1" },
      { id: "y", replacesId: "elsewhere" },
    ];
    expect(linkedFirst(collections.documents, docs).map((d) => d.id)).toEqual(["d1", "d2", "d3", "x", "y"]);
    expect(linkedFirst(collections.vitals, docs).map((d) => d.id)).toEqual(["d3", "x", "d2", "d1", "y"]);
  });
});

describe("commitReadPaths", () => {
  const roles = roleReadPaths({ id: "u1", role: "administrator" });
  const shift = (staffId: string) => ({
    def: collections.shifts as CollectionDef,
    id: `s-${staffId}`,
    record: { facilityId: "tull", staffId, date: "2026-06-01", start: "07:00", end: "15:00" },
  });

  it("counts the role documents and each person a week's shifts name once, however many shifts they have", () => {
    const people = Array.from({ length: 18 }, (_, i) => `p${i}`);
    const week = people.flatMap((p) => [shift(p), { ...shift(p), id: `s2-${p}` }]);
    const paths = commitReadPaths(roles, week);
    expect(paths.size).toBe(MAX_COMMIT_READS);
    expect(commitReadsError(paths)).toBeNull();
  });

  it("refuses a commit whose rules would read over 20 documents, as production does (FORBIDDEN)", () => {
    const paths = commitReadPaths(
      roles,
      Array.from({ length: 19 }, (_, i) => shift(`p${i}`)),
    );
    expect(paths.size).toBe(21);
    expect(commitReadsError(paths)).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/21 records/) });
  });

  it("counts the roles a user holds before and after an edit, which the rules read to check the grant", () => {
    const users = collections.users as CollectionDef;
    const edit = { def: users, id: "u1", record: { role: "house-manager" }, before: { role: "caregiver" } };
    expect(commitReadPaths(roles, [edit])).toEqual(new Set([...roles, "roles/caregiver", "roles/house-manager"]));
  });

  it("counts a record with restricted fields itself (its sibling's rules read it), and nothing for a deletion", () => {
    const resident = { def: collections.residents as CollectionDef, id: "r1", record: { facilityId: "tull" } };
    expect(commitReadPaths(roles, [resident])).toContain("residents/r1");
    expect([...commitReadPaths(roles, [{ ...shift("p1"), record: null }])]).toEqual(roles);
  });

  // The adapter counts the role documents and one document per link a write checks: every generated
  // rule of a registry collection (and of its restricted fields' siblings) must read no other document.
  it("counts every document the generated rules may read (rules-cost.ts)", () => {
    const costs = ruleCosts(generateFirestoreRules());
    const over: string[] = [];
    for (const name of collectionNames) {
      const def = collections[name] as CollectionDef;
      const linkTargets = (def.links ?? []).reduce(
        (sum, link) =>
          sum + ("by" in link.to ? new Set(Object.values(link.to.targets).map((t) => t.collection)).size : 1),
        0,
      );
      // A user's edit reads the roles held before and after (grantReadPaths).
      const grants = def.access.grantsFacilities ? GRANT_READS : 0;
      const counted = [
        // An update reads the sibling holding a change's required fields (requiredSiblings).
        [name, roles.length + linkTargets + grants + requiredSiblings(def).length],
        ...restrictedParts(def).map((part) => [part.collection, roles.length + 1] as const),
      ] as const;
      for (const [collection, most] of counted)
        for (const cost of costs.filter(
          (c) => c.rule.startsWith(`/${collection}/{id} `) && /create|update/.test(c.rule),
        ))
          if (cost.reads > most) over.push(`${cost.rule}: ${cost.reads} reads, ${most} counted`);
    }
    expect(over).toEqual([]);
  });
});
