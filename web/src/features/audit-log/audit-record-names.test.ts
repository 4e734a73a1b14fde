// The audit log names the records of the page shown, read in one list per collection.
import { describe, expect, it, vi } from "vitest";
import type { DataPort } from "@care/core/ports/data.port";
import { namedRecords, readRecordNames, recordKey } from "./audit-record-names.ts";

const rows = [
  { collection: "residents", recordId: "r1" },
  { collection: "residents", recordId: "r2" },
  { collection: "residents", recordId: "r1" },
  { collection: "facilities", recordId: "tull" },
  { collection: "payments", recordId: "p1" },
  { collection: "files", recordId: "f1" },
  { collection: null, recordId: null },
];

describe("audit record names", () => {
  it("asks once per collection the viewer may read, each id once", () => {
    expect(namedRecords(rows, (name) => name !== "payments")).toEqual([
      ["residents", ["r1", "r2"]],
      ["facilities", ["tull"]],
    ]);
  });

  it("reads the names in one list per collection; a removed record has none", async () => {
    const list = vi.fn(async (collection: string) => ({
      items:
        collection === "residents"
          ? [{ id: "r1", firstName: "Margaret", lastName: "Okafor", preferredName: "Maggie" }]
          : [{ id: "tull", name: "Tull House" }],
      nextCursor: null,
    }));
    const names = await readRecordNames(
      { list } as unknown as DataPort,
      namedRecords(rows, () => true),
    );
    expect(list).toHaveBeenCalledTimes(3);
    expect(list).toHaveBeenCalledWith("residents", {
      where: { id: ["r1", "r2"] },
      includeArchived: true,
      limit: 2,
      purpose: "names",
    });
    expect(names.get(recordKey("residents", "r1"))).toBe("Okafor, Margaret (Maggie)");
    expect(names.get(recordKey("residents", "r2"))).toBeUndefined();
    expect(names.get(recordKey("facilities", "tull"))).toBe("Tull House");
  });
});
