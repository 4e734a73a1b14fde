/**
 * Issue 4 asks that the residents list "stays fast at 10,000 residents". This bench measures it on
 * real PostgreSQL: a fresh database, 10,000 deterministic residents over the six facilities (half with
 * a rent account), the real app, and autocannon (16 connections, ~5 s each, run as a child process so
 * the load generator does not share the server's event loop) against the list pages, a deep keyset
 * page, a sort, a search, the count and one record. A bare Fastify route serving the same first page
 * with raw `pg` runs in the same process as the baseline; each endpoint is reported as a ratio to it,
 * because the machines are shared and absolute numbers are noisy. Each endpoint's SQL is captured
 * from the pg driver while one request runs and explained with EXPLAIN (ANALYZE, BUFFERS).
 *
 *   npm run bench:residents        (BENCH_DATABASE_URL overrides the server; default the local one)
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { promisify } from "node:util";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { ZResident, type TResident } from "@care/core/collections/residents.collection";
import { buildApp } from "../../server/src/app.ts";
import { createUser } from "../../server/src/auth/users.ts";
import { openDatabase, postgresPoolConfig, type Database } from "../../server/src/db/database.ts";
import { sessionCookieOf, testConfig } from "../../server/src/test/build-test-app.ts";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/app";
const RESIDENTS = 10_000;
const BATCH = 1_000;
const CONNECTIONS = 16;
const DURATION_S = 5;
const DEEP_PAGES = 30;
const FACILITY = "tull";
const ADMIN = { email: "bench-admin@example.test", password: "correct horse battery staple" };
const AUTOCANNON = resolve(import.meta.dirname, "../../node_modules/autocannon/autocannon.js");
const SERIAL_CALLS = 200;
const BASELINE_SQL = `SELECT * FROM residents WHERE "facilityId" = $1 AND "archivedAt" IS NULL ORDER BY "lastName", "id" LIMIT 51`;
const run = promisify(execFile);

/** Small deterministic PRNG (mulberry32) so every run seeds the same residents. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ["Mary", "John", "Patricia", "Robert", "Linda", "Michael", "Barbara", "William", "Elizabeth", "David",
  "Susan", "Richard", "Jessica", "Joseph", "Sarah", "Thomas", "Karen", "Charles", "Nancy", "Daniel", "Lisa", "Paul",
  "Betty", "Mark", "Helen", "George", "Dorothy", "Edward", "Ruth", "Frank"]; // prettier-ignore
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee",
  "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young",
  "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker",
  "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Goldsmith", "Smithers", "Okafor", "Kowalski",
  "Novak", "Schmidt", "Ivanova", "Haddad", "Tanaka", "O'Brien"]; // prettier-ignore

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function date(random: () => number, fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The i-th resident (round robin over the six facilities), validated by the shared schema. */
function residentAt(i: number, random: () => number): TResident {
  const admissionDate = date(random, 2012, 2025);
  const roll = random();
  const status = roll < 0.85 ? "active" : roll < 0.9 ? "on_leave" : roll < 0.93 ? "hospital" : "discharged";
  return ZResident.parse({
    facilityId: SEED_FACILITIES[i % SEED_FACILITIES.length]!.id,
    firstName: pick(random, FIRST),
    lastName: pick(random, LAST),
    dateOfBirth: date(random, 1925, 1955),
    gender: random() < 0.6 ? "female" : "male",
    room: String(100 + (i % 60)),
    bed: random() < 0.5 ? "A" : "B",
    status,
    admissionDate,
    ...(status === "discharged" ? { dischargeDate: "2026-11-01", statusDate: "2026-11-01" } : {}),
    levelOfCare: pick(random, ["Basic", "Intermediate", "Memory care"]),
    ambulatoryStatus: pick(random, ["ambulatory", "non_ambulatory", "bedridden"] as const),
    codeStatus: pick(random, ["full_code", "dnr", "polst"] as const),
    primaryPhysician: "Dr. Rivera",
    emergencyContacts: [{ name: "Family Contact", relationship: "Daughter", phone: "(559) 555-0100" }],
    monthlyRateCents: 350_000 + Math.floor(random() * 20) * 5_000,
  });
}

