import { describe, expect, it } from "vitest";
import { collections } from "@care/core/registry";
import {
  commitsWithinReads,
  linkedFirst,
  linkReadPaths,
  MAX_COMMIT_READS,
  type TCommitPart,
} from "./rule-read-commits.ts";

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
    // Moved to another home, every link is checked again (the rules compare the target's home).
    expect(linkReadPaths(collections.documents, { ...document, facilityId: "newman" }, document)).toHaveLength(3);
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
