/**
 * `npm run bench:lighthouse [-- --server path/to/main.js --web-dist path/to/dist] [--runs 1]`: Lighthouse
 * (the npm package, with Debian's Chromium: CHROME_PATH, default /usr/bin/chromium) against the built
 * server on the large data set (`npm run seed:large` into BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgresql://app:app@127.0.0.1:5432/care_bench): /login signed out, /reminders and /residents signed
 * in (the session cookie as an extra header), each with the mobile preset (simulated slow 4G, 4× CPU
 * slowdown) and the desktop preset. Prints a markdown table of the performance, accessibility and
 * best-practices scores with the first and largest contentful paints (the median of `--runs` runs by
 * performance score), also written to test-results/lighthouse.md, and every failing audit of the
 * accessibility and best-practices categories. Goal: mobile performance ≥ 90, accessibility and best
 * practices 100. `--server` and `--web-dist` measure another build (e.g. the one before a change).
 */
import { execFile, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import { createUser } from "../../server/src/auth/users.ts";
import { openDatabase } from "../../server/src/db/database.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://app:app@127.0.0.1:5432/care_bench";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const USER = { email: "bench-admin@example.test", password: "correct horse battery staple" };
const LIGHTHOUSE = resolve(ROOT, "node_modules/lighthouse/cli/index.js");
const run = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    server: { type: "string", default: "server/dist/main.js" },
    "web-dist": { type: "string", default: "web/dist" },
    runs: { type: "string", default: "1" },
  },
});
const RUNS = Math.max(1, Number(args.runs));

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  failing: string[];
}

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

async function ensureUser(): Promise<void> {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: ":memory:" });
  try {
    if ((await database.prisma.resident.count()) < 1000)
      throw new Error("the database holds few residents: run `npm run seed:large` first");
    if (!(await database.prisma.user.findUnique({ where: { email: USER.email } })))
      await createUser(database.prisma, { ...USER, role: "administrator", facilityIds: null }, null);
  } finally {
    await database.close();
  }
}

type TLighthouseReport = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }>;
};

/** One Lighthouse run; a run that fails (on a loaded machine Chromium may not answer in time) is tried twice more. */
async function lighthouse(
  url: string,
  preset: "mobile" | "desktop",
  cookie: string | null,
  attempt = 1,
): Promise<Scores> {
  try {
    return await lighthouseOnce(url, preset, cookie);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.warn(`Lighthouse failed on ${url} (${preset}), trying again: ${String((error as { stderr?: string }).stderr ?? error).slice(0, 200)}`); // prettier-ignore
    return lighthouse(url, preset, cookie, attempt + 1);
  }
}

async function lighthouseOnce(url: string, preset: "mobile" | "desktop", cookie: string | null): Promise<Scores> {
  const { stdout } = await run(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      "--output=json",
      "--quiet",
      "--only-categories=performance,accessibility,best-practices",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as TLighthouseReport;
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = ["accessibility", "best-practices"].flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .map((ref) => ({ ref, audit: report.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.scoreDisplayMode === "binary" && audit.score !== null && audit.score < 1)
      .map(({ ref, audit }) => `${category}: ${ref.id} (${audit!.title})`),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcpMs: report.audits["first-contentful-paint"]?.numericValue ?? NaN,
    lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    failing,
  };
}

async function main(): Promise<void> {
  console.log(`server ${args.server}, web ${args["web-dist"]}; ${cpus().length} cores; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`); // prettier-ignore
  await ensureUser();
  const port = await freePort();
  let log = "";
  const server = spawn(process.execPath, [resolve(ROOT, args.server)], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL,
      WEB_DIST: resolve(ROOT, args["web-dist"]),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      COOKIE_SECURE: "false",
      SESSION_SECRET: "lighthouse-session-secret-that-is-long-enough-0123456",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (chunk) => (log += chunk));
  server.stderr.on("data", (chunk) => (log += chunk));
  const origin = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer within 90 s:\n${log}`);
      const ok = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "care-portal" },
      body: JSON.stringify(USER),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("care_session="))!
      .split(";")[0]!;

    const pages: [path: string, signedIn: boolean][] = [
      ["/login", false],
      ["/reminders", true],
      ["/residents", true],
    ];
    const rows: string[] = [];
    const failing = new Set<string>();
    for (const [path, signedIn] of pages) {
      for (const preset of ["mobile", "desktop"] as const) {
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await lighthouse(`${origin}${path}`, preset, signedIn ? cookie : null));
        runs.sort((a, b) => a.performance - b.performance);
        const s = runs[Math.floor(runs.length / 2)]!;
        for (const f of s.failing) failing.add(`${path} ${preset}: ${f}`);
        const row = `| ${path} | ${preset} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${(s.fcpMs / 1000).toFixed(1)} | ${(s.lcpMs / 1000).toFixed(1)} |`;
        console.log(`measured: ${row}`);
        rows.push(row);
      }
    }
    const lines = [
      `Lighthouse ${JSON.parse(await readFile(resolve(ROOT, "node_modules/lighthouse/package.json"), "utf8")).version}, ` +
        `Chromium ${CHROME_PATH}, median of ${RUNS} run(s); load average at the end ${loadavg().map((l) => l.toFixed(2)).join(" ")}.`,
      "",
      "| Page | Preset | Performance | Accessibility | Best practices | FCP s | LCP s |",
      "|---|---|---:|---:|---:|---:|---:|",
      ...rows,
      ...(failing.size > 0 ? ["", "Failing audits:", ...[...failing].map((f) => `- ${f}`)] : []),
    ]; // prettier-ignore
    console.log(`\n${lines.join("\n")}`);
    await mkdir(resolve(ROOT, "test-results"), { recursive: true });
    await writeFile(resolve(ROOT, "test-results/lighthouse.md"), `${lines.join("\n")}\n`);
  } finally {
    server.kill("SIGTERM");
  }
}

await main();