async function seed(database: Database): Promise<void> {
  const random = prng(4);
  for (let start = 0; start < RESIDENTS; start += BATCH) {
    const residents = [];
    const accounts = [];
    for (let i = start; i < Math.min(start + BATCH, RESIDENTS); i++) {
      const id = `res-${String(i).padStart(5, "0")}`;
      const r = residentAt(i, random);
      const monthlyRateCents = r.monthlyRateCents === undefined ? null : BigInt(r.monthlyRateCents);
      residents.push({ id, ...r, monthlyRateCents, createdBy: "bench" });
      if (i % 2 === 0) {
        const charged = BigInt(r.monthlyRateCents ?? 0) * 3n;
        const paid = i % 4 === 0 ? charged : charged - 100_000n;
        accounts.push({
          id: `ra-${String(i).padStart(5, "0")}`,
          residentId: id,
          facilityId: r.facilityId,
          chargedCents: charged,
          paidCents: paid,
          balanceCents: charged - paid,
          oldestUnpaidDueDate: charged === paid ? null : "2026-10-01",
        });
      }
    }
    await database.prisma.resident.createMany({ data: residents });
    await database.prisma.rentAccount.createMany({ data: accounts });
  }
}

// Every pool (the app's too) ignores errors of idle connections: the database is dropped with
// (force) at the end, which terminates any connection still open instead of crashing the bench.
pg.Pool = class extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on("error", () => {});
  }
};

// SQL capture: every statement the pg driver sends while `captured` is an array.
let captured: { text: string; values: unknown[] }[] | null = null;
let lastQueryAt = 0;

/** Requests still queued when autocannon stops run on for a while; waits until no SQL for 500 ms. */
async function settled(): Promise<void> {
  while (performance.now() - lastQueryAt < 500) await new Promise((r) => setTimeout(r, 100));
}
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [config, values] = args;
  lastQueryAt = performance.now();
  if (captured && config && typeof config === "object" && "text" in config) {
    const c = config as { text: string; values?: unknown[] };
    captured.push({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : []) });
  }
  return originalQuery.apply(this, args);
};

interface Endpoint {
  name: string;
  path: string;
  /** Whether the list-page p99 target (50 ms at 16 connections) applies. */
  listPage: boolean;
}

interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function autocannon(url: string, cookie?: string): Promise<Measured> {
  const args = [AUTOCANNON, "-j", "-c", String(CONNECTIONS), "-d", String(DURATION_S)];
  if (cookie) args.push("-H", `cookie: ${cookie}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 10 * 1024 * 1024 });
  const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statement that reads `residents` among those captured. */
async function explain(client: pg.Client, statements: { text: string; values: unknown[] }[]) {
  const main = statements.find((s) => /^\s*select/i.test(s.text) && /"residents"/.test(s.text));
  if (!main) return { sql: "(no residents query captured)", plan: [] as string[] };
  const result = await client.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${main.text}`,
    main.values as unknown[],
  );
  return { sql: main.text, values: main.values, plan: result.rows.map((r) => r["QUERY PLAN"]) };
}

/** The scan nodes on residents, e.g. "Index Scan using residents_facilityId_lastName_id_idx". */
function accessPath(plan: string[]): string {
  const scans = plan
    .map((line) =>
      line.match(
        /((?:Parallel )?Seq Scan|Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Heap Scan|Bitmap Index Scan) (?:using (\S+) )?on (\S+)/,
      ),
    )
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => (m[1] === "Bitmap Index Scan" ? `${m[1]} ${m[3]}` : `${m[1]}${m[2] ? ` ${m[2]}` : ""} on ${m[3]}`));
  const time = plan.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
  return `${scans.join(" → ")} (${time})`;
}

