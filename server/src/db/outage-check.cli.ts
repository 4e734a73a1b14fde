// Manual check of the PostgreSQL outage behaviour (needs root and a local PostgreSQL 15 cluster):
// `DATABASE_URL=postgresql://… npx tsx server/src/db/outage-check.cli.ts` opens a Database, stops the
// cluster, expects ping and a query to fail fast with UNAVAILABLE, starts it again and expects the
// same Database to work without reopening. It always restarts the cluster before exiting.
import { execFileSync } from "node:child_process";
import { openDatabase } from "./database.ts";
import { toAppError } from "./db-errors.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to the local PostgreSQL 15 cluster.");
const cluster = (action: "start" | "stop") =>
  execFileSync("pg_ctlcluster", ["15", "main", action], { stdio: "inherit" });

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  try {
    await work();
    console.log(`${label}: ok in ${Date.now() - started} ms`);
  } catch (error) {
    const mapped = toAppError(error);
    console.log(
      `${label}: failed in ${Date.now() - started} ms -> ${mapped ? mapped.code : `unmapped: ${String(error)}`}`,
    );
    if (Date.now() - started > 5_000 || mapped?.code !== "UNAVAILABLE") process.exitCode = 1;
  }
}

const database = await openDatabase({ databaseUrl, dataDir: ":memory:", log: console.log });
try {
  await timed("up: ping", () => database.ping());
  cluster("stop");
  await timed("down: ping", () => database.ping());
  await timed("down: query", () => database.prisma.facility.count());
  await timed("down: transaction", () => database.prisma.$transaction((tx) => tx.facility.count()));
} finally {
  cluster("start");
}
let recovered = false;
for (let attempt = 0; attempt < 10 && !recovered; attempt++) {
  try {
    await database.ping();
    console.log(`back up: facility count ${await database.prisma.facility.count()} (attempt ${attempt + 1})`);
    recovered = true;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
if (!recovered) {
  console.log("did not recover");
  process.exitCode = 1;
}
await database.close();
