/**
 * `npm run bench:memory [-- --skip-build] [--skip-load] [--server path/to/main.js] [--node-flags "…"] [--server-env "…"] [--starts 3]`: how much memory
 * the built server holds, next to a bare Node process measured in the same run (the machines are
 * shared; the baseline shows what Node itself costs here). Prints a markdown table (also written to
 * test-results/memory.md):
 *
 * - bare `node -e` idle RSS;
 * - the server's idle RSS on PostgreSQL (the database `npm run seed:large` filled: BENCH_DATABASE_URL,
 *   else DATABASE_URL, else postgresql://app:app@127.0.0.1:5432/care_bench), after start-up
 *   (migrations, seeding, listening) and a quiet period;
 * - the same on the embedded database (PGlite in a fresh temporary DATA_DIR: first start, every
 *   migration applied, the heaviest start);
 * - the peak RSS under `npm run bench` (its /usr/bin/time -v figure), unless `--skip-load`.
 *
 * Each idle figure is the median of `--starts` starts (3), printed with its range.
 *
 * Targets: idle ≤ 150 MB on PostgreSQL, ≤ 300 MB embedded, peak ≤ 300 MB under load. `--server`
 * measures another build of the server (e.g. the one before a change) with the same method.
 */
import { execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import { SERVER_ENV_ASSIGNMENTS, SERVER_NODE_FLAGS } from "../../server/src/config/node-flags.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/care_bench";
/** How long a process stays untouched before its idle RSS is read. */
const QUIET_MS = 10_000;
const run = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    server: { type: "string", default: "server/dist/main.js" },
    // The V8 flags the server runs with (`--node-flags ""` measures a build from before they existed).
    "node-flags": { type: "string", default: SERVER_NODE_FLAGS.join(" ") },
    // The environment it runs with, as `NAME=value …` (`--server-env ""` for none).
    "server-env": { type: "string", default: SERVER_ENV_ASSIGNMENTS },
    duration: { type: "string", default: "10" },
    // Each idle figure is the median of this many starts (the machines are shared; one start varies ±5 MB).
    starts: { type: "string", default: "3" },
  },
});
const STARTS = Math.max(1, Number(args.starts));
const SERVER = resolve(ROOT, args.server);
const NODE_FLAGS = args["node-flags"].split(" ").filter(Boolean);
const SERVER_ENV = Object.fromEntries(
  args["server-env"]
    .split(" ")
    .filter(Boolean)
    .map((assignment) => assignment.split("=") as [string, string]),
);

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

/** Starts `node args`, waits until `ready()` holds (or 90 s), stays quiet QUIET_MS, reads RSS, stops it. */
async function idleRss(
  nodeArgs: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
): Promise<{ idle: number; startup: number }> {
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] }); // prettier-ignore
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let startup = 0;
  const sampler = setInterval(() => {
    rssMb(child.pid!).then(
      (mb) => (startup = Math.max(startup, mb)),
      () => {},
    );
  }, 50);
  try {
    const deadline = Date.now() + 90_000;
    while (!(await ready())) {
      if (child.exitCode !== null) throw new Error(`the process exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`not ready within 90 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, QUIET_MS));
    if (child.exitCode !== null) throw new Error(`the process exited while idle:\n${output}`);
    return { idle: await rssMb(child.pid!), startup };
  } finally {
    clearInterval(sampler);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

async function serverIdle(env: Record<string, string>) {
  const port = await freePort();
  const answers = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    } catch {
      return false;
    }
  };
  return idleRss(
    [...NODE_FLAGS, SERVER],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      COOKIE_SECURE: "false",
      SESSION_SECRET: "memory-bench-session-secret-that-is-long-enough-0123",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      ...SERVER_ENV,
      ...env,
    },
    answers,
  );
}

type TIdle = { idle: number; startup: number };
type TMeasured = { median: TIdle; runs: TIdle[] };

