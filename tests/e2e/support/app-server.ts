/**
 * Starts the BUILT portal (`node server/dist/main.js`, see build.ts) for the browser tests: a
 * free port, a temporary DATA_DIR with the embedded database, or a fresh PostgreSQL database created
 * on TEST_DATABASE_URL (CI), and an administrator from ADMIN_EMAIL/ADMIN_PASSWORD. Waits for /readyz.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../../server/src/config/node-flags.ts";

const REPO = resolve(import.meta.dirname, "../../..");
const SERVER_ENTRY = join(REPO, "server/dist/main.js");
const WEB_INDEX = join(REPO, "web/dist/index.html");

export interface TAppServer {
  baseUrl: string;
  admin: { email: string; password: string };
  /** The server's output so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** A new, empty database next to TEST_DATABASE_URL's; returns its URL and how to drop it. */
async function freshDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `care_e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function waitForReady(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

export async function startAppServer(): Promise<TAppServer> {
  for (const [file, what] of [
    [SERVER_ENTRY, "the server"],
    [WEB_INDEX, "the web app"],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} is not built (${file} is missing): run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "care-e2e-"));
  const database = process.env.TEST_DATABASE_URL ? await freshDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const admin = { email: "e2e-admin@example.com", password: "e2e-password-123" };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "warn",
    COOKIE_SECURE: "false",
  };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;

  let log = "";
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: REPO,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, admin, output: () => log, stop };
}
