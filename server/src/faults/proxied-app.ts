// What the database-outage fault tests share: an app on a fresh PostgreSQL test database (with the admin
// account) that reaches it only through an in-process TCP proxy (tcp-proxy.ts), so a test can take the
// database down and bring it back without root; and requests with a hard deadline, so a hanging server
// fails a test with a clear message instead of blocking it.
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { createUser } from "../auth/users.ts";
import { openDatabase } from "../db/database.ts";
import { TEST_ADMIN, testConfig } from "../test/build-test-app.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";

export interface ProxiedApp {
  app: FastifyInstance;
  proxy: TcpProxy;
  /** The test database reached directly, behind the proxy's back: to check what was written. */
  direct: TestDatabase;
  /** Closes the app, its proxied connection, the proxy and the test database, in that order. */
  close(): Promise<void>;
}

/** Builds the app on a proxied connection to a fresh test database (needs `TEST_DATABASE_URL`). */
export async function startProxiedApp(): Promise<ProxiedApp> {
  // What is open so far, last first: closed here if a later step fails, else by `close`.
  const opened: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of opened.splice(0).reverse()) await close();
  };
  try {
    const direct = await createTestDatabase();
    opened.push(() => direct.cleanup());
    const url = new URL(direct.databaseUrl!);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    opened.push(() => proxy.close());
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    const database = await openDatabase({ databaseUrl: proxied.toString(), dataDir: ":memory:" });
    opened.push(() => database.close());
    await createUser(
      direct.database.prisma,
      { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: "administrator", facilityIds: null },
      null,
    );
    const app = await buildApp({ config: testConfig(), database, logger: false });
    opened.push(() => app.close());
    await app.ready();
    return { app, proxy, direct, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

export interface TDeadlineAnswer {
  status: number;
  body: { error?: { code?: string } } & Record<string, unknown>;
  ms: number;
  setCookie: string | string[] | undefined;
}

const CSRF = { "x-requested-with": "care-portal" };

/** One JSON request (with the CSRF header on writes) that rejects if no answer comes within `deadlineMs`. */
export async function injectWithin(
  app: FastifyInstance,
  request: { method: "GET" | "POST" | "PATCH"; url: string; cookie?: string; payload?: object },
  deadlineMs: number,
): Promise<TDeadlineAnswer> {
  const { method, url, cookie, payload } = request;
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
  const body = response.body === "" ? {} : (JSON.parse(response.body) as TDeadlineAnswer["body"]);
  return { status: response.statusCode, body, ms, setCookie: response.headers["set-cookie"] };
}
