// For the tests of one data migration: the migrations before it replayed on an empty database, then
// the migration itself applied to rows written in the old shape.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { migrationsDir } from "./migrations-folder.ts";

/** The SQL of the migration in `folder`. */
export function migrationSql(folder: string): Promise<string> {
  return readFile(join(migrationsDir(), folder, "migration.sql"), "utf8");
}

/** Applies every migration older than `migration`, in order, to `db`. */
export async function replayMigrationsBefore(db: PGlite, migration: string): Promise<void> {
  const folders = (await readdir(migrationsDir())).filter((f) => /^\d{14}_/.test(f)).sort();
  if (!folders.includes(migration)) throw new Error(`No migration ${migration}`);
  for (const folder of folders.slice(0, folders.indexOf(migration))) await db.exec(await migrationSql(folder));
}
