/**
 * `npm run bench:export [-- --skip-build]`: the server's memory while it streams the full data export
 * (Settings › Export and import) of the `npm run seed:large` group, next to baselines measured in the
 * same run (the machines are shared): a bare Node process, and the same server idle before the export.
 *
 * The export writes an audit row, so it runs on a copy: `CREATE DATABASE … TEMPLATE` of the database
 * seed:large filled (BENCH_DATABASE_URL, else postgresql://app:app@127.0.0.1:5432/care_bench; nobody may
 * be connected to it meanwhile), with an administrator added, dropped at the end. The built server runs
 * with the flags and environment of `npm start` under `/usr/bin/time -v`, whose "Maximum resident set
 * size" is the peak; RSS is also sampled every 100 ms from /proc. Target: peak ≤ 300 MB.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
import { createUser } from "../../server/src/auth/users.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "../../server/src/config/node-flags.ts";
import { openDatabase } from "../../server/src/db/database.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/care_bench";
const QUIET_MS = 10_000;
const ACCOUNT = { email: "export-bench@example.test", password: "export bench password 2026" };
const run = promisify(execFile);

const { values: args } = parseArgs({ options: { "skip-build": { type: "boolean", default: false } } });

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

async function adminQuery(sql: string): Promise<void> {
  const url = new URL(SOURCE_URL);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A bare Node process's RSS after a quiet moment: what Node itself costs here. */
async function bareNodeMb(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
  await new Promise((r) => setTimeout(r, 2_000));
  const mb = await rssMb(child.pid!);
  child.kill("SIGTERM");
  return mb;
}

async function main(): Promise<void> {
  console.log(
    `${cpus().length} cores; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  if (!args["skip-build"]) await run("npm", ["run", "build"], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" } }); // prettier-ignore
  const bare = await bareNodeMb();

  const copy = `care_export_bench_${randomBytes(4).toString("hex")}`;
  const source = new URL(SOURCE_URL).pathname.slice(1);
  await adminQuery(`CREATE DATABASE "${copy}" TEMPLATE "${source}"`);
  const copyUrl = new URL(SOURCE_URL);
  copyUrl.pathname = `/${copy}`;
  const workDir = await mkdtemp(join(tmpdir(), "care-export-bench-"));
  try {
    const database = await openDatabase({ databaseUrl: copyUrl.toString(), dataDir: workDir });
    await createUser(database.prisma, { ...ACCOUNT, role: "administrator", facilityIds: null }, null);
    await database.close();

    const port = await freePort();
    const timeFile = join(workDir, "time.txt");
    const child = spawn(
      "/usr/bin/time",
      ["-v", "-o", timeFile, process.execPath, ...SERVER_NODE_FLAGS, "server/dist/main.js"],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ...SERVER_ENV,
          DATABASE_URL: copyUrl.toString(),
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "warn",
          COOKIE_SECURE: "false",
          SESSION_SECRET: randomBytes(32).toString("base64url"),
          ADMIN_EMAIL: "",
          ADMIN_PASSWORD: "",
        },
        stdio: "ignore",
      },
    );
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false); // prettier-ignore
      if (ok) break;
      if (Date.now() > deadline) throw new Error("the server did not answer within 90 s");
      await new Promise((r) => setTimeout(r, 300));
    }
    const { stdout } = await run("pgrep", ["-P", String(child.pid)]);
    const server = Number(stdout.trim().split("\n")[0]);
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const idle = await rssMb(server);

    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "care-portal" },
      body: JSON.stringify(ACCOUNT),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    let sampled = 0;
    const sampler = setInterval(() => {
      rssMb(server).then(
        (mb) => (sampled = Math.max(sampled, mb)),
        () => {},
      );
    }, 100);
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/data-export`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
    let bytes = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const exited = new Promise((done) => child.once("exit", done));
    process.kill(server, "SIGTERM");
    await exited;
    const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(await readFile(timeFile, "utf8"))?.[1]) / 1024; // prettier-ignore

    console.log(
      [
        "| Measure | MB |",
        "| --- | ---: |",
        `| Bare \`node\` idle RSS | ${bare.toFixed(0)} |`,
        `| Server idle RSS before the export (PostgreSQL, ${QUIET_MS / 1000} s after /healthz) | ${idle.toFixed(0)} |`,
        `| Server RSS while exporting, sampled every 100 ms | ${sampled.toFixed(0)} |`,
        `| **Server peak RSS (/usr/bin/time -v), target ≤ 300** | **${peak.toFixed(0)}** (${peak <= 300 ? "met" : "missed"}) |`,
        "",
        `Export: ${(bytes / 1024 / 1024).toFixed(1)} MB of ZIP in ${seconds.toFixed(1)} s from a copy of ${source}.`,
      ].join("\n"),
    );
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
