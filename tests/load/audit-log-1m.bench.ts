/**
 * The audit log viewer must "stay fast at a million rows". This bench measures it on real PostgreSQL:
 * a fresh database with the migrations applied, 1,000,000 audit rows inserted by one generate_series
 * (35 days, 200 users, 10 actions, 8 record types, 50,000 records, 6 facilities, each drawn
 * independently by a hash of the row number), then, for every filter
 * and pair of filters the page offers, the first page, a deep cursor page (90% into the filtered rows,
 * at most the 500,000th) and the count, each read through the app's own repository (the SQL the page
 * gets), median of 5 runs. The deep page's SQL is captured from the pg driver and explained with
 * EXPLAIN (ANALYZE, BUFFERS), so the table shows which index answers it.
 *
 *   npm run bench:audit        (BENCH_DATABASE_URL overrides the server; default the local one)
 */
import { testSessionUser } from "@care/core/rules/access.test-support";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { encodeCursor, type TListQuery } from "@care/core/list-query";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TCaller } from "../../server/src/caller.ts";
import { repositoryOf } from "../../server/src/collections/collection.repository.ts";
import { openDatabase, type Database } from "../../server/src/db/database.ts";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/app";
const ROWS = 1_000_000;
const RUNS = 5;
const PAGE = 50;
/** The newest row's time; each row is 3 s older than the one before (about 35 days in all). */
const NEWEST = "2026-11-24T00:00:00Z";

const SEED_SQL = `
INSERT INTO "audit_log" ("id", "at", "actorId", "actorEmail", "action", "collection", "recordId", "facilityId",
  "summary", "ip", "version", "createdAt", "updatedAt", "createdBy", "updatedBy")
SELECT 'bench-' || lpad(g::text, 7, '0'), t, 'user-' || u, 'user' || u || '@example.test',
  (ARRAY['view','view','view','view','update','create','login','login_failed','archive','file_download'])[1 + abs(hashint4(g + 7)) % 10],
  (ARRAY['residents','vitals','medications','documents','staff','incidents','payments','facilities'])[1 + abs(hashint4(g + 13)) % 8],
  'rec-' || abs(hashint4(g + 31)) % 50000,
  (ARRAY['van-buren','tull','duvali','ashwood','edgemont','newman'])[1 + abs(hashint4(g + 5)) % 6],
  'phone, notes', '203.0.113.' || (g % 250), 1, t, t, 'user-' || u, 'user-' || u
FROM generate_series(1, ${ROWS}) AS g, LATERAL (SELECT timestamptz '${NEWEST}' - g * interval '3 seconds' AS t, abs(hashint4(g)) % 200 AS u) AS row_values`;

const ADMIN: TSessionUser = testSessionUser("administrator", null, { id: "bench-admin", email: "bench@example.test" });
const LIMITED: TSessionUser = { ...ADMIN, id: "bench-limited", facilityIds: ["tull", "newman"] };
const WEEK = { from: "2026-11-01T00:00:00.000Z", to: "2026-11-08T00:00:00.000Z" };

interface TCase {
  name: string;
  query: Pick<TListQuery, "where" | "range">;
  user?: TSessionUser;
}

const CASES: TCase[] = [
  { name: "no filter", query: {} },
  { name: "user", query: { where: { actorId: "user-17" } } },
  { name: "action (view, 40%)", query: { where: { action: "view" } } },
  { name: "action (failed sign-in, 10%)", query: { where: { action: "login_failed" } } },
  { name: "record type", query: { where: { collection: "documents" } } },
  { name: "record (type + id: the record panel)", query: { where: { collection: "staff", recordId: "rec-4" } } },
  { name: "record id", query: { where: { recordId: "rec-4" } } },
  { name: "facility", query: { where: { facilityId: "tull" } } },
  { name: "date range (7 days)", query: { range: WEEK } },
  { name: "user + action", query: { where: { actorId: "user-17", action: "view" } } },
  { name: "facility + action", query: { where: { facilityId: "tull", action: "update" } } },
  { name: "user + record type", query: { where: { actorId: "user-4", collection: "residents" } } },
  { name: "user + date range", query: { where: { actorId: "user-17" }, range: WEEK } },
  { name: "action + date range", query: { where: { action: "login_failed" }, range: WEEK } },
  { name: "facility + date range", query: { where: { facilityId: "tull" }, range: WEEK } },
  { name: "limited admin (2 homes), no filter", query: {}, user: LIMITED },
  { name: "limited admin, action", query: { where: { action: "update" } }, user: LIMITED },
];

// SQL capture: every statement the pg driver sends while `captured` is an array.
let captured: { text: string; values: unknown[] }[] | null = null;
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [config, values] = args;
  if (captured && config && typeof config === "object" && "text" in config) {
    const c = config as { text: string; values?: unknown[] };
    captured.push({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : []) });
  }
  return originalQuery.apply(this, args);
};