/** Measures STARTS times, one after the other; the median of each figure, and every run. */
async function medianOf(measure: () => Promise<TIdle>): Promise<TMeasured> {
  const runs: TIdle[] = [];
  for (let start = 0; start < STARTS; start++) runs.push(await measure());
  const median = (key: keyof TIdle) =>
    runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)]!;
  return { median: { idle: median("idle"), startup: median("startup") }, runs };
}

/** `148` for one start, `148 (145–154)` (the median and the range) for several. */
function shown(measured: TMeasured, key: keyof TIdle): string {
  const values = measured.runs.map((r) => r[key]);
  const median = measured.median[key].toFixed(0);
  if (values.length === 1) return median;
  return `${median} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
}

async function main(): Promise<void> {
  console.log(`server ${args.server}; ${cpus().length} cores; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`); // prettier-ignore
  if (!args["skip-build"]) await run("npm", ["run", "build", "--workspace", "server"], { cwd: ROOT });

  const bare = await medianOf(() => {
    let bareStarted = false;
    return idleRss(["-e", "console.log('ready'); setInterval(() => {}, 1 << 30)"], {}, async () => {
      bareStarted ||= true;
      return bareStarted;
    });
  });
  console.log(`measured: bare node ${shown(bare, "idle")} MB`);

  const postgres = await medianOf(() => serverIdle({ DATABASE_URL }));
  console.log(`measured: PostgreSQL idle ${shown(postgres, "idle")} MB (start-up peak ${shown(postgres, "startup")} MB)`); // prettier-ignore

  const embedded = await medianOf(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "care-memory-"));
    try {
      return await serverIdle({ DATABASE_URL: "", DATA_DIR: dataDir });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  console.log(`measured: embedded idle ${shown(embedded, "idle")} MB (start-up peak ${shown(embedded, "startup")} MB)`); // prettier-ignore

  let peak: number | null = null;
  if (!args["skip-load"]) {
    const bench = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "tests/load/bench.ts",
        "--skip-build",
        "--duration",
        args.duration,
        "--server",
        args.server,
        `--node-flags=${args["node-flags"]}`,
        `--server-env=${args["server-env"]}`,
      ],
      { cwd: ROOT, env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL }, maxBuffer: 64 * 1024 * 1024 },
    );
    peak = Number(/Server peak RSS under load \(\/usr\/bin\/time -v\): (\d+) MB/.exec(bench.stdout)?.[1] ?? NaN);
    console.log(`measured: peak under npm run bench ${peak} MB`);
  }

  const verdict = (mb: number, limit: number) => (mb <= limit ? "met" : "**missed**");
  const lines = [
    `Server: ${args.server}. Idle = RSS (/proc/<pid>/status VmRSS) ${QUIET_MS / 1000} s after /healthz first answers; ` +
      `start-up peak sampled every 50 ms until then; each the median of ${STARTS} start(s), the range in brackets. Load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}.`,
    "",
    "| Process | Idle RSS MB | Start-up peak MB | Target |",
    "|---|---:|---:|---|",
    `| bare \`node -e\` | ${shown(bare, "idle")} | — | — |`,
    `| server on PostgreSQL | ${shown(postgres, "idle")} | ${shown(postgres, "startup")} | idle ≤ 150: ${verdict(postgres.median.idle, 150)} |`,
    `| server on embedded PGlite (first start) | ${shown(embedded, "idle")} | ${shown(embedded, "startup")} | idle ≤ 300: ${verdict(embedded.median.idle, 300)} |`,
    ...(peak === null
      ? []
      : [
          `| server under \`npm run bench\` (${args.duration} s per endpoint), peak | — | ${peak} | peak ≤ 300: ${verdict(peak, 300)} |`,
        ]),
  ];
  console.log(`\n${lines.join("\n")}`);
  await mkdir(resolve(ROOT, "test-results"), { recursive: true });
  await writeFile(resolve(ROOT, "test-results/memory.md"), `${lines.join("\n")}\n`);
}

await main();
