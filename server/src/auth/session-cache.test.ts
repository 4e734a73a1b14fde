// The per-instance session cache (sessions.ts) must not weaken revocation: changes made through an
// instance apply there at once, and another instance (a second app on the same database) sees them
// within SESSION_CACHE_MS.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { buildTestApp, testConfig, type TestApp } from "../test/build-test-app.ts";
import { SESSION_CACHE_MS } from "./sessions.ts";
import { createUser } from "./users.ts";

const CSRF = { "x-requested-with": "care-portal" };
const PASSWORD = "a long enough password";

let t: TestApp;
let other: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildApp({ config: testConfig(), database: t.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.cleanup();
});

async function newUser(): Promise<{ id: string; email: string }> {
  const email = `cache-${randomUUID().slice(0, 8)}@example.test`;
  const row = await createUser(
    t.database.prisma,
    { email, password: PASSWORD, role: "house-manager", facilityIds: null },
    null,
  );
  return { id: row.id, email };
}

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: "GET", url: "/api/v1/auth/me", headers: { cookie } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("session cache", () => {
  it("a logout applies at once on its instance and within SESSION_CACHE_MS on another", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: { ...CSRF, cookie } });
    expect(logout.statusCode).toBe(204);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    await pause(SESSION_CACHE_MS + 50);
    expect((await me(other, cookie)).statusCode).toBe(401);
  });

  it("a user deactivated through the API is refused at once on that instance", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    const admin = await t.login(t.admin.email, t.admin.password);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    const record = await t.app.inject({ method: "GET", url: `/api/v1/users/${user.id}`, headers: { cookie: admin } });
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/users/${user.id}`,
      headers: { ...CSRF, cookie: admin },
      payload: { version: record.json().version, patch: { active: false } },
    });
    expect(patch.statusCode).toBe(200);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it("a revocation written directly to the database is seen within SESSION_CACHE_MS", async () => {
    const user = await newUser();
    const cookie = await t.login(user.email, PASSWORD);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    await t.database.prisma.session.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    await pause(SESSION_CACHE_MS + 50);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });
});
