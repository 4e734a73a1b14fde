import { describe, expect, it } from "vitest";
import { mergeVersions } from "./use-versioned-edit.ts";

const start = { room: "4", diet: "Regular", notes: "", facilities: ["tull"], phone: "(559) 555-0100" };

describe("merging a stale form with the newer saved version", () => {
  it("keeps the fields only they changed, and the fields only I changed", () => {
    const mine = { ...start, room: "7" };
    const theirs = { ...start, diet: "Pureed" };
    expect(mergeVersions(start, mine, theirs)).toEqual({
      merged: { ...start, room: "7", diet: "Pureed" },
      conflicts: [],
    });
  });

  it("names the fields we both changed differently, keeping mine in the form until I choose", () => {
    const mine = { ...start, diet: "Soft", room: "7" };
    const theirs = { ...start, diet: "Pureed", phone: "(559) 555-0199" };
    const { merged, conflicts } = mergeVersions(start, mine, theirs);
    expect(conflicts).toEqual(["diet"]);
    expect(merged).toEqual({ ...start, diet: "Soft", room: "7", phone: "(559) 555-0199" });
  });

  it("is no conflict when we both made the same change; a list is one field, its order no change", () => {
    expect(mergeVersions(start, { ...start, diet: "Soft" }, { ...start, diet: "Soft" }).conflicts).toEqual([]);
    const mine = { ...start, facilities: ["tull", "newman"] };
    const theirs = { ...start, facilities: ["ashwood"] };
    expect(mergeVersions(start, mine, theirs).conflicts).toEqual(["facilities"]);
    expect(mergeVersions(start, { ...start, facilities: ["tull"] }, theirs).merged.facilities).toEqual(["ashwood"]);
  });

  it("treats empty and absent as the same", () => {
    expect(mergeVersions(start, { ...start, notes: undefined as unknown as string }, start)).toEqual({
      merged: { ...start, notes: "" },
      conflicts: [],
    });
  });
});
