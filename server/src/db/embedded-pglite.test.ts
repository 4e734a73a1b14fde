import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMBEDDED_SETTINGS, openEmbeddedPGlite } from "./embedded-pglite.ts";

const dir = mkdtempSync(join(tmpdir(), "care-embedded-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database", () => {
  it("runs PostgreSQL with the small memory settings", async () => {
    const pglite = await openEmbeddedPGlite(undefined);
    try {
      for (const setting of EMBEDDED_SETTINGS) {
        const [name, value] = setting.split("=") as [string, string];
        const { rows } = await pglite.query<Record<string, string>>(`show ${name}`);
        expect(rows[0]![name]).toBe(value);
      }
    } finally {
      await pglite.close();
    }
  });

  it("keeps its tables in template1, where PGlite 0.3 kept them, across a reopen", async () => {
    const first = await openEmbeddedPGlite(dir);
    await first.exec("create table kept (id int primary key); insert into kept values (7)");
    expect((await first.query<{ db: string }>("select current_database() as db")).rows[0]!.db).toBe("template1");
    await first.close();
    const again = await openEmbeddedPGlite(dir);
    try {
      expect((await again.query<{ id: number }>("select id from kept")).rows).toEqual([{ id: 7 }]);
    } finally {
      await again.close();
    }
  });
});
