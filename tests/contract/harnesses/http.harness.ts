/**
 * The http adapter as a contract harness: the real Fastify app on a fresh test database (PostgreSQL at
 * TEST_DATABASE_URL in CI, in-memory PGlite here), listening on a free port of 127.0.0.1. Each client
 * is the adapter with its own cookie jar, as a separate browser would be.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { createHttpPorts } from "@care/adapter-http/http-ports";
import { buildApp } from "../../../server/src/app.ts";
import { ensureFirstAdmin } from "../../../server/src/auth/first-admin.ts";
import { SQL_TABLES } from "../../../server/src/collections/list-sql.ts";
import { loadConfig } from "../../../server/src/config/config.ts";
import { createTestDatabase, type TestDatabase } from "../../../server/src/test/test-database.ts";
import type { ContractHarness, ContractHarnessFactory } from "../harness.ts";

/**
 * A fetch with its own cookie jar, for Node where fetch keeps no cookies: stores what `Set-Cookie`
 * sets (and forgets what it expires) and sends it back on every request.
 */
export function createCookieFetch(base: typeof fetch = fetch): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await base(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = "", val = ""] = a.split("=").map((s) => s.trim());
        if (key.toLowerCase() === "max-age") return Number(val) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}

export const createHarness: ContractHarnessFactory = (): ContractHarness => {
  const admin = { email: "admin@contract.test", password: "admin-password-1" };
  let testDatabase: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let baseUrl: string | undefined;
  return {
    name: "http",
    unavailable: {},
    admin,
    async start() {
      testDatabase = await createTestDatabase();
      const config = loadConfig({
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        LOG_LEVEL: "silent",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ...(testDatabase.databaseUrl ? { DATABASE_URL: testDatabase.databaseUrl } : {}),
      });
      app = await buildApp({ config, database: testDatabase.database, logger: false });
      await app.listen({ host: "127.0.0.1", port: 0 });
      const address = app.server.address();
      if (address === null || typeof address === "string")
        throw new Error("http harness: the server has no TCP address");
      baseUrl = `http://127.0.0.1:${address.port}/api/v1`;
      // The server's own first start: no user yet, so the administrator from ADMIN_EMAIL/ADMIN_PASSWORD.
      const first = await ensureFirstAdmin(testDatabase.database.prisma, config.admin);
      if (!first.created) throw new Error("http harness: the fresh database already had users");
    },
    async stop() {
      await app?.close();
      await testDatabase?.cleanup();
      app = undefined;
      testDatabase = undefined;
      baseUrl = undefined;
    },
    client() {
      if (baseUrl === undefined) throw new Error("http harness: start() first");
      return createHttpPorts({ baseUrl, fetch: createCookieFetch() });
    },
    async age(collection, id, days) {
      if (!testDatabase) throw new Error("http harness: start() first");
      await testDatabase.database.prisma.$executeRawUnsafe(
        `UPDATE "${SQL_TABLES[collection]}" SET "createdAt" = "createdAt" - make_interval(days => $1) WHERE id = $2`,
        days,
        id,
      );
    },
  };
};
