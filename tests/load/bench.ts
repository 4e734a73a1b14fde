/**
 * `npm run bench [-- --duration 10 --connections 32 --skip-build --only schedule] [--server path/to/main.js]`: the
 * server benchmark. Runs the built server (`node server/dist/main.js`, rebuilt first, or another build
 * named by `--server`, wrapped in `/usr/bin/time -v` for its peak
 * memory) on the database filled by `npm run seed:large`, signs in, and loads each endpoint with
 * autocannon: sign-in; the residents list of the big facility (first page and a deep cursor page); one
 * resident; the facility's derived reminders and compliance summary; a schedule week with its checks, each
 * request another of the homes (target p99 < 300 ms); the referral logs' first page; the referral
 * duplicate check as one person typing asks it (target p95 < 20 ms); creating and updating residents;
 * each report over a year, for the big home and for every home, as one user opens it (target p95 ≤ 500 ms).
 * In the same run, a separate process serves the same rows with bare Fastify and raw `pg` (and a hello
 * route); each endpoint is reported as a ratio to its raw baseline, because the machines are shared
 * and absolute numbers are noisy. Prints a markdown table (also written to
 * test-results/bench.md) with each endpoint's target met or missed: list and detail p99 ≤ 50 ms and
 * ≥ 0.5× their baseline, the others' as above; server peak RSS ≤ 300 MB.
 *
 * The database: BENCH_DATABASE_URL, else DATABASE_URL, else postgresql://app:app@127.0.0.1:5432/care_bench.
 * Rows the run creates (residents) are deleted at the end; its audit rows and sessions stay.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { createUser } from "../../server/src/auth/users.ts";
import { openDatabase } from "../../server/src/db/database.ts";
import { SERVER_ENV_ASSIGNMENTS, SERVER_NODE_FLAGS } from "../../server/src/config/node-flags.ts";
import { addDays } from "@care/core/rules/date-only.rules";
import { weekStartOf } from "@care/core/rules/schedule.rules";

const ROOT = resolve(import.meta.dirname, "../..");
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/care_bench";
const USER = { email: "bench-admin@example.test", password: "correct horse battery staple" };
const FACILITY = "tull";
/** The seed's anchor day (server/src/cli/seed-large.cli.ts): reminders and expiries are relative to it. */
const TODAY = "2026-11-01";
const HEADERS = { "content-type": "application/json", "x-requested-with": "care-portal" };
const run = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    "skip-build": { type: "boolean", default: false },
    // Only the endpoints whose name contains this text (e.g. --only "schedule").
    only: { type: "string", default: "" },
    server: { type: "string", default: "server/dist/main.js" },
    // The V8 flags the server runs with (`--node-flags ""` measures a build from before they existed).
    "node-flags": { type: "string", default: SERVER_NODE_FLAGS.join(" ") },
    // The environment it runs with, as `NAME=value …` (`--server-env ""` for none).
    "server-env": { type: "string", default: SERVER_ENV_ASSIGNMENTS },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const NODE_FLAGS = args["node-flags"].split(" ").filter(Boolean);
const SERVER_ENV = Object.fromEntries(
  args["server-env"]
    .split(" ")
    .filter(Boolean)
    .map((assignment) => assignment.split("=") as [string, string]),
);

interface Measured {
  reqPerSec: number;
  p50: number;
  /** At or above the 95th percentile (autocannon's nearest percentile). */
  p97_5: number;
  p99: number;
  failures: number;
}

interface Row {
  name: string;
  m: Measured;
  baseline: string;
  base: Measured;
  target: TTarget | null;
}

