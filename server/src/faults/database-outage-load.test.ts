/**
 * Issue 6: PostgreSQL goes away *during load*. Twelve concurrent clients keep listing, reading, updating
 * and creating records through an in-process TCP proxy (see tcp-proxy.ts) while the proxy cuts the
 * database for 3 s. Every request must be answered within a bound with a success, a 409 or a 503 (never
 * a 500, never a hang); all clients must be served again within 5 s of the database's return; and
 * nothing may be half-written: each created record has exactly one create audit row, and each record's
 * version matches its number of update audit rows (the record and its audit row commit together).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieOf, TEST_ADMIN } from "../test/build-test-app.ts";
import { injectWithin, startProxiedApp, type ProxiedApp } from "./proxied-app.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const WORKERS = 12;
const DEADLINE_MS = 8_000;
const DOWN_MS = 3_000;
const ALLOWED = new Set([200, 201, 204, 409, 503]);

interface Sample {
  worker: number;
  kind: string;
  status: number;
  ms: number;
  /** ms since the load started, when the answer came. */
  at: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)(
  "database outage during load (needs TEST_DATABASE_URL: an embedded database cannot go down)",
  () => {
    let setup: ProxiedApp;
    let cookie: string;

    /** One request with a hard deadline: a hang fails the test instead of blocking it. */
    const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
      injectWithin(setup.app, { method, url: `/api/v1${url}`, cookie, payload }, DEADLINE_MS);

    beforeAll(async () => {
      setup = await startProxiedApp();
      const login = await call("POST", "/auth/login", { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
      cookie = sessionCookieOf(login.setCookie);
    }, 180_000);

    afterAll(async () => {
      await setup?.close();
    });

    it("answers only 2xx/409/503 within the bound, recovers within 5 s, and writes nothing by halves", async () => {
      const samples: Sample[] = [];
      const clock = Date.now();
      const now = () => Date.now() - clock;
      let stop = false;
      let upAt = Number.POSITIVE_INFINITY;
      const createdOk = new Set<string>();

      async function worker(index: number): Promise<void> {
        const own = `load-${index}`;
        let version = 0;
        let n = 0;
        const record = (kind: string, answer: { status: number; ms: number }) =>
          samples.push({ worker: index, kind, status: answer.status, ms: answer.ms, at: now() });
        while (!stop) {
          const step = n++ % 4;
          if (version === 0) {
            const created = await call("POST", "/facilities", { id: own, data: { name: own, sortOrder: 500 + index } });
            record("create", created);
            if (created.status === 201 || created.status === 409) {
              const read = await call("GET", `/facilities/${own}`);
              record("get", read);
              if (read.status === 200) version = read.body.version as number;
            }
          } else if (step === 0) {
            record("list", await call("GET", "/facilities?limit=50"));
          } else if (step === 1) {
            const patched = await call("PATCH", `/facilities/${own}`, { version, patch: { name: `${own} #${n}` } });
            record("update", patched);
            if (patched.status === 200) version = patched.body.version as number;
            else if (patched.status === 409)
              version = (patched.body.error as { current?: { version?: number } })?.current?.version ?? 0;
          } else if (step === 2) {
            const id = `${own}-${n}`;
            const created = await call("POST", "/facilities", { id, data: { name: id, sortOrder: 600 } });
            record("create", created);
            if (created.status === 201) createdOk.add(id);
          } else {
            record("get", await call("GET", `/facilities/${own}`));
          }
          await sleep(15);
        }
      }

      const count = (filter: (s: Sample) => boolean) => samples.filter(filter).length;
      const running = Array.from({ length: WORKERS }, (_, i) => worker(i));
      // Load first: cut the database once every worker has been served at least twice.
      const servedTwice = () =>
        Array.from({ length: WORKERS }, (_, w) => count((s) => s.worker === w && s.status < 300) >= 2).every(Boolean);
      while (!servedTwice() && now() < 30_000) await sleep(50);
      await sleep(300);
      const downAt = now();
      await setup.proxy.down();
      await sleep(DOWN_MS);
      await setup.proxy.up();
      upAt = now();
      // Keep the load on until every worker has had a success after the return (or 8 s passed).
      const servedAgain = () =>
        Array.from({ length: WORKERS }, (_, w) => samples.find((s) => s.worker === w && s.at > upAt && s.status < 300));
      while (servedAgain().some((s) => !s) && now() - upAt < 8_000) await sleep(100);
      await sleep(500);
      stop = true;
      await Promise.all(running);

      const recoveredMs = Math.max(...servedAgain().map((s) => (s ? s.at - upAt : Number.POSITIVE_INFINITY)));
      const summary = {
        requests: samples.length,
        ok: count((s) => s.status < 300),
        conflicts: count((s) => s.status === 409),
        unavailable: count((s) => s.status === 503),
        other: samples.filter((s) => !ALLOWED.has(s.status)).map((s) => `${s.kind}:${s.status}`),
        slowestMs: Math.max(...samples.map((s) => s.ms)),
        downForMs: upAt - downAt,
        everyWorkerServedAgainAfterMs: recoveredMs,
      };
      console.info(`[database-outage-load] ${JSON.stringify(summary)}`);

      expect(summary.other, "statuses other than 2xx/409/503").toEqual([]);
      expect(
        count((s) => s.status === 503 && s.at >= downAt),
        "503s while the database was down",
      ).toBeGreaterThan(0);
      expect(
        count((s) => s.status < 300 && s.at < downAt),
        "successes before the outage",
      ).toBeGreaterThan(0);
      expect(summary.slowestMs).toBeLessThan(DEADLINE_MS);
      expect(recoveredMs, "every client served again after the database returned").toBeLessThan(5_000);

      // Nothing half-written: read the database directly, behind the proxy's back.
      const prisma = setup.direct.database.prisma;
      const facilities = await prisma.facility.findMany({ where: { id: { startsWith: "load-" } } });
      const audits = await prisma.auditEntry.groupBy({
        by: ["recordId", "action"],
        where: { collection: "facilities", recordId: { startsWith: "load-" } },
        _count: { _all: true },
      });
      const auditsOf = (id: string, action: string) =>
        audits.find((a) => a.recordId === id && a.action === action)?._count._all ?? 0;
      for (const id of createdOk)
        expect(
          facilities.some((f) => f.id === id),
          `${id} answered 201`,
        ).toBe(true);
      for (const facility of facilities) {
        expect(auditsOf(facility.id, "create"), `${facility.id}: create audit rows`).toBe(1);
        expect(auditsOf(facility.id, "update"), `${facility.id}: update audit rows`).toBe(facility.version - 1);
      }
      for (const audit of audits)
        expect(
          facilities.some((f) => f.id === audit.recordId),
          `audit row without its record ${audit.recordId}`,
        ).toBe(true);
    }, 120_000);
  },
);
