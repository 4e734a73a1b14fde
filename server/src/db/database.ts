// Opens the server's database: PostgreSQL when a URL is given, else embedded PGlite kept under
// `<dataDir>/pglite` (or in memory for `dataDir: ":memory:"`). Applies the migrations, then seeds the
// six facilities and the California RCFE default document types on first start.
import { mkdir } from "node:fs/promises";
import { makePrivate } from "./private-dir.ts";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { AppError } from "@care/core/app-error";
import { ZDocumentType } from "@care/core/collections/documents.collection";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "@care/core/collections/ca-training-requirements";
import { ZTrainingRequirement } from "@care/core/collections/training.collection";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.ts";
import { UNAVAILABLE_MESSAGE, toAppError } from "./db-errors.ts";
import { applyMigrations, applyMigrationsApart } from "./migrate.ts";

/**
 * Options for every interactive transaction (`prisma.$transaction(async (tx) => …, TRANSACTION_OPTIONS)`):
 * one may queue behind others (PGlite has a single connection), so it waits instead of failing.
 */
export const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

export interface Database {
  readonly kind: "postgres" | "pglite";
  readonly prisma: PrismaClient;
  /** Throws when the database does not answer within ~2 s. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The node-postgres pool under a PostgreSQL database's Prisma client, for the few reads that bypass
 * Prisma for speed (list pages: collections/list-sql.ts); none on embedded PGlite.
 */
const SQL_POOLS = new WeakMap<PrismaClient, pg.Pool>();

export function sqlPoolOf(prisma: PrismaClient): pg.Pool | undefined {
  return SQL_POOLS.get(prisma);
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; embedded PGlite when absent. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/pglite`); `":memory:"` keeps nothing. */
  dataDir: string;
  log?: (msg: string) => void;
}

const PING_TIMEOUT_MS = 2_000;

/** Pool settings: never wait long for a connection, never let a query hang, reconnect on demand. */
export function postgresPoolConfig(connectionString: string): pg.PoolConfig {
  return {
    connectionString,
    max: 10,
    connectionTimeoutMillis: 2_500,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    query_timeout: 20_000,
    lock_timeout: 10_000,
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    application_name: "care-portal",
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const log = options.log ?? (() => {});
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, log)
    : await openPGlite(options.dataDir, log);
  try {
    await seedFacilities(database.prisma);
    await seedDocumentTypes(database.prisma);
    await seedTrainingRequirements(database.prisma);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(connectionString: string, log: (msg: string) => void): Promise<Database> {
  const { applied } = await applyMigrationsApart({ kind: "postgres", connectionString });
  logApplied(applied, log);
  const pool = new pg.Pool(postgresPoolConfig(connectionString));
  // Idle connections die when PostgreSQL restarts or the database is dropped; the pool replaces them on
  // the next query. The listener is the pool's own, for its whole life: the adapter's `onPoolError` is
  // removed at disconnect, while a connection still closing after `pool.end()` can report an error
  // (the database dropped right after close), and a pool error with no listener is an uncaught error.
  let reportedPoolError = false;
  pool.on("error", (error) => {
    if (!reportedPoolError) log(`database connection lost (${error.message}); reconnecting on demand`);
    reportedPoolError = true;
  });
  const adapter = new PrismaPg(pool);
  const prisma = new PrismaClient({ adapter });
  SQL_POOLS.set(prisma, pool);
  return {
    kind: "postgres",
    prisma,
    ping: () =>
      withTimeout(
        prisma.$queryRaw`select 1`.then(() => {
          reportedPoolError = false;
        }),
      ),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** PGlite and its adapter are loaded only here, so a server on PostgreSQL never holds them in memory. */
async function openPGlite(dataDir: string, log: (msg: string) => void): Promise<Database> {
  const [{ openEmbeddedPGlite }, { PGliteAdapterFactory }] = await Promise.all([
    import("./embedded-pglite.ts"),
    import("./pglite-adapter.ts"),
  ]);
  let pglite;
  if (dataDir === ":memory:") {
    pglite = await openEmbeddedPGlite(undefined);
    try {
      logApplied((await applyMigrations({ kind: "pglite", pglite })).applied, log);
    } catch (error) {
      await pglite.close();
      throw error;
    }
  } else {
    const dir = join(dataDir, "pglite");
    await makePrivate(dataDir, log);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    logApplied((await applyMigrationsApart({ kind: "pglite-dir", dir })).applied, log);
    pglite = await openEmbeddedPGlite(dir);
    // The files the migrations and PGlite just wrote, under the umask, lose their group and other bits too.
    await makePrivate(dataDir, log);
  }
  const prisma = new PrismaClient({ adapter: new PGliteAdapterFactory(pglite) });
  return {
    kind: "pglite",
    prisma,
    ping: () => withTimeout(prisma.$queryRaw`select 1`.then(() => undefined)),
    close: async () => {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}

function logApplied(applied: string[], log: (msg: string) => void): void {
  log(applied.length > 0 ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");
}

/** Creates the six facilities of the seed when there are none; safe when two servers start at once. */
async function seedFacilities(prisma: PrismaClient): Promise<void> {
  if ((await prisma.facility.count()) > 0) return;
  await prisma.facility.createMany({
    data: SEED_FACILITIES.map((facility, index) => ({ id: facility.id, name: facility.name, sortOrder: index })),
    skipDuplicates: true,
  });
}

/**
 * Creates the RCFE default document types when there are none (retired ones count: an administrator's
 * choices are never undone); safe when two servers start at once (stable ids, duplicates skipped).
 */
async function seedDocumentTypes(prisma: PrismaClient): Promise<void> {
  if ((await prisma.documentType.count()) > 0) return;
  await prisma.documentType.createMany({
    data: RCFE_DEFAULT_DOCUMENT_TYPES.map(({ id, ...input }) => ({ id, ...ZDocumentType.parse(input) })),
    skipDuplicates: true,
  });
}

/**
 * Creates California's default training requirements when there are none (retired ones count, as for
 * document types); safe when two servers start at once.
 */
async function seedTrainingRequirements(prisma: PrismaClient): Promise<void> {
  if ((await prisma.trainingRequirement.count()) > 0) return;
  await prisma.trainingRequirement.createMany({
    data: CA_DEFAULT_TRAINING_REQUIREMENTS.map(({ id, ...input }) => ({ id, ...ZTrainingRequirement.parse(input) })),
    skipDuplicates: true,
  });
}

async function withTimeout(work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([work, timeout]);
  } catch (error) {
    throw toAppError(error) ?? error;
  } finally {
    clearTimeout(timer);
  }
}
