// Issue 2: graceful shutdown of the real server process. `node server/dist/main.js` (embedded PGlite in a
// temporary DATA_DIR) gets SIGTERM while a file upload is half sent and several sign-ins are running;
// every request still gets its proper answer, new connections are refused, and the process exits 0.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request, type ClientRequest, type IncomingMessage } from "node:http";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieOf } from "../test/build-test-app.ts";

const REPO = resolve(import.meta.dirname, "../../..");
const SERVER_ENTRY = join(REPO, "server/dist/main.js");
const SOURCES = ["server/src", "server/scripts", "adapters/core/src", "prisma"];
const ADMIN = { email: "shutdown-admin@example.test", password: "a long enough shutdown password" };
const CSRF = { "x-requested-with": "care-portal" };

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "generated") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds server/dist/main.js when it is missing or older than the sources. */
function ensureServerBuilt(): void {
  const built = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map((p) => newestMtime(join(REPO, p))))) return;
  const result = spawnSync("npm", ["run", "build", "-w", "server"], { cwd: REPO, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm run build -w server failed:\n${result.stdout}\n${result.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Reply {
  status: number;
  body: string;
  setCookie: string[];
  /** ms since the test's clock started. */
  at: number;
}

/** An HTTP request on its own connection; the caller writes and ends the body. A network error
 * settles the reply with status 0 and the error as body, so a failed shutdown reads clearly. */
function open(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  clock: () => number,
): { req: ClientRequest; reply: Promise<Reply> } {
  const req = request({ host: "127.0.0.1", port, method, path, headers, agent: false });
  const reply = new Promise<Reply>((resolveReply, reject) => {
    req.on("error", reject);
    req.on("response", (res: IncomingMessage) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () =>
        resolveReply({ status: res.statusCode ?? 0, body, setCookie: res.headers["set-cookie"] ?? [], at: clock() }),
      );
      res.on("error", reject);
    });
  }).catch((error: Error) => ({ status: 0, body: `${error.name}: ${error.message}`, setCookie: [], at: clock() }));
  return { req, reply };
}

function signIn(port: number, clock: () => number) {
  const body = JSON.stringify(ADMIN);
  const { req, reply } = open(
    port,
    "POST",
    "/api/v1/auth/login",
    { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...CSRF },
    clock,
  );
  req.end(body);
  return reply;
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolveRefused) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolveRefused(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolveRefused(error.code === "ECONNREFUSED"));
  });
}

describe("graceful shutdown on SIGTERM (the built server, embedded PGlite)", () => {
  let child: ChildProcess;
  let dataDir: string;
  let port: number;
  let output = "";
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    ensureServerBuilt();
    dataDir = mkdtempSync(join(tmpdir(), "care-shutdown-"));
    port = await freePort();
    child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolveExit) => child.once("exit", (code, signal) => resolveExit({ code, signal })));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited before it was ready:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server was not ready within 60 s:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.ok) break;
      await sleep(200);
    }
  }, 180_000);

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes in-flight requests, refuses new connections, and exits 0 within 15 s", async () => {
    const started = Date.now();
    const clock = () => Date.now() - started;
    const first = await signIn(port, clock);
    expect(first.status, first.body).toBe(200);
    const cookie = sessionCookieOf(first.setCookie);

    // A 2 MB PDF upload whose body is only partly sent before SIGTERM and finished after it.
    const boundary = "----care-shutdown-boundary";
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"),
      Buffer.alloc(2 * 1024 * 1024, " "),
      Buffer.from("\n%%EOF\n"),
    ]);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="facilityId"\r\n\r\ntull\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shutdown.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = open(
      port,
      "POST",
      "/api/v1/files",
      {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": body.length,
        cookie,
        ...CSRF,
      },
      clock,
    );
    const half = Math.floor(body.length / 2);
    upload.req.write(body.subarray(0, half));
    const logins = Array.from({ length: 4 }, () => signIn(port, clock));
    // SIGTERM only once the server has taken every request in (Fastify logs "incoming request"):
    // a request still unread in the socket at that moment would rightly get 503 "shutting down".
    const received = (url: string) =>
      output.split("\n").filter((line) => line.includes("incoming request") && line.includes(`"url":"${url}"`)).length;
    const deadline = Date.now() + 10_000;
    while (received("/api/v1/auth/login") < 5 || received("/api/v1/files") < 1) {
      if (Date.now() > deadline) throw new Error(`the server did not receive the requests within 10 s:\n${output}`);
      await sleep(5);
    }

    const sigtermAt = clock();
    child.kill("SIGTERM");
    // Still draining (the upload is half sent), yet new connections are soon refused: poll, because a
    // loaded machine may take a moment to deliver the signal.
    let refusedWhileDraining = false;
    for (const deadline = clock() + 5_000; !refusedWhileDraining && clock() < deadline;) {
      await sleep(100);
      refusedWhileDraining = await refused(port);
    }
    for (let offset = half; offset < body.length; offset += 256 * 1024) {
      upload.req.write(body.subarray(offset, Math.min(offset + 256 * 1024, body.length)));
      await sleep(50);
    }
    upload.req.end();

    const [uploaded, ...signedIn] = await Promise.all([upload.reply, ...logins]);
    const exit = await Promise.race([exited, sleep(15_000).then(() => null)]);
    const exitAt = clock();
    console.info(
      `[graceful-shutdown] SIGTERM at ${sigtermAt} ms; upload answered at ${uploaded!.at} ms; ` +
        `${signedIn.filter((s) => s.at > sigtermAt).length} of 4 sign-ins still running at SIGTERM, ` +
        `sign-ins answered at ${signedIn.map((s) => s.at).join(", ")} ms; exit ${JSON.stringify(exit)} at ${exitAt} ms`,
    );

    expect([uploaded!, ...signedIn].map((r) => `${r.status} ${r.status === 0 ? r.body : ""}`.trim())).toEqual([
      "201",
      "200",
      "200",
      "200",
      "200",
    ]);
    expect(JSON.parse(uploaded!.body)).toMatchObject({ name: "shutdown.pdf", facilityId: "tull", size: pdf.length });
    expect(uploaded!.at).toBeGreaterThan(sigtermAt);
    expect(refusedWhileDraining).toBe(true);
    expect(exit, output).toEqual({ code: 0, signal: null });
    expect(exitAt - sigtermAt).toBeLessThan(15_000);
    expect(await refused(port)).toBe(true);
    expect(output).toContain("shutting down");
  }, 60_000);
});
