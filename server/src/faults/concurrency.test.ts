/**
 * Issue 6, faults: concurrent writers. Two clients generating the same month's rent at once (each
 * creating the charge with its fixed id, as the Rent Tracker does) leave exactly one charge per
 * resident and accounts, derived by the server, that match the charges; two server instances on one PostgreSQL database share
 * sessions and refuse stale versions across each other. (20 concurrent same-version updates through
 * one server: collections.routes.test.ts.)
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { todayIn } from "@care/core/rules/date-only.rules";
import { accountFrom, chargeId, chargesToGenerate } from "@care/core/rules/rent.rules";
import { buildApp } from "../app.ts";
import { createUser } from "../auth/users.ts";
import { openDatabase, type Database } from "../db/database.ts";
import { buildTestApp, sessionCookieOf, TEST_ADMIN, testConfig, type TestApp } from "../test/build-test-app.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";

const CSRF = { "x-requested-with": "care-portal" };
const FACILITY = SEED_FACILITIES[0]!.id;
const RATE_CENTS = 325_000;
const currentMonth = todayIn(DEFAULT_TIME_ZONE).slice(0, 7);

type TAnswer = { status: number; body: Record<string, unknown> & { items?: Record<string, unknown>[] } };

async function call(app: FastifyInstance, cookie: string, method: string, url: string, payload?: unknown) {
  const response = await app.inject({
    method: method as "GET",
    url: `/api/v1${url}`,
    headers: { cookie, ...(method === "GET" ? {} : CSRF) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body === "" ? {} : JSON.parse(response.body) } as TAnswer;
}

const where = (filter: object) => `?where=${encodeURIComponent(JSON.stringify(filter))}&limit=500`;

describe("two concurrent runs of the month's rent generation", () => {
  let t: TestApp;
  let cookie: string;
  const residentIds: string[] = [];
  const statuses: number[] = [];

  /** The resident's charges as the Rent Tracker reads them. */
  async function chargesOf(residentId: string): Promise<{ id: string }[]> {
    return (await call(t.app, cookie, "GET", `/rentCharges${where({ residentId })}`)).body.items as never;
  }

  /** One client's run over the residents (in the given order): commit, reload and retry on 409. */
  async function generate(order: string[], month: string): Promise<{ created: number; already: number }> {
    let created = 0;
    let already = 0;
    for (const residentId of order) {
      for (let attempt = 0; ; attempt++) {
        const current = await chargesOf(residentId);
        if (current.some((c) => c.id === chargeId(residentId, month))) {
          already++;
          break;
        }
        const [charge] = chargesToGenerate(
          [
            {
              id: residentId,
              facilityId: FACILITY,
              admissionDate: "2024-01-15",
              monthlyRateCents: RATE_CENTS,
              rates: [],
            },
          ],
          [],
          month,
        );
        const ops = [{ op: "create", collection: "rentCharges", id: charge!.id, data: charge!.data }];
        const answer = await call(t.app, cookie, "POST", "/commit", { ops });
        statuses.push(answer.status);
        if (answer.status === 204) {
          created++;
          break;
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        if (attempt > 5) throw new Error(`resident ${residentId}: still conflicting after ${attempt} attempts`);
      }
    }
    return { created, already };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.login(t.admin.email, t.admin.password);
    for (let i = 0; i < 8; i++) {
      const answer = await call(t.app, cookie, "POST", "/residents", {
        data: {
          facilityId: FACILITY,
          firstName: `Rent${i}`,
          lastName: "Concurrency",
          dateOfBirth: "1940-01-01",
          gender: "female",
          admissionDate: "2024-01-15",
          ambulatoryStatus: "ambulatory",
          codeStatus: "dnr",
          monthlyRateCents: RATE_CENTS,
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      residentIds.push(answer.body.id as string);
    }
  }, 180_000);

  afterAll(async () => {
    await t?.cleanup();
  });

  it("creates exactly one charge per resident and month, with accounts matching the charges", async () => {
    for (const month of ["2025-03", "2025-04"]) {
      const [a, b] = await Promise.all([generate(residentIds, month), generate([...residentIds].reverse(), month)]);
      expect(a.created + b.created, `${month}: charges created by both runs together`).toBe(residentIds.length);
      expect(a.already + b.already).toBe(residentIds.length);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const residentId of residentIds) {
      const charges = (await call(t.app, cookie, "GET", `/rentCharges${where({ residentId })}`)).body.items!;
      // The current month was billed by the server at admission; both runs made March and April.
      expect(charges.map((c) => c.month).sort()).toEqual(["2025-03", "2025-04", currentMonth]);
      const account = (await call(t.app, cookie, "GET", `/rentAccounts/${residentId}`)).body;
      expect(account).toMatchObject(accountFrom(charges as never, []));
      expect(account.balanceCents).toBe(3 * RATE_CENTS);
    }
    console.info(
      `[concurrency] rent generation: ${statuses.filter((s) => s === 204).length} commits, ${statuses.filter((s) => s === 409).length} refused with 409 and retried (${t.database.kind})`,
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  "two server instances on one PostgreSQL database (needs TEST_DATABASE_URL: one embedded PGlite cannot be shared)",
  () => {
    let testDatabase: TestDatabase;
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      testDatabase = await createTestDatabase();
      await createUser(
        testDatabase.database.prisma,
        { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: "administrator", facilityIds: null },
        null,
      );
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl!, dataDir: ":memory:" });
        databases.push(database);
        const app = await buildApp({ config: testConfig(), database, logger: false });
        await app.ready();
        apps.push(app);
      }
    }, 180_000);

    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await testDatabase?.cleanup();
    });

    it("shares sessions: made on one, valid on the other, and signed out on both", async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const login = await a.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: CSRF,
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      expect(login.statusCode).toBe(200);
      const cookie = sessionCookieOf(login.headers["set-cookie"]);
      expect((await call(b, cookie, "GET", "/auth/me")).status).toBe(200);
      expect((await call(a, cookie, "GET", "/auth/me")).status).toBe(200);
      expect((await call(b, cookie, "POST", "/auth/logout")).status).toBe(204);
      // A may hold the session in its short cache (SESSION_CACHE_MS); after it, the sign-out applies there too.
      const started = Date.now();
      let onA = await call(a, cookie, "GET", "/auth/me");
      while (onA.status === 200 && Date.now() - started < 3_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        onA = await call(a, cookie, "GET", "/auth/me");
      }
      expect(onA.status).toBe(401);
    });

    it("keeps writes through both consistent: one of 20 same-version updates wins, across instances", async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const login = await b.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: CSRF,
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      const cookie = sessionCookieOf(login.headers["set-cookie"]);
      const created = await call(a, cookie, "POST", "/facilities", {
        id: "two-servers",
        data: { name: "Two servers", sortOrder: 950 },
      });
      expect(created.status).toBe(201);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 === 0 ? a : b, cookie, "PATCH", "/facilities/two-servers", {
            version: 1,
            patch: { name: `Writer ${i}` },
          }),
        ),
      );
      const byStatus = answers.map((x) => x.status).sort();
      expect(byStatus.filter((s) => s === 200)).toHaveLength(1);
      expect(byStatus.filter((s) => s === 409)).toHaveLength(19);
      const winner = answers.find((x) => x.status === 200)!.body;
      for (const app of apps) {
        const read = await call(app, cookie, "GET", "/facilities/two-servers");
        expect(read.body).toMatchObject({ version: 2, name: winner.name });
      }
      const updates = await testDatabase.database.prisma.auditEntry.count({
        where: { collection: "facilities", recordId: "two-servers", action: "update" },
      });
      expect(updates).toBe(1);
    });
  },
);