/** The SQL condition of a case, for finding its deep row directly (same filters as the repository). */
function whereSql(c: TCase): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const [field, value] of Object.entries(c.query.where ?? {})) {
    values.push(value);
    parts.push(`"${field}" = $${values.length}`);
  }
  if (c.query.range?.from) {
    values.push(c.query.range.from);
    parts.push(`"at" >= $${values.length}`);
  }
  if (c.query.range?.to) {
    values.push(c.query.range.to);
    parts.push(`"at" < $${values.length}`);
  }
  if (c.user?.facilityIds) {
    values.push(c.user.facilityIds);
    parts.push(`"facilityId" = ANY($${values.length})`);
  }
  return { sql: parts.length > 0 ? `WHERE ${parts.join(" AND ")}` : "", values };
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

/** The scan nodes of a plan, e.g. "Index Scan Backward using audit_log_actorId_at_id_idx". */
function accessPath(plan: string[]): string {
  const scans = plan
    .map((line) =>
      line.match(
        /((?:Parallel )?Seq Scan|Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Heap Scan|Bitmap Index Scan) (?:using (\S+) )?on (\S+)/,
      ),
    )
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ""}`);
  return scans.join(" → ");
}

function ms(n: number): string {
  return n.toFixed(n < 10 ? 1 : 0);
}

async function main(): Promise<void> {
  const name = `care_audit_${randomBytes(4).toString("hex")}`;
  const server = new pg.Client({ connectionString: SERVER_URL });
  await server.connect();
  await server.query(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  console.log(
    `database ${name}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (2 cores, shared)`,
  );
  let database: Database | undefined;
  const direct = new pg.Client({ connectionString: databaseUrl });
  try {
    database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
    await direct.connect();
    const seedStart = performance.now();
    await direct.query(SEED_SQL);
    await direct.query(`ANALYZE "audit_log"`);
    console.log(
      `inserted ${ROWS.toLocaleString("en-US")} rows (generate_series, with every index) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const repository = repositoryOf(database.prisma);
    const lines = [
      "| Filter | rows matched | first page ms | deep page ms (row #) | count ms | deep page plan (EXPLAIN ANALYZE) | plan ms |",
      "|---|---:|---:|---:|---:|---|---:|",
    ];
    for (const c of CASES) {
      const caller: TCaller = { user: c.user ?? ADMIN, ip: "127.0.0.1" };
      const query = { ...c.query, limit: PAGE };
      const total = await repository.count(caller, "auditLog", c.query);
      const first = await median(() => repository.list(caller, "auditLog", query));
      const where = whereSql(c);
      const depth = Math.min(Math.floor(total * 0.9), 500_000);
      const deepRow = await direct.query<{ at: Date; id: string }>(
        `SELECT "at", "id" FROM "audit_log" ${where.sql} ORDER BY "at" DESC, "id" DESC OFFSET ${depth} LIMIT 1`,
        where.values,
      );
      const cursor = deepRow.rows[0] ? encodeCursor(deepRow.rows[0].at.toISOString(), deepRow.rows[0].id) : undefined;
      const deepQuery = { ...query, ...(cursor ? { cursor } : {}) };
      const deep = await median(() => repository.list(caller, "auditLog", deepQuery));
      const count = await median(() => repository.count(caller, "auditLog", c.query));
      captured = [];
      await repository.list(caller, "auditLog", deepQuery);
      const statement = captured.find((s) => /^\s*select/i.test(s.text) && s.text.includes('"audit_log"'));
      captured = null;
      const plan = statement
        ? (
            await direct.query<{ "QUERY PLAN": string }>(
              `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
              statement.values,
            )
          ).rows.map((r) => r["QUERY PLAN"])
        : [];
      const planMs = plan.find((l) => l.startsWith("Execution Time"))?.match(/[\d.]+/)?.[0] ?? "?";
      lines.push(
        `| ${c.name} | ${total.toLocaleString("en-US")} | ${ms(first)} | ${ms(deep)} (#${depth.toLocaleString("en-US")}) | ${ms(count)} | ${accessPath(plan)} | ${planMs} |`,
      );
      console.log(`${c.name}: done`);
      if (c === CASES[5] && statement)
        console.log(`\nSQL of a deep page (the record panel):\n${statement.text}\n\n${plan.join("\n")}\n`);
    }
    console.log(`\n${lines.join("\n")}`);
  } finally {
    captured = null;
    await direct.end().catch(() => {});
    await database?.close();
    await server.query(`drop database if exists "${name}" with (force)`);
    await server.end();
    console.log(`\ndropped ${name}`);
  }
}

await main();
