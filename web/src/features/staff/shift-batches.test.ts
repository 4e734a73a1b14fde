import { describe, expect, it } from "vitest";
import { shiftBatches } from "./shift-batches.ts";

const shifts = (staffId: string, n: number) => Array.from({ length: n }, (_, i) => ({ data: { staffId }, i }));
const people = (batch: readonly { data: { staffId: string } }[]) => new Set(batch.map((op) => op.data.staffId)).size;

describe("a week's copy split into commits", () => {
  it("names at most 16 people per commit, so Firebase's rules read at most 18 documents of their 20", () => {
    const ops = Array.from({ length: 40 }, (_, p) => shifts(`staff-${p}`, 7)).flat();
    const batches = shiftBatches(ops);
    expect(batches.map(people)).toEqual([16, 16, 8]);
    expect(batches.flat()).toEqual(ops);
  });

  it("keeps a person's shifts together and at most 400 shifts per commit", () => {
    const ops = [...shifts("a", 3), ...shifts("b", 2), ...shifts("a", 1), ...shifts("c", 5)];
    expect(shiftBatches(ops, { maxShifts: 6, maxPeople: 16 }).map((b) => b.map((op) => op.data.staffId))).toEqual([
      ["a", "a", "a", "a", "b", "b"],
      ["c", "c", "c", "c", "c"],
    ]);
    expect(shiftBatches(shifts("a", 9), { maxShifts: 4, maxPeople: 2 }).map((b) => b.length)).toEqual([4, 4, 1]);
  });
});
