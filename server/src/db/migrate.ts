// Applies prisma/migrations at server start through the wasm schema engine (no native engine needed).
// Idempotent, and recorded in `_prisma_migrations`, so `prisma migrate deploy` elsewhere agrees.
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
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

/** Where `applyMigrationsApart` applies the migrations: PostgreSQL, or PGlite's data directory (not open). */
export type MigrationPlace = { kind: "postgres"; connectionString: string } | { kind: "pglite-dir"; dir: string };

/**
 * Applies the migrations in a worker thread that ends afterwards (in the built server), so the schema
 * engine's WebAssembly memory, and on a first start the memory PGlite used to create the database, leave
 * with the thread instead of staying in the server for its whole life. From the sources (tests, `npm run
 * dev`), where there is no bundled worker, the same work runs in this thread.
 */
export async function applyMigrationsApart(place: MigrationPlace): Promise<{ applied: string[] }> {
  const worker = bundledWorker();
  if (!worker) return applyMigrationsHere(place);
  return new Promise((resolve, reject) => {
    const thread = new Worker(worker, { workerData: place });
    thread.once("message", (answer: { applied: string[] } | { error: string }) => {
      // The answer is all the thread was for: stop it now rather than when its last handle closes (the
      // connections it used linger for seconds, and with them the thread's memory).
      thread.removeAllListeners("exit");
      void thread.terminate();
      if ("error" in answer) reject(new Error(answer.error));
      else resolve(answer);
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`the migration worker stopped (exit code ${code})`)));
  });
}

/** `server/dist/migrate-worker.js`, seen from `dist/main.js` or from a shared chunk in `dist/chunks/`. */
function bundledWorker(): URL | undefined {
  if (!import.meta.url.endsWith(".js")) return undefined;
  return ["./migrate-worker.js", "../migrate-worker.js"]
    .map((path) => new URL(path, import.meta.url))
    .find((url) => existsSync(url));
}

/** `applyMigrationsApart`'s work, in this thread. */
export async function applyMigrationsHere(place: MigrationPlace): Promise<{ applied: string[] }> {
  if (place.kind === "postgres") return applyMigrations(place);
  const { openEmbeddedPGlite } = await import("./embedded-pglite.ts");
  const pglite = await openEmbeddedPGlite(place.dir);
  try {
    return await applyMigrations({ kind: "pglite", pglite });
  } finally {
    await pglite.close();
  }
}

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
