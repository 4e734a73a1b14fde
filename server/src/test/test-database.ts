// A fresh, migrated and seeded database per call, for tests. PostgreSQL at TEST_DATABASE_URL when set
// (a new uniquely named database on that server, dropped in cleanup); else a postgres:15 container via
// testcontainers when a Docker engine is reachable; else in-memory PGlite. So tests pass on any machine.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../db/database.ts";

export interface TestDatabase {
  database: Database;
  /** Set when the database is a real PostgreSQL one. */
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

type Backend = { kind: "postgres"; serverUrl: string; label: string } | { kind: "pglite"; label: string };

let backend: Promise<Backend> | undefined;

async function chooseBackend(): Promise<Backend> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return { kind: "postgres", serverUrl: url, label: `PostgreSQL at TEST_DATABASE_URL (${new URL(url).host})` };
  const container = await startContainer();
  if (container)
    return { kind: "postgres", serverUrl: container, label: "PostgreSQL 15 in a testcontainers container" };
  return { kind: "pglite", label: "in-memory PGlite (no TEST_DATABASE_URL and no Docker engine)" };
}

/** Starts postgres:15 when a Docker engine answers; null when none is reachable. */
async function startContainer(): Promise<string | null> {
  const { getContainerRuntimeClient } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
  } catch {
    return null;
  }
  const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
  const container = await new PostgreSqlContainer("postgres:15").start();
  return container.getConnectionUri();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!backend) {
    backend = chooseBackend();
    console.info(`[test-database] using ${(await backend).label}`);
  }
  const chosen = await backend;
  if (chosen.kind === "pglite") {
    const database = await openDatabase({ dataDir: ":memory:" });
    return { database, cleanup: () => database.close() };
  }

  const name = `care_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(chosen.serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(chosen.serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  } catch (error) {
    await dropDatabase(chosen.serverUrl, name);
    throw error;
  }
  return {
    database,
    databaseUrl,
    cleanup: async () => {
      await database.close();
      await dropDatabase(chosen.serverUrl, name);
    },
  };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
