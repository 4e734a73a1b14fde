import { describe, expect, it } from "vitest";
import type { Prisma } from "../generated/prisma/client.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { AuditBatcher, insertAuditRows } from "./audit-batch.ts";
import { auditRow } from "./audit-log.ts";

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

  it("stores every column of the rows it is given, in one statement (on the test database)", async () => {
    const { database, cleanup } = await createTestDatabase();
    try {
      const rows = [
        auditRow({ action: "view", actor: { id: "u1", email: "a@example.test" }, ip: "10.0.0.1", collection: "residents", facilityId: "tull", summary: "list" }),
        auditRow({ action: "view", actor: null, ip: null, collection: "vitals", recordId: "v1" }),
      ] as Prisma.AuditEntryCreateManyInput[]; // prettier-ignore
      await insertAuditRows(database.prisma, rows);
      const stored = await database.prisma.auditEntry.findMany({ where: { id: { in: rows.map((r) => r.id!) } } });
      const byId = new Map(stored.map((row) => [row.id, row]));
      for (const row of rows) {
        const saved = byId.get(row.id!)!;
        for (const [key, value] of Object.entries(row))
          expect(saved[key as keyof typeof saved], key).toEqual(value instanceof Date ? value : (value ?? null));
      }
    } finally {
      await cleanup();
    }
  }, 180_000); // a fresh migrated database takes long on a loaded machine
});
