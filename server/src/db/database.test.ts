// The database layer on whatever createTestDatabase picks (PostgreSQL with TEST_DATABASE_URL, else
// PGlite), plus PGlite-specific persistence. Long timeouts: PGlite and the wasm engine start slowly.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { openDatabase } from "./database.ts";
import { toAppError } from "./db-errors.ts";
import { applyMigrations } from "./migrate.ts";
import { readMigrationsList } from "./migrations-folder.ts";

const SLOW = { timeout: 120_000 };
const SEED_IDS = ["van-buren", "tull", "duvali", "ashwood", "edgemont", "newman"];

describe("openDatabase", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("applies every migration and records it in _prisma_migrations", async () => {
    const { migrationDirectories } = await readMigrationsList();
    const rows = await test.database.prisma.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
      select migration_name, finished_at from _prisma_migrations order by migration_name`;
    expect(rows.map((row) => row.migration_name)).toEqual(migrationDirectories.map((dir) => dir.path));
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
  });

  it("is idempotent: applying again applies nothing", SLOW, async () => {
    const target = test.databaseUrl ? ({ kind: "postgres", connectionString: test.databaseUrl } as const) : undefined;
    if (target) expect(await applyMigrations(target)).toEqual({ applied: [] });
    else {
      const pglite = new PGlite();
      try {
        expect((await applyMigrations({ kind: "pglite", pglite })).applied.length).toBeGreaterThan(0);
        expect(await applyMigrations({ kind: "pglite", pglite })).toEqual({ applied: [] });
      } finally {
        await pglite.close();
      }
    }
  });

  it("seeds the six facilities in order", async () => {
    const facilities = await test.database.prisma.facility.findMany({ orderBy: { sortOrder: "asc" } });
    expect(facilities.map((f) => [f.id, f.sortOrder])).toEqual(SEED_IDS.map((id, index) => [id, index]));
    expect(facilities[0]?.name).toBe("Van Buren");
  });

  it("seeds the California RCFE default document types, defaults applied", async () => {
    const types = await test.database.prisma.documentType.findMany();
    expect(types.map((t) => t.id).sort()).toEqual(RCFE_DEFAULT_DOCUMENT_TYPES.map((t) => t.id).sort());
    expect(types.find((t) => t.id === "rcfe-resident-lic-603a")).toMatchObject({
      subject: "resident",
      formCode: "LIC 603A",
      validityMonths: 12,
      reappraisal: true,
      needsReview: true,
      required: true,
      facilityIds: [],
      version: 1,
      createdBy: null,
      archivedAt: null,
    });
    expect(types.find((t) => t.id === "rcfe-resident-tb-screening")?.validityMonths).toBeNull();
  });

  it("answers ping", async () => {
    await expect(test.database.ping()).resolves.toBeUndefined();
  });

  it("handles 20 concurrent queries next to a transaction", async () => {
    const prisma = test.database.prisma;
    const queries = Array.from({ length: 20 }, (_, i) =>
      i === 10
        ? prisma.$transaction(async (tx) => {
            await tx.setting.create({ data: { key: "concurrency", value: { n: 1 } } });
            await tx.setting.update({
              where: { key: "concurrency" },
              data: { value: { n: 2 }, version: { increment: 1 } },
            });
            return tx.setting.count();
          })
        : prisma.facility.count(),
    );
    const results = await Promise.all(queries);
    expect(results.filter((r, i) => i !== 10 && r === 6)).toHaveLength(19);
    const setting = await prisma.setting.findUniqueOrThrow({ where: { key: "concurrency" } });
    expect(setting).toMatchObject({ value: { n: 2 }, version: 2 });
  });

  it("rolls back a failed transaction", async () => {
    const prisma = test.database.prisma;
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.setting.create({ data: { key: "rolled-back", value: true } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await prisma.setting.findUnique({ where: { key: "rolled-back" } })).toBeNull();
  });

  it("turns a duplicate id into CONFLICT and a missing record into NOT_FOUND", async () => {
    const prisma = test.database.prisma;
    const duplicate = await prisma.facility.create({ data: { id: "tull", name: "Again" } }).catch((e: unknown) => e);
    expect(toAppError(duplicate)?.code).toBe("CONFLICT");
    const user = { role: "house-manager", passwordHash: "x" };
    await prisma.user.create({ data: { ...user, id: "u1", email: "a@example.org" } });
    const sameEmail = await prisma.user
      .create({ data: { ...user, id: "u2", email: "a@example.org" } })
      .catch((e: unknown) => e);
    const conflict = toAppError(sameEmail);
    expect(conflict?.code).toBe("CONFLICT");
    expect(conflict?.fields).toEqual({ email: "Already in use." });
    expect(conflict?.message).not.toMatch(/users|insert|constraint/i);
    const missing = await prisma.facility
      .update({ where: { id: "nowhere" }, data: { name: "x" } })
      .catch((e: unknown) => e);
    expect(toAppError(missing)?.code).toBe("NOT_FOUND");
  });
});

describe("embedded PGlite under a data directory", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "care-db-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps data across close and reopen, and seeds only once", SLOW, async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe("pglite");
    await first.prisma.facility.update({ where: { id: "tull" }, data: { name: "Tull House" } });
    await first.prisma.facility.delete({ where: { id: "newman" } });
    await first.prisma.documentType.update({ where: { id: "rcfe-resident-lic-601" }, data: { name: "Face sheet" } });
    await first.prisma.documentType.update({
      where: { id: "rcfe-staff-training" },
      data: { archivedAt: new Date() },
    });
    await first.close();

    const logs: string[] = [];
    const second = await openDatabase({ dataDir, log: (msg) => logs.push(msg) });
    try {
      expect(logs).toContain("database schema is up to date");
      const facilities = await second.prisma.facility.findMany({ orderBy: { sortOrder: "asc" } });
      expect(facilities.map((f) => f.id)).toEqual(SEED_IDS.filter((id) => id !== "newman"));
      expect(facilities.find((f) => f.id === "tull")?.name).toBe("Tull House");
      const types = await second.prisma.documentType.findMany({ orderBy: { id: "asc" } });
      expect(types.map((t) => t.id)).toEqual(RCFE_DEFAULT_DOCUMENT_TYPES.map((t) => t.id).sort());
      expect(types.find((t) => t.id === "rcfe-resident-lic-601")?.name).toBe("Face sheet");
      expect(types.find((t) => t.id === "rcfe-staff-training")?.archivedAt).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL (needs TEST_DATABASE_URL)", () => {
  /** Runs `work` with an empty database of its own on the test server, dropped afterwards. */
  async function withEmptyDatabase(
    label: string,
    work: (databaseUrl: string, admin: pg.Client) => Promise<void>,
  ): Promise<void> {
    const { default: postgres } = await import("pg");
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `care_${label}_${process.pid}`;
    const admin = new postgres.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await work(url.toString(), admin);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }

  it("survives a connection cut after the client disconnected, while the pool is still open", SLOW, async () => {
    await withEmptyDatabase("cut", async (databaseUrl, admin) => {
      const logs: string[] = [];
      const database = await openDatabase({ databaseUrl, dataDir: ":memory:", log: (m) => logs.push(m) });
      await database.prisma.facility.count();
      // Prisma's adapter stops listening at disconnect; the pool keeps its idle connection until close.
      await database.prisma.$disconnect();
      const { rows } = await admin.query(
        "select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [new URL(databaseUrl).pathname.slice(1)],
      );
      expect(rows.length).toBeGreaterThan(0);
      await expect.poll(() => logs.some((m) => m.startsWith("database connection lost"))).toBe(true);
      await database.close();
    });
  });

  it("applies migrations once when two servers start at the same time", SLOW, async () => {
    await withEmptyDatabase("race", async (databaseUrl) => {
      const target = { kind: "postgres", connectionString: databaseUrl } as const;
      const results = await Promise.all([applyMigrations(target), applyMigrations(target)]);
      const { migrationDirectories } = await readMigrationsList();
      expect(results.map((r) => r.applied.length).sort()).toEqual([0, migrationDirectories.length]);
    });
  });
});
