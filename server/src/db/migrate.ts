// Applies prisma/migrations at server start through the wasm schema engine (no native engine needed).
// Idempotent, and recorded in `_prisma_migrations`, so `prisma migrate deploy` elsewhere agrees.
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { readMigrationsList } from "./migrations-folder.ts";
import { createSchemaEngine, NO_EXTERNAL_TABLES } from "./schema-engine.ts";

export type MigrationTarget = { kind: "postgres"; connectionString: string } | { kind: "pglite"; pglite: PGlite };

/**
 * Session-level advisory lock held while applying, so several server instances starting together on
 * one PostgreSQL apply each migration once. Distinct from the key Prisma's engine may take itself.
 */
const MIGRATION_LOCK_KEY = 4_127_730_001;

export async function applyMigrations(target: MigrationTarget): Promise<{ applied: string[] }> {
  const migrationsList = await readMigrationsList();
  if (target.kind === "pglite") {
    const { PGliteAdapterFactory } = await import("./pglite-adapter.ts");
    return { applied: await runEngine(new PGliteAdapterFactory(target.pglite), migrationsList) };
  }
  const lock = new pg.Client({ connectionString: target.connectionString, connectionTimeoutMillis: 5_000 });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const pool = new pg.Pool({ connectionString: target.connectionString, connectionTimeoutMillis: 5_000, max: 2 });
    // A connection still closing after `pool.end()` may report an error (the database dropped right
    // after); without a listener the pool would raise it as an uncaught error.
    pool.on("error", () => {});
    try {
      return { applied: await runEngine(new PrismaPg(pool), migrationsList) };
    } finally {
      await pool.end();
    }
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end().catch(() => {});
  }
}

async function runEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  migrationsList: Awaited<ReturnType<typeof readMigrationsList>>,
): Promise<string[]> {
  const engine = await createSchemaEngine(factory);
  try {
    const output = await engine.applyMigrations({ migrationsList, filters: NO_EXTERNAL_TABLES });
    return output.appliedMigrationNames;
  } finally {
    engine.free();
  }
}
