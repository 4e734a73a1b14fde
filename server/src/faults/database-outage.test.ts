// Issue 2: with the database down, /readyz and every request answer 503 UNAVAILABLE quickly (never 500,
// never a hang), and the server recovers by itself when the database comes back. The outage is made
// without root: the app reaches PostgreSQL through an in-process TCP proxy that is closed and reopened.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { createUser } from "../auth/users.ts";
import { openDatabase, type Database } from "../db/database.ts";
import { sessionCookieOf, TEST_ADMIN, testConfig } from "../test/build-test-app.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const CSRF = { "x-requested-with": "care-portal" };

interface Answer {
  status: number;
  body: { error?: { code?: string } } & Record<string, unknown>;
  ms: number;
  setCookie: string | string[] | undefined;
}

describe.skipIf(!serverUrl)(
  "database outage through a TCP proxy (needs TEST_DATABASE_URL: an embedded database cannot go down)",
  () => {
    let testDatabase: TestDatabase;
    let proxy: TcpProxy;
    let database: Database;
    let app: FastifyInstance;
    let cookie: string;

    /** One request with a hard deadline, so a hanging server fails the test with a clear message. */
    async function call(
      method: "GET" | "POST" | "PATCH",
      url: string,
      payload?: object,
      deadlineMs = 8_000,
    ): Promise<Answer> {
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const response = await Promise.race([
        app.inject({
          method,
          url,
          headers: { ...(cookie ? { cookie } : {}), ...(method === "GET" ? {} : CSRF) },
          ...(payload ? { payload } : {}),
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${method} ${url} hung for ${deadlineMs} ms`)), deadlineMs);
        }),
      ]).finally(() => clearTimeout(timer));
      const ms = Date.now() - started;
      const body = response.body === "" ? {} : (JSON.parse(response.body) as Answer["body"]);
      return { status: response.statusCode, body, ms, setCookie: response.headers["set-cookie"] };
    }

    const signIn = () => call("POST", "/api/v1/auth/login", { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const list = () => call("GET", "/api/v1/facilities?limit=50");
    const rename = (version: number, name: string) =>
      call("PATCH", "/api/v1/facilities/outage-home", { version, patch: { name } });

    function expectUnavailable(answer: Answer, label: string, withinMs: number): void {
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(503);
      expect(answer.body.error?.code, label).toBe("UNAVAILABLE");
      expect(answer.ms, `${label} took ${answer.ms} ms`).toBeLessThan(withinMs);
    }

    beforeAll(async () => {
      testDatabase = await createTestDatabase();
      const direct = new URL(testDatabase.databaseUrl!);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(direct);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      database = await openDatabase({ databaseUrl: proxied.toString(), dataDir: ":memory:" });
      await createUser(
        testDatabase.database.prisma,
        { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: "admin", facilityIds: null },
        null,
      );
      app = await buildApp({ config: testConfig(), database, logger: false });
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await proxy?.close();
      await testDatabase?.cleanup();
    });

    it("works normally while the database is up", async () => {
      const login = await signIn();
      expect(login.status).toBe(200);
      cookie = sessionCookieOf(login.setCookie);
      expect((await call("GET", "/readyz")).status).toBe(200);
      const created = await call("POST", "/api/v1/facilities", {
        id: "outage-home",
        data: { name: "Before the outage", sortOrder: 900 },
      });
      expect(created.status).toBe(201);
      expect((await list()).status).toBe(200);
    });

    it("answers 503 UNAVAILABLE quickly while the database is down (never 500, never a hang)", async () => {
      await proxy.down();
      const timings: Record<string, number> = {};

      const ready = await call("GET", "/readyz");
      expectUnavailable(ready, "/readyz", 3_000);
      timings.readyz = ready.ms;
      // Twice each: the first may meet a pooled connection that was just cut, the second a refused one.
      for (const round of [1, 2]) {
        const listed = await list();
        expectUnavailable(listed, `GET /facilities (round ${round})`, 5_000);
        const patched = await rename(1, "Written during the outage");
        expectUnavailable(patched, `PATCH /facilities/:id (round ${round})`, 5_000);
        const login = await signIn();
        expectUnavailable(login, `sign-in (round ${round})`, 5_000);
        Object.assign(timings, {
          [`list${round}`]: listed.ms,
          [`patch${round}`]: patched.ms,
          [`signIn${round}`]: login.ms,
        });
      }
      expect((await call("GET", "/healthz")).status).toBe(200);
      console.info(`[database-outage] down, ms: ${JSON.stringify(timings)}`);
    });

    it("recovers by itself when the database returns, with nothing half-written", async () => {
      await proxy.up();
      const started = Date.now();
      let ready = await call("GET", "/readyz");
      while (ready.status !== 200 && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await call("GET", "/readyz");
      }
      const recoveredMs = Date.now() - started;
      console.info(`[database-outage] /readyz back to 200 after ${recoveredMs} ms`);
      expect(ready.status).toBe(200);
      expect(recoveredMs).toBeLessThan(5_000);

      expect((await list()).status).toBe(200);
      expect((await signIn()).status).toBe(200);
      // The PATCH refused during the outage left no trace: version 1 is still the current one.
      const patched = await rename(1, "After the outage");
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ version: 2, name: "After the outage" });

      const created = await call("POST", "/api/v1/facilities", {
        id: "after-outage",
        data: { name: "Opened after the outage", sortOrder: 901 },
      });
      expect(created.status).toBe(201);

      // Read behind the proxy's back: each write is stored exactly once, with one audit row each.
      const prisma = testDatabase.database.prisma;
      expect(await prisma.facility.findMany({ where: { id: { in: ["outage-home", "after-outage"] } } })).toEqual([
        expect.objectContaining({ id: "outage-home", version: 2, name: "After the outage" }),
        expect.objectContaining({ id: "after-outage", version: 1 }),
      ]);
      const audits = await prisma.auditEntry.findMany({
        where: {
          collection: "facilities",
          recordId: { in: ["outage-home", "after-outage"] },
          action: { in: ["create", "update", "remove"] },
        },
        orderBy: { at: "asc" },
      });
      expect(audits.map((a) => `${a.recordId}:${a.action}`).sort()).toEqual([
        "after-outage:create",
        "outage-home:create",
        "outage-home:update",
      ]);
    });
  },
);