/** What an endpoint must meet (its issue's figure), in the table's last column. */
interface TTarget {
  label: string;
  met: (m: Measured, ratio: number) => boolean;
}
/** Lists and details. */
const LIST: TTarget = { label: "p99 ≤ 50 ms, ratio ≥ 0.5", met: (m, ratio) => m.p99 <= 50 && ratio >= 0.5 };
/** A report, one user: p95 ≤ 500 ms, read as p97.5 (autocannon's nearest percentile above it). */
const REPORT: TTarget = { label: "p97.5 ≤ 500 ms", met: (m) => m.p97_5 <= 500 };
/** A schedule week, each request another home. */
const WEEK: TTarget = { label: "p99 < 300 ms", met: (m) => m.p99 < 300 };
/** The duplicate check as one person types: p95 < 20 ms, read as p97.5. */
const TYPING: TTarget = { label: "p97.5 < 20 ms", met: (m) => m.p97_5 < 20 };

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

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited early\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within 60 s\n${output()}`);
}

type TRequest = NonNullable<autocannon.Options["requests"]>[number];

async function load(
  url: string,
  options: { headers?: Record<string, string>; requests?: TRequest[]; connections?: number } = {},
) {
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: DURATION,
    headers: options.headers ?? {},
    ...(options.requests ? { requests: options.requests } : {}),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  } satisfies Measured;
}

/**
 * Requests still queued when autocannon stops keep a server busy; waits until its /healthz answers
 * within 20 ms twice in a row (at most 60 s), so one measurement does not slow down the next.
 */
async function settle(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const start = performance.now();
    await fetch(`${origin}/healthz`).catch(() => undefined);
    quick = performance.now() - start < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The highest VmRSS seen per phase, sampled every 100 ms from /proc (the peak's cause, per endpoint). */
function rssSampler(pid: number) {
  const peaks = new Map<string, number>();
  let phase = "start";
  const timer = setInterval(() => {
    readFile(`/proc/${pid}/status`, "utf8")
      .then((status) => {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        peaks.set(phase, Math.max(peaks.get(phase) ?? 0, kb / 1024));
      })
      .catch(() => {});
  }, 100);
  return {
    set phase(name: string) {
      phase = name;
    },
    peaks,
    stop: () => clearInterval(timer),
  };
}

/** A short warm-up (JIT, pools, caches) before a measurement. */
async function warm(url: string, options: { headers?: Record<string, string>; requests?: TRequest[] } = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: options.headers ?? {}, ...(options.requests ? { requests: options.requests } : {}) }); // prettier-ignore
}

async function ensureBenchUser(): Promise<void> {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: ":memory:" });
  try {
    const residents = await database.prisma.resident.count({ where: { facilityId: FACILITY } });
    if (residents < 200) throw new Error(`${FACILITY} has ${residents} residents: run \`npm run seed:large\` first`);
    const existing = await database.prisma.user.findUnique({ where: { email: USER.email } });
    if (!existing) await createUser(database.prisma, { ...USER, role: "administrator", facilityIds: null }, null);
  } finally {
    await database.close();
  }
}

function ms(n: number): string {
  return n.toFixed(n < 10 ? 1 : 0);
}

