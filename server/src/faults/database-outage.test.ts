// Issue 2: with the database down, /readyz and every request answer 503 UNAVAILABLE quickly (never 500,
// never a hang), and the server recovers by itself when the database comes back. The outage is made
// without root: the app reaches PostgreSQL through an in-process TCP proxy that is closed and reopened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieOf, TEST_ADMIN } from "../test/build-test-app.ts";
import { injectWithin, startProxiedApp, type ProxiedApp, type TDeadlineAnswer as Answer } from "./proxied-app.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  "database outage through a TCP proxy (needs TEST_DATABASE_URL: an embedded database cannot go down)",
  () => {
    let setup: ProxiedApp;
    let cookie: string;

    /** One request with a hard deadline, so a hanging server fails the test with a clear message. */
    const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object, deadlineMs = 8_000) =>
      injectWithin(setup.app, { method, url, cookie, payload }, deadlineMs);

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
      setup = await startProxiedApp();
    });

    afterAll(async () => {
      await setup?.close();
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
      await setup.proxy.down();
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
      await setup.proxy.up();
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
      const prisma = setup.direct.database.prisma;
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
