// Compares prisma/migrations with schema.prisma: the SQL still missing from the migrations, or null
// when they agree. Runs on throwaway in-memory PGlite databases (one replays the migrations as a shadow
// database), so it needs no database server and no native Prisma engine.
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import { readMigrationsList, schemaPath } from "./migrations-folder.ts";
import { PGliteAdapterFactory } from "./pglite-adapter.ts";
import { createSchemaEngine, NO_EXTERNAL_TABLES } from "./schema-engine.ts";

export async function pendingMigrationSql(
  options: { migrations?: MigrationList; schema?: { path: string; content: string } } = {},
): Promise<string | null> {
  const migrations = options.migrations ?? (await readMigrationsList());
  const schema = options.schema ?? { path: schemaPath(), content: await readFile(schemaPath(), "utf8") };
  const pglite = new PGlite();
  const engine = await createSchemaEngine(new PGliteAdapterFactory(pglite));
  try {
    const from =
      migrations.migrationDirectories.length > 0
        ? { tag: "migrations" as const, ...migrations }
        : { tag: "empty" as const };
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: true,
      filters: NO_EXTERNAL_TABLES,
    });
    return result.exitCode === 0 ? null : (result.stdout ?? "");
  } finally {
    engine.free();
    await pglite.close();
  }
}