async function main(): Promise<void> {
  console.log(`database ${new URL(DATABASE_URL).pathname.slice(1)}; ${cpus().length} cores; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`); // prettier-ignore
  await ensureBenchUser();
  if (!args["skip-build"]) await run("npm", ["run", "build", "--workspace", "server"], { cwd: ROOT });

  const [appPort, basePort] = [await freePort(), await freePort()];
  let serverLog = "";
  const server = spawn("/usr/bin/time", ["-v", process.execPath, ...NODE_FLAGS, resolve(ROOT, args.server)], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      DATABASE_URL,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      SESSION_SECRET: "bench-session-secret-that-is-long-enough-0123456789",
      LOG_LEVEL: "warn",
      COOKIE_SECURE: "false",
      // Sign-in is measured as many clients: each request names its own address (X-Forwarded-For).
      TRUST_PROXY: "1",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (serverLog += chunk));
  server.stderr!.on("data", (chunk) => (serverLog += chunk));
  const baseline = spawn(process.execPath, ["--import", "tsx", "tests/load/baseline-server.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL, PORT: String(basePort) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${appPort}`;
  const base = `http://127.0.0.1:${basePort}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  let benchUserId = "";
  try {
    await waitFor(`${origin}/healthz`, server, () => serverLog);
    await waitFor(`${base}/hello`, baseline, () => "");
    await admin.connect();

    const login = await fetch(`${origin}/api/v1/auth/login`, { method: "POST", headers: HEADERS, body: JSON.stringify(USER) }); // prettier-ignore
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("care_session="))!
      .split(";")[0]!;
    benchUserId = ((await login.json()) as { user: { id: string } }).user.id;
    const getJson = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    type TPage = { items: { id: string; lastName: string; version: number }[]; nextCursor: string | null };

    // The list pages: the first, and the deepest one the facility has (its last full page).
    const where = encodeURIComponent(JSON.stringify({ facilityId: FACILITY }));
    const first = `/api/v1/residents?where=${where}&limit=50`;
    const pages: TPage[] = [await getJson<TPage>(first)];
    const residents = [...pages[0]!.items];
    while (pages.at(-1)!.nextCursor && pages.length < 40) {
      const page = await getJson<TPage>(`${first}&cursor=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`);
      pages.push(page);
      residents.push(...page.items);
    }
    const deepIndex = pages.length >= 3 ? pages.length - 2 : pages.length - 1;
    const deepCursor = pages[deepIndex - 1]?.nextCursor;
    if (!deepCursor) throw new Error(`${FACILITY} has too few residents for a deep page`);
    const deep = `${first}&cursor=${encodeURIComponent(deepCursor)}`;
    const afterRow = pages[deepIndex - 1]!.items.at(-1)!;
    const rawDeep = `${base}/residents?facilityId=${FACILITY}&lastName=${encodeURIComponent(afterRow.lastName)}&id=${afterRow.id}`;
    const one = residents[0]!.id;

    // Updates: a request checks a resident out of the pool and puts it back, with the version it was
    // answered, when its response comes (autocannon clears a connection's context between requests).
    // The pool has twice as many residents as connections, so no two requests edit one resident at once.
    const updateRequests = (
      prefix: string,
      pathOf: (id: string) => string,
      pool: { id: string; version: number }[],
    ) => {
      const idle = [...pool];
      return [
        {
          method: "PATCH",
          setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
            const resident = idle.shift()!;
            context.resident = resident;
            request.path = pathOf(resident.id);
            request.body = JSON.stringify(
              prefix === "app"
                ? { version: resident.version, patch: { notes: `bench ${resident.version}` } }
                : { version: resident.version, notes: `bench ${resident.version}` },
            );
            return request;
          },
          onResponse: (status: number, body: string, context: Record<string, unknown>) => {
            const resident = context.resident as { version: number };
            if (status === 200) resident.version = JSON.parse(body).version;
            idle.push(resident as { id: string; version: number });
          },
        },
      ] as TRequest[];
    };
    const appPool = residents.slice(0, 2 * CONNECTIONS).map((r) => ({ ...r }));
    const rawPool = residents.slice(2 * CONNECTIONS, 4 * CONNECTIONS).map((r) => ({ ...r }));
    if (rawPool.length < CONNECTIONS) throw new Error("not enough residents for the update pools");
    const freshVersions = async (pool: { id: string; version: number }[]) => {
      const { rows } = await admin.query<{ id: string; version: number }>(`SELECT id, version FROM residents WHERE id = ANY($1)`, [pool.map((r) => r.id)]); // prettier-ignore
      for (const r of pool) r.version = rows.find((x) => x.id === r.id)!.version;
    };

    const newResident = {
      facilityId: FACILITY,
      firstName: "Bench",
      lastName: "Created",
      dateOfBirth: "1940-01-01",
      gender: "female",
      admissionDate: "2026-11-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      // The seeded home is over its licensed capacity: an administrator's exception admits anyway
      // (without it every create is a refusal, and the run would measure those).
      capacityException: "Benchmark: the seeded home is over its licensed capacity",
    };
    let ip = 0;
    const signIn: TRequest[] = [
      {
        method: "POST",
        path: "/api/v1/auth/login",
        body: JSON.stringify(USER),
        setupRequest: (request: Record<string, unknown>) => {
          ip++;
          request.headers = { ...(request.headers as object), "x-forwarded-for": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` }; // prettier-ignore
          return request;
        },
      } as TRequest,
    ];

    const withCookie = { cookie, ...HEADERS };
    // The schedule week of the anchor day, each request for the next of the seeded homes.
    const week = weekStartOf(TODAY);
    const { rows: homeRows } = await admin.query<{ id: string }>(`SELECT id FROM facilities ORDER BY "sortOrder", id`);
    const homeIds = homeRows.map((r) => r.id);
    let nextHome = 0;
    const everyHome = (pathOf: (id: string) => string): TRequest[] => [
      {
        method: "GET",
        setupRequest: (request: Record<string, unknown>) => {
          request.path = pathOf(homeIds[nextHome++ % homeIds.length]!);
          return request;
        },
      } as TRequest,
    ];
    const weekPath = (id: string) => `/api/v1/insights/schedule-week?facilityId=${id}&weekStart=${week}`;
    const rawWeekPath = (id: string) =>
      `/schedule-rows?facilityId=${id}&from=${addDays(week, -1)}&to=${addDays(week, 6)}`;
    // Referral logs of the big home (first page, newest first), and the group-wide duplicate check as
    // one person typing asks it (one connection: its answer time, p97.5 the target's p95), each request
    // for another seeded prospect and from another address (the check is rate-limited per address).
    const referralsFirst = `/api/v1/referrals?where=${where}&limit=50`;
    const { rows: prospectRows } = await admin.query<{ firstName: string; lastName: string; dateOfBirth: string; phone: string | null }>(
      `SELECT "firstName", "lastName", "dateOfBirth", phone FROM referrals WHERE "duplicateOfId" IS NOT NULL ORDER BY id LIMIT 500`,
    ); // prettier-ignore
    let nextProspect = 0;
    const matchRequests: TRequest[] = [
      {
        method: "GET",
        setupRequest: (request: Record<string, unknown>) => {
          const p = prospectRows[nextProspect++ % prospectRows.length]!;
          const query = new URLSearchParams({ firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, ...(p.phone ? { phone: p.phone } : {}) }); // prettier-ignore
          request.path = `/api/v1/insights/referral-matches?${query}`;
          ip++;
          request.headers = { ...(request.headers as object), "x-forwarded-for": `11.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` }; // prettier-ignore
          return request;
        },
      } as TRequest,
    ];
    const rawMatchRequests: TRequest[] = [
      {
        method: "GET",
        setupRequest: (request: Record<string, unknown>) => {
          const p = prospectRows[nextProspect++ % prospectRows.length]!;
          request.path = `/referral-matches?${new URLSearchParams({ lastName: p.lastName, dateOfBirth: p.dateOfBirth, phone: p.phone ?? "" })}`;
          return request;
        },
      } as TRequest,
    ];
    // Each report for a year, as one user opens it (one connection), for the big home and for every home.
    const reportPath = (kind: string, home?: string) =>
      `/api/v1/reports/${kind}?from=${addDays(TODAY, -364)}&to=${TODAY}&today=${TODAY}${home ? `&facilityId=${home}` : ""}`;
    const reportRows = (kind: string, home?: string) =>
      `${base}/report-rows?report=${kind}${home ? `&facilityId=${home}` : ""}`;
    type TMeasurement = [
      name: string,
      target: TTarget | null,
      app: () => Promise<Measured>,
      baseline: string,
      raw: () => Promise<Measured>,
    ];
    const reportMeasurements = ["census", "rent-roll", "compliance", "training", "referrals"].flatMap((kind) =>
      [FACILITY, undefined].map((home): TMeasurement => [
        `report ${kind}, ${home ?? "every home"}, one user`, REPORT,
        () => load(`${origin}${reportPath(kind, home)}`, { headers: withCookie, connections: 1 }),
        `raw ${kind} rows, ${home ?? "every home"}`, () => load(reportRows(kind, home), { connections: 1 }),
      ]),
    ); // prettier-ignore
    const measurements: TMeasurement[] = [
      ["sign-in (password check, new session)", null, () => load(origin, { headers: HEADERS, requests: signIn }), "hello", () => load(`${base}/hello`)],
      [`residents list, ${FACILITY}, first page`, LIST, () => load(`${origin}${first}`, { headers: withCookie }), "raw list", () => load(`${base}/residents?facilityId=${FACILITY}`)],
      [`residents list, ${FACILITY}, page ${deepIndex + 1} (cursor)`, LIST, () => load(`${origin}${deep}`, { headers: withCookie }), "raw keyset page", () => load(rawDeep)],
      ["resident detail", LIST, () => load(`${origin}/api/v1/residents/${one}`, { headers: withCookie }), "raw get", () => load(`${base}/residents/${one}`)],
      [`reminders, ${FACILITY}`, null, () => load(`${origin}/api/v1/insights/reminders?facilityId=${FACILITY}&today=${TODAY}`, { headers: withCookie }), "raw facility rows", () => load(`${base}/facility-rows?facilityId=${FACILITY}`)],
      [`schedule week, each of ${homeIds.length} homes`, WEEK, () => load(origin, { headers: withCookie, requests: everyHome(weekPath) }), "raw schedule rows", () => load(base, { requests: everyHome(rawWeekPath) })],
      [`compliance summary, ${FACILITY}`, null, () => load(`${origin}/api/v1/insights/compliance?facilityId=${FACILITY}&today=${TODAY}`, { headers: withCookie }), "raw facility rows", () => load(`${base}/facility-rows?facilityId=${FACILITY}`)],
      [`referral logs, ${FACILITY}, first page`, LIST, () => load(`${origin}${referralsFirst}`, { headers: withCookie }), "raw referrals page", () => load(`${base}/referrals?facilityId=${FACILITY}`)],
      ["referral duplicate check, one person typing", TYPING, () => load(origin, { headers: withCookie, requests: matchRequests, connections: 1 }), "raw duplicate query", () => load(base, { requests: rawMatchRequests, connections: 1 })],
      // The reports before the writes, which add thousands of residents to the big home until the end.
      ...reportMeasurements,
      ["create resident", null, () => load(`${origin}/api/v1/residents`, { headers: withCookie, requests: [{ method: "POST", body: JSON.stringify({ data: newResident }) }] }), "raw insert", () => load(`${base}/residents`, { headers: HEADERS, requests: [{ method: "POST", body: JSON.stringify(newResident) }] })],
      ["update resident", null, async () => { await freshVersions(appPool); return load(origin, { headers: withCookie, requests: updateRequests("app", (id) => `/api/v1/residents/${id}`, appPool) }); }, "raw update", async () => { await freshVersions(rawPool); return load(base, { headers: HEADERS, requests: updateRequests("raw", (id) => `/residents/${id}`, rawPool) }); }],
    ]; // prettier-ignore

    // One request each first: a broken endpoint fails the run instead of measuring errors.
    for (const path of [deep, weekPath(FACILITY), `/api/v1/insights/reminders?facilityId=${FACILITY}&today=${TODAY}`, `/api/v1/insights/compliance?facilityId=${FACILITY}&today=${TODAY}`, `/api/v1/residents/${one}`]) await getJson(path); // prettier-ignore
    await getJson(referralsFirst);
    await warm(`${origin}${first}`, { headers: withCookie });
    await warm(`${base}/residents?facilityId=${FACILITY}`);

    const { stdout: nodePid } = await run("pgrep", ["-P", String(server.pid)]);
    const rss = rssSampler(Number(nodePid.trim().split("\n")[0]));
    const rows: Row[] = [];
    const baselines = new Map<string, Measured>();
    for (const [name, target, app, baselineName, raw] of measurements.filter(([name]) => name.includes(args.only))) {
      await settle(origin);
      rss.phase = name;
      const m = await app();
      rss.phase = "between";
      await settle(origin);
      let b = baselines.get(baselineName);
      if (!b) {
        b = await raw();
        baselines.set(baselineName, b);
      }
      rows.push({ name, m, baseline: baselineName, base: b, target });
      console.log(`measured: ${name} (${m.reqPerSec.toFixed(0)} req/s, p99 ${ms(m.p99)} ms; ${baselineName} ${b.reqPerSec.toFixed(0)} req/s)`); // prettier-ignore
    }
    const hello = baselines.get("hello") ?? (await load(`${base}/hello`));

    // Peak memory: stop the server (SIGTERM to node, the child of /usr/bin/time) and read time's report.
    rss.stop();
    const exited = new Promise<void>((done) => server.once("exit", () => done()));
    process.kill(Number(nodePid.trim().split("\n")[0]), "SIGTERM");
    await exited;
    const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(serverLog)?.[1] ?? NaN);
    const rssMb = rssKb / 1024;

    const lines = [
      `${CONNECTIONS} connections, ${DURATION} s per endpoint; ratio = endpoint req/s ÷ its raw baseline's req/s. ` +
        `Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(" ")} (${cpus().length} cores).`,
      "",
      "| Endpoint | req/s | p50 ms | p97.5 ms | p99 ms | Raw baseline (req/s, p99 ms) | Ratio | Target |",
      "|---|---:|---:|---:|---:|---|---:|---|",
      `| bare Fastify hello | ${hello.reqPerSec.toFixed(0)} | ${ms(hello.p50)} | ${ms(hello.p97_5)} | ${ms(hello.p99)} | — | — | — |`,
      ...rows.map(({ name, m, baseline: bn, base: b, target }) => {
        const ratio = m.reqPerSec / b.reqPerSec;
        const failures = m.failures > 0 ? ` (${m.failures} failed)` : "";
        const verdict = !target ? "— (reported)" : `${target.label}: ${target.met(m, ratio) && m.failures === 0 ? "met" : "**missed**"}`;
        return `| ${name}${failures} | ${m.reqPerSec.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p97_5)} | ${ms(m.p99)} | ${bn} (${b.reqPerSec.toFixed(0)}, ${ms(b.p99)}) | ${ratio.toFixed(2)} | ${verdict} |`;
      }),
      "",
      `Server peak RSS under load (/usr/bin/time -v): ${rssMb.toFixed(0)} MB — target ≤ 300 MB: ${rssMb <= 300 ? "met" : "**missed**"}.`,
      `Highest RSS sampled per endpoint (MB): ${[...rss.peaks].filter(([phase]) => phase !== "between").map(([phase, mb]) => `${phase} ${mb.toFixed(0)}`).join("; ")}.`,
    ]; // prettier-ignore
    console.log(`\n${lines.join("\n")}`);
    await mkdir(resolve(ROOT, "test-results"), { recursive: true });
    await writeFile(resolve(ROOT, "test-results/bench.md"), `${lines.join("\n")}\n`);
  } finally {
    if (server.exitCode === null) {
      const pids = await run("pgrep", ["-P", String(server.pid)]).catch(() => ({ stdout: "" }));
      for (const pid of pids.stdout.trim().split("\n").filter(Boolean)) process.kill(Number(pid), "SIGTERM");
    }
    baseline.kill("SIGTERM");
    if (benchUserId) {
      const removed = await admin.query(
        `DELETE FROM residents WHERE "createdBy" = $1 AND "lastName" = 'Created' OR "createdBy" = 'bench-baseline'`,
        [benchUserId],
      );
      console.log(`\nremoved the ${removed.rowCount} residents the run created`);
    }
    await admin.end();
  }
}

await main();
