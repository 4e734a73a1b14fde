/**
 * Issue 6: the backup and restore of docs/operations.md, done for real. Data is created through the API
 * (a facility, a resident edited once, an uploaded file, their audit rows, a session), the database is
 * dumped with `pg_dump -Fc`, dropped and recreated empty, restored with `pg_restore`, and a new server on
 * it answers the same data, the same file bytes, and the old session cookie. PostgreSQL only.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { buildApp } from "../app.ts";
import { createUser } from "../auth/users.ts";
import { sessionCookieOf, TEST_ADMIN, testConfig } from "../test/build-test-app.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { openDatabase, type Database } from "./database.ts";

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const CSRF = { "x-requested-with": "care-portal" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

async function pgToolMissing(): Promise<string | undefined> {
  try {
    await run("pg_dump", ["--version"]);
    await run("pg_restore", ["--version"]);
    return undefined;
  } catch {
    return "pg_dump/pg_restore not installed";
  }
}
const toolMissing = serverUrl ? await pgToolMissing() : undefined;

/** A statement on the server's maintenance connection (TEST_DATABASE_URL), e.g. drop or create database. */
async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!serverUrl || Boolean(toolMissing))(
  `backup with pg_dump, wipe, restore with pg_restore (needs TEST_DATABASE_URL and the PostgreSQL client tools${toolMissing ? `: ${toolMissing}` : ""})`,
  () => {
    let testDatabase: TestDatabase | undefined;
    let database: Database | undefined;
    let app: FastifyInstance | undefined;
    const dir = mkdtempSync(join(tmpdir(), "care-backup-"));

    let databaseName: string | undefined;

    afterAll(async () => {
      await app?.close();
      if (database !== testDatabase?.database) await database?.close();
      // cleanup() closes the first connection (already closed after the dump), so drop the database here.
      await testDatabase?.database.close().catch(() => undefined);
      if (databaseName) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
      rmSync(dir, { recursive: true, force: true });
    });

    async function call(cookie: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
      const response = await app!.inject({
        method,
        url: `/api/v1${url}`,
        headers: { cookie, ...(method === "GET" ? {} : CSRF) },
        ...(payload ? { payload } : {}),
      });
      return {
        status: response.statusCode,
        body: response.body,
        json: () => JSON.parse(response.body) as Record<string, unknown>,
      };
    }

    /** Everything the test compares before and after: records, a file's bytes, audit rows, the session. */
    async function snapshot(cookie: string, ids: { residentId: string; fileId: string }) {
      const resident = await call(cookie, "GET", `/residents/${ids.residentId}`);
      const facility = await call(cookie, "GET", "/facilities/backup-home");
      const residents = await call(cookie, "GET", `/residents?limit=500`);
      const file = await app!.inject({
        method: "GET",
        url: `/api/v1/files/${ids.fileId}/content`,
        headers: { cookie },
      });
      const audit = await call(
        cookie,
        "GET",
        `/auditLog?where=${encodeURIComponent(JSON.stringify({ recordId: ids.residentId }))}&limit=500`,
      );
      const me = await call(cookie, "GET", "/auth/me");
      expect([resident.status, facility.status, residents.status, file.statusCode, audit.status, me.status]).toEqual([
        200, 200, 200, 200, 200, 200,
      ]);
      return {
        resident: resident.json(),
        facility: facility.json(),
        residents: residents.json(),
        file: file.rawPayload.toString("base64"),
        // The restored server adds its own view rows; compare the changes only.
        audit: (audit.json().items as { action: string; at: string }[]).filter((a) => a.action !== "view"),
        me: me.json(),
      };
    }

    it("answers the same data, file and session after a restore", async () => {
      testDatabase = await createTestDatabase();
      const url = testDatabase.databaseUrl!;
      databaseName = new URL(url).pathname.slice(1);
      database = testDatabase.database;
      await createUser(
        database.prisma,
        { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: "administrator", facilityIds: null },
        null,
      );
      app = await buildApp({ config: testConfig(), database, logger: false });
      const login = await app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: CSRF,
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      const cookie = sessionCookieOf(login.headers["set-cookie"]);
      expect(
        (await call(cookie, "POST", "/facilities", { id: "backup-home", data: { name: "Backup Home", sortOrder: 70 } }))
          .status,
      ).toBe(201);
      const created = await call(cookie, "POST", "/residents", {
        data: {
          facilityId: SEED_FACILITIES[0]!.id,
          firstName: "Ada",
          lastName: "Lovelace",
          dateOfBirth: "1935-12-10",
          gender: "female",
          admissionDate: "2024-02-01",
          ambulatoryStatus: "ambulatory",
          codeStatus: "dnr",
          notes: "Ünïcødé notes — kept exactly",
        },
      });
      expect(created.status, created.body).toBe(201);
      const residentId = created.json().id as string;
      expect(
        (await call(cookie, "PATCH", `/residents/${residentId}`, { version: 1, patch: { room: "12B" } })).status,
      ).toBe(200);
      const boundary = "----care-backup";
      const upload = await app.inject({
        method: "POST",
        url: "/api/v1/files",
        headers: { ...CSRF, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="facilityId"\r\n\r\n${SEED_FACILITIES[0]!.id}\r\n`,
          ),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="care-plan.pdf"\r\n`),
          Buffer.from("Content-Type: application/pdf\r\n\r\n"),
          PDF,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const ids = { residentId, fileId: (JSON.parse(upload.body) as { id: string }).id };
      const before = await snapshot(cookie, ids);
      expect(before.file).toBe(PDF.toString("base64"));

      // Back up (the server may keep running during pg_dump; it is stopped here only to drop the database).
      const dump = join(dir, "care.dump");
      await run("pg_dump", ["-Fc", "--no-owner", "-f", dump, `--dbname=${url}`]);
      expect(statSync(dump).size).toBeGreaterThan(0);
      await app.close();
      await database.close();
      app = undefined;

      // Wipe: drop the database and create it again, empty.
      await adminQuery(`drop database "${databaseName}" with (force)`);
      await adminQuery(`create database "${databaseName}"`);
      const empty = new pg.Client({ connectionString: url });
      await empty.connect();
      const tables = await empty.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      await empty.end();
      expect(tables.rows[0].n).toBe(0);

      // Restore, then start a server on it: migrations find the schema up to date.
      await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${url}`, dump]);
      const logs: string[] = [];
      database = await openDatabase({ databaseUrl: url, dataDir: ":memory:", log: (msg) => logs.push(msg) });
      expect(logs).toContain("database schema is up to date");
      app = await buildApp({ config: testConfig(), database, logger: false });
      const after = await snapshot(cookie, ids);
      expect(after).toEqual(before);
    }, 180_000);
  },
);
