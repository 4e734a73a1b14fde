// Fails when schema.prisma changes without a matching migration: replaying prisma/migrations must
// produce exactly the schema. Fix by running `npm run db:migration -- <name>` and committing the result.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { pendingMigrationSql } from "./migration-diff.ts";
import { readMigrationsList, schemaPath } from "./migrations-folder.ts";

describe("prisma/migrations", () => {
  it(
    "matches schema.prisma (run `npm run db:migration -- <name>` after changing the schema)",
    { timeout: 120_000 },
    async () => {
      const pending = await pendingMigrationSql();
      expect(pending, `schema.prisma has changes with no migration:\n${pending}`).toBeNull();
    },
  );

  it("detects a schema change that has no migration", { timeout: 120_000 }, async () => {
    const content = await readFile(schemaPath(), "utf8");
    const changed = content.replace("model Setting {", "model Setting {\n  note String?");
    const pending = await pendingMigrationSql({ schema: { path: schemaPath(), content: changed } });
    expect(pending).toMatch(/ALTER TABLE "settings" ADD COLUMN\s+"note" TEXT/);
  });

  it("is in Prisma's folder format for PostgreSQL", async () => {
    const list = await readMigrationsList();
    expect(list.lockfile.content).toMatch(/provider = "postgresql"/);
    expect(list.migrationDirectories.length).toBeGreaterThan(0);
    for (const dir of list.migrationDirectories) {
      expect(dir.path).toMatch(/^\d{14}_[a-z0-9_]+$/);
      expect(dir.migrationFile.content.tag).toBe("ok");
    }
  });
});
