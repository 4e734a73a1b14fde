// `npm run create-user` as an operator types it, against a database of its own (PostgreSQL when the
// tests have one, else an embedded one in a temporary DATA_DIR).
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyPassword } from "../auth/password.ts";
import { createTestDatabase } from "../test/test-database.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../../..");
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "care-cli-"));
  env = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: "cli-test-session-secret-that-is-long-enough-012345" };
  if ("databaseUrl" in db && db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else delete env.DATABASE_URL;
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
});

const createUser = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "server/src/cli/create-user.cli.ts", ...args], { cwd: ROOT, env });

it("without --password prints a one-time password the user must replace; with one, the user signs in with it", async (ctx) => {
  // The test reads what the CLI wrote through its own connection: that needs a PostgreSQL to share.
  if (!env.DATABASE_URL) ctx.skip();
  const { stdout } = await createUser("--email", "jane@example.test", "--role", "caregiver");
  expect(stdout).toContain("Created caregiver jane@example.test (all facilities).");
  const oneTime = /One-time password: (\S+)/.exec(stdout)?.[1] ?? "";
  expect(oneTime.length).toBeGreaterThanOrEqual(16);
  const jane = await db.database.prisma.user.findUniqueOrThrow({ where: { email: "jane@example.test" } });
  expect(jane.mustChangePassword).toBe(true);
  expect(await verifyPassword(jane.passwordHash, oneTime)).toBe(true);
  // It works for one sign-in within 72 hours, and the command says until when.
  const until = jane.oneTimePasswordExpiresAt!.toISOString().slice(0, 16).replace("T", " ");
  expect(stdout).toContain(`It works for one sign-in, until ${until} UTC`);

  const given = await createUser(
    "--email",
    "sam@example.test",
    "--role",
    "caregiver",
    "--password",
    "a long chosen password 7",
  );
  expect(given.stdout).not.toContain("One-time password");
  const sam = await db.database.prisma.user.findUniqueOrThrow({ where: { email: "sam@example.test" } });
  expect(sam.mustChangePassword).toBe(false);
}, 120_000);
