// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with
// what schema.prisma has that the migrations do not, or says that they agree.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pendingMigrationSql } from "./migration-diff.ts";
import { LOCK_FILE_CONTENT, migrationsDir } from "./migrations-folder.ts";

const rawName = process.argv.slice(2).join("_");
const name = rawName
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_+|_+$/g, "");
if (!name) {
  console.error("Usage: npm run db:migration -- <name>   (e.g. add_resident_phone)");
  process.exit(2);
}

const sql = await pendingMigrationSql();
if (sql === null) {
  console.log("The schema and migrations agree; no migration written.");
} else {
  const dir = migrationsDir();
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = join(dir, `${stamp}_${name}`);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, "migration.sql"), sql);
  if (!existsSync(join(dir, "migration_lock.toml")))
    await writeFile(join(dir, "migration_lock.toml"), LOCK_FILE_CONTENT);
  console.log(`Wrote ${folder}/migration.sql. Review it, then commit it with schema.prisma.`);
}
