/**
 * One app per test on a fresh database (see test-database.ts), with an admin account, for `inject`
 * tests: `const t = await buildTestApp(); const cookie = await t.login(t.admin.email, t.admin.password)`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "../app.ts";
import { createUser } from "../auth/users.ts";
import type { TConfig } from "../config/config.ts";
import type { Database } from "../db/database.ts";
import { createTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  admin: { id: string; email: string; password: string };
  /** Signs in through the API; returns the `cookie` header value to send with later requests. */
  login(email: string, password: string): Promise<string>;
  cleanup(): Promise<void>;
}

export interface TestAppOverrides {
  config?: Partial<TConfig>;
  logger?: BuildAppOptions["logger"];
  /** Use this database instead of a fresh one (e.g. a fake whose ping rejects); the caller closes it. */
  database?: Database;
}

export const TEST_ADMIN = { email: "admin@example.test", password: "correct horse battery staple" } as const;

export function testConfig(overrides: Partial<TConfig> = {}): TConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: mkdtempSync(join(tmpdir(), "care-test-")),
    sessionSecret: "test-session-secret-that-is-long-enough-0123456789",
    logLevel: "silent",
    cookieSecure: false,
    trustProxy: false,
    webDist: join(tmpdir(), "care-test-no-web-dist"),
    ...overrides,
  };
}

/** The `cookie` request header for the session cookie of a login response. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = all.find((c) => c.startsWith("care_session=") && !c.startsWith("care_session=;"));
  if (!session) throw new Error(`no session cookie in the response (set-cookie: ${JSON.stringify(all)})`);
  return session.split(";")[0] as string;
}

/** Creates a staff account limited to `facilityIds` and signs it in: its id and `cookie` header value. */
export async function signedInStaff(
  t: TestApp,
  email: string,
  password: string,
  facilityIds: string[],
  role = "house-manager",
): Promise<{ id: string; cookie: string }> {
  const { id } = await createUser(t.database.prisma, { email, password, role, facilityIds }, null);
  return { id, cookie: await t.login(email, password) };
}

export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const owned = overrides.database ? undefined : await createTestDatabase();
  const database = overrides.database ?? owned!.database;
  const adminRow = overrides.database
    ? { id: "" }
    : await createUser(
        database.prisma,
        { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: "administrator", facilityIds: null },
        null,
      );
  const app = await buildApp({ config: testConfig(overrides.config), database, logger: overrides.logger ?? false });
  await app.ready();

  return {
    app,
    database,
    admin: { id: adminRow.id, email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    async login(email, password) {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "x-requested-with": "care-portal" },
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
      return sessionCookieOf(response.headers["set-cookie"]);
    },
    async cleanup() {
      await app.close();
      await owned?.cleanup();
    },
  };
}
