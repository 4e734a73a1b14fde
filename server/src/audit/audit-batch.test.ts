import { describe, expect, it } from "vitest";
import type { Prisma } from "../generated/prisma/client.ts";
import { AuditBatcher } from "./audit-batch.ts";

const row = (id: string) => ({ id, action: "view" }) as Prisma.AuditEntryCreateManyInput;

describe("AuditBatcher", () => {
  it("inserts a lone row at once and the rows arriving during an insert together in the next", async () => {
    const inserts: string[][] = [];
    let release: () => void = () => {};
    const batcher = new AuditBatcher(async (rows) => {
      inserts.push(rows.map((r) => r.id!));
      if (inserts.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = batcher.record(row("a"));
    const rest = [batcher.record(row("b")), batcher.record(row("c")), batcher.record(row("d"))];
    expect(inserts).toEqual([["a"]]);
    release();
    await Promise.all([first, ...rest]);
    expect(inserts).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("answers a row only once its insert is done, and fails every row of a failed insert", async () => {
    let fail = true;
    const batcher = new AuditBatcher(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error("database down");
    });
    const results = await Promise.allSettled([batcher.record(row("a")), batcher.record(row("b"))]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    await expect(batcher.record(row("c"))).resolves.toBeUndefined();
  });
});