async function baselineServer(connectionString: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = new pg.Pool(postgresPoolConfig(connectionString));
  const app = Fastify({ logger: false });
  app.get("/baseline", async () => {
    const { rows } = await pool.query(BASELINE_SQL, [FACILITY]);
    return { items: rows.slice(0, 50), nextCursor: rows.length > 50 ? rows[49].id : null };
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, pool };
}

function ms(n: number): string {
  return n.toFixed(n < 10 ? 1 : 0);
}

async function main(): Promise<void> {
  const name = `care_load_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  console.log(
    `database ${name}; load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (2 cores)`,
  );

  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let baseline: { app: FastifyInstance; pool: pg.Pool } | undefined;
  const explainer = new pg.Client({ connectionString: databaseUrl });
  try {
    database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
    const seedStart = performance.now();
    await seed(database);
    const seedMs = performance.now() - seedStart;
    await database.prisma.$executeRawUnsafe("ANALYZE residents, rent_accounts");
    console.log(`seeded ${RESIDENTS} residents (+${RESIDENTS / 2} rent accounts) in ${(seedMs / 1000).toFixed(2)} s`);

    await createUser(database.prisma, { ...ADMIN, role: "administrator", facilityIds: null }, null);
    app = await buildApp({ config: testConfig(), database, logger: false });
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "care-portal" },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = sessionCookieOf(login.headers.getSetCookie());
    const getJson = async (path: string) => {
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { items: { id: string }[]; nextCursor: string | null; count?: number };
    };

    const where = encodeURIComponent(JSON.stringify({ facilityId: FACILITY }));
    const first = `/api/v1/residents?where=${where}&limit=50`;
    const byAdmission = `${first}&sort=admissionDate:desc`;
    const deepOf = async (path: string) => {
      let page = await getJson(path);
      for (let i = 1; i < DEEP_PAGES; i++) {
        if (!page.nextCursor) throw new Error(`${path}: no page ${i + 1}`);
        page = await getJson(`${path}&cursor=${encodeURIComponent(page.nextCursor)}`);
      }
      return `${path}&cursor=${encodeURIComponent(page.nextCursor!)}`;
    };
    const one = (await getJson(first)).items[0]!.id;
    const endpoints: Endpoint[] = [
      { name: `list ${FACILITY}, first page (lastName)`, path: first, listPage: true },
      { name: `list ${FACILITY}, page ${DEEP_PAGES + 1} (cursor)`, path: await deepOf(first), listPage: true },
      { name: `list ${FACILITY}, admissionDate desc, first page`, path: byAdmission, listPage: true },
      { name: `list ${FACILITY}, admissionDate desc, page ${DEEP_PAGES + 1}`, path: await deepOf(byAdmission), listPage: true },
      { name: `search "smi" in ${FACILITY}`, path: `${first}&search=smi`, listPage: true },
      { name: `search "smi", all facilities`, path: `/api/v1/residents?limit=50&search=smi`, listPage: true },
      { name: `count ${FACILITY}`, path: `/api/v1/residents/count?where=${where}`, listPage: false },
      { name: `get one resident`, path: `/api/v1/residents/${one}`, listPage: false },
    ]; // prettier-ignore

    baseline = await baselineServer(databaseUrl);
    const baselineUrl = `http://127.0.0.1:${(baseline.app.server.address() as { port: number }).port}/baseline`;
    await explainer.connect();

    // Warm both servers (JIT, pools, caches) before measuring.
    await run(process.execPath, [AUTOCANNON, "-j", "-c", String(CONNECTIONS), "-d", "1", baselineUrl]);
    await run(process.execPath, [AUTOCANNON, "-j", "-c", String(CONNECTIONS), "-d", "1", "-H", `cookie: ${cookie}`, `${origin}${first}`]); // prettier-ignore

    await settled();
    const base = await autocannon(baselineUrl);
    const rows: {
      endpoint: Endpoint;
      m: Measured;
      statements: string[];
      access: string;
      sql: string;
      plan: string[];
    }[] = [];
    for (const endpoint of endpoints) {
      captured = [];
      await getJson(endpoint.path);
      const statements = captured;
      captured = null;
      const { sql, plan } = await explain(explainer, statements);
      const m = await autocannon(`${origin}${endpoint.path}`, cookie);
      await settled();
      rows.push({
        endpoint,
        m,
        statements: statements.map((st) => st.text.slice(0, 90)),
        access: accessPath(plan),
        sql,
        plan,
      });
      console.log(`measured: ${endpoint.name}`);
    }
    // Where a list request's time goes, without concurrency: mean of sequential calls in this process.
    const serial = async (work: () => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await work();
      const start = performance.now();
      for (let i = 0; i < SERIAL_CALLS; i++) await work();
      return (performance.now() - start) / SERIAL_CALLS;
    };
    const serialRows: [string, number][] = [
      ["raw pg: SELECT * … LIMIT 51", await serial(() => baseline!.pool.query(BASELINE_SQL, [FACILITY]))],
      [
        "Prisma findMany, same query (51 rows)",
        await serial(() =>
          database!.prisma.resident.findMany({
            where: { AND: [{ facilityId: FACILITY }, { archivedAt: null }] },
            orderBy: [{ lastName: "asc" }, { id: "asc" }],
            take: 51,
          }),
        ),
      ],
      ["HTTP first page (app.inject: session, list, audit row, JSON)", await serial(() => app!.inject({ url: first, headers: { cookie } }))],
      ["HTTP count (app.inject)", await serial(() => app!.inject({ url: `/api/v1/residents/count?where=${where}`, headers: { cookie } }))],
      ["HTTP get one (app.inject)", await serial(() => app!.inject({ url: `/api/v1/residents/${one}`, headers: { cookie } }))],
    ]; // prettier-ignore

    const basePlan = await explainer.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${BASELINE_SQL}`, [
      FACILITY,
    ]);

    console.log(
      `\nload average at end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (2 cores)`,
    );
    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each; ratio = endpoint req/s ÷ baseline req/s\n`);
    console.log(
      "| Endpoint | req/s | p50 ms | p99 ms | vs baseline | SQL per request | Plan on residents (EXPLAIN ANALYZE) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---|");
    console.log(
      `| baseline: bare Fastify + raw pg, first page | ${base.reqPerSec.toFixed(0)} | ${ms(base.p50)} | ${ms(base.p99)} | 1.00 | 1 | ${accessPath(basePlan.rows.map((r) => r["QUERY PLAN"]))} |`,
    );
    for (const { endpoint, m, statements, access } of rows) {
      const failures = m.non2xx + m.errors > 0 ? ` (${m.non2xx} non-2xx, ${m.errors} errors)` : "";
      console.log(
        `| ${endpoint.name}${failures} | ${m.reqPerSec.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p99)} | ${(m.reqPerSec / base.reqPerSec).toFixed(2)} | ${statements.length} | ${access} |`,
      );
    }

    console.log(`\nSequential calls in-process (mean of ${SERIAL_CALLS}, no concurrency):\n`);
    console.log("| Step | mean ms |\n|---|---:|");
    for (const [label, mean] of serialRows) console.log(`| ${label} | ${mean.toFixed(2)} |`);

    const problems = rows.filter(
      (r) =>
        (r.endpoint.listPage && r.endpoint.name.includes(FACILITY) && /Seq Scan/.test(r.access)) ||
        (r.endpoint.listPage && r.m.p99 > 50) ||
        r.m.non2xx + r.m.errors > 0,
    );
    console.log(
      problems.length === 0
        ? "\nNo sequential scan on residents for the facility lists; list p99 within 50 ms."
        : `\nAttention: ${problems.map((p) => p.endpoint.name).join("; ")} (seq scan on a facility list, list p99 > 50 ms, or failures)`,
    );
    for (const { endpoint, statements, sql, plan } of rows) {
      console.log(`\n### ${endpoint.name}\n${endpoint.path}\n\nstatements of one request:\n${statements.join("\n")}`);
      console.log(`\n${sql}\n\n${plan.join("\n")}`);
    }
  } finally {
    captured = null;
    await explainer.end().catch(() => {});
    await baseline?.app.close();
    await baseline?.pool.end();
    await app?.close();
    await database?.close();
    const left = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    if (left.rows[0]!.n > 0)
      console.log(`\nnote: ${left.rows[0]!.n} connection(s) still open on ${name} after closing everything`);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    console.log(`\ndropped ${name}`);
  }
}

await main();
