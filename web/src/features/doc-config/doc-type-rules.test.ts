import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appliesToLabel,
  defaultSetOf,
  editDistance,
  formCodesClose,
  leadTimeLabel,
  moveOps,
  namesClose,
  nextSortOrder,
  similarTypes,
  validityLabel,
} from "./doc-type-rules.ts";

const t = (id: string, sortOrder: number, version = 1) => ({ id, sortOrder, version });

describe("document configuration cells", () => {
  it("words validity, lead time and the facilities a type applies to", () => {
    expect(validityLabel(undefined)).toBe("Never expires");
    expect(validityLabel(1)).toBe("1 month");
    expect(validityLabel(12)).toBe("12 months");
    expect(leadTimeLabel(0)).toBe("On the day");
    expect(leadTimeLabel(1)).toBe("1 day before");
    expect(leadTimeLabel(30)).toBe("30 days before");
    const names: Record<string, string> = { tull: "Tull", newman: "Newman" };
    expect(appliesToLabel([], (id) => names[id] ?? id)).toBe("All facilities");
    expect(appliesToLabel(["tull", "newman", "gone"], (id) => names[id] ?? id)).toBe("Tull, Newman, gone");
  });

  it("puts a new type after the last one", () => {
    expect(nextSortOrder([])).toBe(10);
    expect(nextSortOrder([t("a", 30), t("b", 10)])).toBe(40);
  });
});

describe("moveOps", () => {
  it("swaps the sort orders of two neighbours with distinct orders, naming the versions read", () => {
    const list = [t("a", 10), t("b", 20, 4), t("c", 30, 2)];
    expect(moveOps(list, 2, -1)).toEqual([
      { op: "update", collection: "documentTypes", id: "c", version: 2, patch: { sortOrder: 20 } },
      { op: "update", collection: "documentTypes", id: "b", version: 4, patch: { sortOrder: 30 } },
    ]);
    expect(moveOps(list, 0, 1)).toEqual([
      { op: "update", collection: "documentTypes", id: "a", version: 1, patch: { sortOrder: 20 } },
      { op: "update", collection: "documentTypes", id: "b", version: 4, patch: { sortOrder: 10 } },
    ]);
  });

  it("does nothing at either end of the list", () => {
    const list = [t("a", 10), t("b", 20)];
    expect(moveOps(list, 0, -1)).toEqual([]);
    expect(moveOps(list, 1, 1)).toEqual([]);
    expect(moveOps([], 0, 1)).toEqual([]);
  });

  it("renumbers tied orders with the move applied, writing only the records that change", () => {
    const list = [t("a", 0), t("b", 0), t("c", 0), t("d", 40)];
    const ops = moveOps(list, 2, -1);
    // New order a, c, b, d → 10, 20, 30, 40; d already holds 40.
    expect(ops).toEqual([
      { op: "update", collection: "documentTypes", id: "a", version: 1, patch: { sortOrder: 10 } },
      { op: "update", collection: "documentTypes", id: "c", version: 1, patch: { sortOrder: 20 } },
      { op: "update", collection: "documentTypes", id: "b", version: 1, patch: { sortOrder: 30 } },
    ]);
  });
});

describe("defaultSetOf", () => {
  it("gives only the subject's California defaults, each with a stable id and marked for review", () => {
    for (const subject of ["resident", "staff", "facility"] as const) {
      const set = defaultSetOf(subject);
      expect(set.length).toBeGreaterThan(0);
      expect(set.every((d) => d.subject === subject && d.needsReview === true && d.id.length > 0)).toBe(true);
      expect(new Set(set.map((d) => d.id)).size).toBe(set.length);
    }
  });
});

describe("duplicate document types", () => {
  const existing = defaultSetOf("resident").map((t) => ({ ...t, archivedAt: null }));

  it("finds the existing type a new name or form code is close to", () => {
    const physician = existing.find((t) => t.formCode === "LIC 602A")!;
    const by = (name: string, formCode = "") => similarTypes({ name, formCode }, existing).map((t) => [t.id, t.by]);
    expect(by("", "lic-602a")).toEqual([[physician.id, "form code"]]);
    expect(by(physician.name.toUpperCase())).toEqual([[physician.id, "name"]]);
    expect(by("Physicians Reprot")).toEqual([[physician.id, "name"]]);
    expect(by(physician.name, "LIC 602A")).toEqual([[physician.id, "name and form code"]]);
    // Editing a type is never a duplicate of itself.
    expect(similarTypes({ name: physician.name, formCode: "LIC 602A" }, existing, physician.id)).toEqual([]);
    // Different documents are not flagged.
    expect(by("Fire drill log", "FD 1")).toEqual([]);
    expect(by("", "LIC 602")).toEqual([]);
    expect(namesClose("Personnel Record", "Personnel Report")).toBe(false);
    expect(namesClose("Reports, physician's", "Physician's Report")).toBe(true);
    expect(namesClose("TBscreening", "TB screening")).toBe(true);
  });

  it("says when the close one is retired", () => {
    const retired = [{ id: "old", name: "TB Test", formCode: undefined, archivedAt: "2026-01-01T00:00:00.000Z" }];
    expect(similarTypes({ name: "TB test result", formCode: "" }, retired)).toEqual([
      { id: "old", name: "TB Test", formCode: undefined, retired: true, by: "name" },
    ]);
  });

  it("is symmetric and ignores case and punctuation; edit distance is symmetric and zero only for equals", () => {
    const word = fc.stringMatching(/^[A-Za-z0-9' -]{0,20}$/);
    fc.assert(
      fc.property(word, word, word, (a, b, c) => {
        expect(namesClose(a, b)).toBe(namesClose(b, a));
        expect(formCodesClose(a, b)).toBe(formCodesClose(b, a));
        // A name with words left once the possessive "'s" is dropped ("s" alone names nothing).
        if (namesClose(a, a)) expect(namesClose(a, `  ${a.toUpperCase()}!`)).toBe(true);
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, c) === 0).toBe(a === c);
      }),
    );
  });
});
