/**
 * The Reminders API at one home's real size, old answer against new in the same run on the same data:
 * a fresh PostgreSQL database with one home of 333 residents in care (the California default document
 * types, a third of the residents with a Physician's Report that is expiring or expired, a tenth with
 * rent past due), the real app, and autocannon (16 connections, 5 s each, a child process) against
 *
 * - old: every derived reminder in one answer, as the page asked for before the grouping — served by
 *   the same app through the same use case and the same single-flight as the new route;
 * - new: `/insights/reminders` answering the groups with their counts (the page's first load);
 * - new: one group's first page of 20 items (opening a group).
 *
 * For each: bytes per response, req/s, p50 and p99 latency, the server's peak RSS while it ran, and
 * the ratio new/old (the machines are shared and noisy; the ratio is what to read).
 *
 *   npm run bench:reminders        (BENCH_DATABASE_URL overrides the server; default the local one)
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import type { TRemindersQuery } from "@care/core/ports/insights.port";
import { addDays, addMonths, localToday } from "@care/core/rules/date-only.rules";
import { buildApp } from "../../server/src/app.ts";
import { createUser } from "../../server/src/auth/users.ts";
import { callerOf } from "../../server/src/caller.ts";
import { openDatabase, type Database } from "../../server/src/db/database.ts";
import { derivedReminders } from "../../server/src/insights/derived-reminders.ts";
import { createSingleFlight } from "../../server/src/insights/single-flight.ts";
import { sessionCookieOf, testConfig } from "../../server/src/test/build-test-app.ts";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/app";
const RESIDENTS = 333;
const FACILITY = "tull";
const CONNECTIONS = 16;
const DURATION_S = 5;
const ADMIN = { email: "bench-admin@example.test", password: "correct horse battery staple" };
const AUTOCANNON = resolve(import.meta.dirname, "../../node_modules/autocannon/autocannon.js");
const run = promisify(execFile);

// Dropping the scratch database at the end ends connections a pool may still hold: not an error here.
pg.Pool = class extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on("error", () => {});
  }
};

async function seed(database: Database, today: string): Promise<void> {
  const physician = RCFE_DEFAULT_DOCUMENT_TYPES.find((t) => t.formCode === "LIC 602A")!;
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  await database.prisma.storedFile.create({
    data: { id: "bench-file", name: "report.pdf", contentType: "application/pdf", size: pdf.length, sha256: "0", bytes: pdf, facilityId: FACILITY }, // prettier-ignore
  });
  const residents = [];
  const documents = [];
  const accounts = [];
  for (let i = 0; i < RESIDENTS; i++) {
    const id = `bench-res-${String(i).padStart(4, "0")}`;
    residents.push({
      id,
      facilityId: FACILITY,
      firstName: `First${i}`,
      lastName: `Last${String(i).padStart(4, "0")}`,
      dateOfBirth: "1940-01-01",
      gender: "female",
      status: "active",
      admissionDate: addMonths("2024-01-01", i % 24),
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      createdBy: "bench",
    });
    if (i % 3 === 0) {
      // Expiring within the 30 days' lead time, or expired.
      const expiryDate = addDays(today, (i % 60) - 30);
      documents.push({
        id: `bench-doc-${i}`,
        subject: "resident",
        subjectId: id,
        facilityId: FACILITY,
        typeId: physician.id,
        fileId: "bench-file",
        fileName: "report.pdf",
        contentType: "application/pdf",
        size: pdf.length,
        issueDate: addMonths(expiryDate, -12),
        expiryDate,
      });
    }
    if (i % 10 === 0)
      accounts.push({
        id,
        residentId: id,
        facilityId: FACILITY,
        chargedCents: 350_000n,
        paidCents: 0n,
        balanceCents: 350_000n,
        oldestUnpaidDueDate: addDays(today, -20),
      });
  }
  await database.prisma.resident.createMany({ data: residents });
  await database.prisma.document.createMany({ data: documents });
  await database.prisma.rentAccount.createMany({ data: accounts });
  await database.prisma.$executeRawUnsafe("ANALYZE residents, documents, rent_accounts");
}

interface Measured {
  bytes: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  peakRssMb: number;
}

async function measure(url: string, cookie: string): Promise<Measured> {
  const bytes = (await (await fetch(url, { headers: { cookie } })).arrayBuffer()).byteLength;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const args = [AUTOCANNON, "-j", "-c", String(CONNECTIONS), "-d", String(DURATION_S), "-H", `cookie: ${cookie}`, url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 });
  clearInterval(sampler);
  const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    bytes,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    peakRssMb: peak / 1024 / 1024,
  };
}

async function main(): Promise<void> {
  const name = `care_reminders_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const today = localToday();
  const load = () => loadavg().map((l) => l.toFixed(2)).join(" "); // prettier-ignore
  console.log(`database ${name}; today ${today}; load average at start ${load()} (2 cores)`);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: ":memory:" });
    await seed(database, today);
    await createUser(database.prisma, { ...ADMIN, role: "administrator", facilityIds: null }, null);
    const app = await buildApp({ config: testConfig(), database, logger: false });
    // The old answer: every reminder at once, through the same use case, access check and single-flight.
    const flights = createSingleFlight<Buffer>();
    const db = database;
    app.get("/api/v1/bench/reminders-all", async (request, reply) => {
      const query: TRemindersQuery = { facilityId: FACILITY, today, limit: Number.MAX_SAFE_INTEGER };
      const body = await flights.run("all", async () =>
        Buffer.from(JSON.stringify({ items: (await derivedReminders(db, callerOf(request), query)).items })),
      );
      return reply.type("application/json; charset=utf-8").send(body);
    });
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "care-portal" },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = sessionCookieOf(login.headers.getSetCookie());

    const base = `${origin}/api/v1/insights/reminders?facilityId=${FACILITY}&today=${today}`;
    const groups = (await (await fetch(base, { headers: { cookie } })).json()) as {
      total: number;
      groups: { id: string; count: number }[];
    };
    const biggest = groups.groups.reduce((a, b) => (b.count > a.count ? b : a));
    const endpoints = [
      { name: "old: every reminder in one answer", url: `${origin}/api/v1/bench/reminders-all` },
      { name: "new: groups with counts (page load)", url: base },
      { name: `new: one group, first 20 items`, url: `${base}&group=${encodeURIComponent(biggest.id)}&limit=20` },
    ];
    console.log(`${groups.total} open reminders in ${groups.groups.length} groups (by person)`);
    // Warm up each once.
    for (const e of endpoints) await run(process.execPath, [AUTOCANNON, "-c", "4", "-d", "1", "-H", `cookie: ${cookie}`, e.url]); // prettier-ignore
    const results = [];
    for (const e of endpoints) results.push({ ...e, m: await measure(e.url, cookie) });
    const old = results[0]!.m;
    const lines = [
      `| endpoint | bytes/response | req/s | p50 ms | p99 ms | peak RSS MB | bytes new/old | req/s new/old | p99 new/old |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
      ...results.map(({ name, m }) => {
        const ratio = (a: number, b: number) => (a / b).toFixed(3);
        return `| ${name} | ${m.bytes} | ${m.reqPerSec.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.peakRssMb.toFixed(0)} | ${ratio(m.bytes, old.bytes)} | ${ratio(m.reqPerSec, old.reqPerSec)} | ${ratio(m.p99, old.p99)} |`; // prettier-ignore
      }),
    ];
    console.log(lines.join("\n"));
    console.log(`load average at end ${load()}`);
    await app.close();
  } finally {
    await database?.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
