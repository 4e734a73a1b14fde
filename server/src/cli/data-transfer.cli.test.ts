// `npm run data-export` and `npm run data-import` as an operator types them, each against an embedded
// database in a temporary DATA_DIR of its own: the export of one instance goes into a new one, the
// accounts' one-time passwords are printed once, and refusals are a message and exit code 1.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../../..");

function instance(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), "care-cli-")),
    SESSION_SECRET: "cli-test-session-secret-that-is-long-enough-012345",
  };
  delete env.DATABASE_URL;
  return env;
}

const cli = (env: NodeJS.ProcessEnv, script: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", `server/src/cli/${script}.cli.ts`, ...args], { cwd: ROOT, env });

/** The exit code and output of a command that fails. */
async function failing(command: Promise<unknown>): Promise<{ code: number; stderr: string }> {
  const error = (await command.then(
    () => null,
    (e: unknown) => e,
  )) as { code: number; stderr: string } | null;
  if (!error) throw new Error("the command succeeded");
  return error;
}

it("exports an instance to a file and imports it into an empty one, printing the one-time passwords once", async () => {
  const source = instance();
  const target = instance();
  const file = join(source.DATA_DIR!, "export.zip");
  await cli(source, "create-user", "--email", "jane@example.test", "--role", "administrator", "--password", "a long chosen password 7"); // prettier-ignore
  const exported = await cli(source, "data-export", "--out", file);
  expect(exported.stdout).toContain(`Exported to ${file}.`);

  const imported = await cli(target, "data-import", "--file", file);
  expect(imported.stdout).toMatch(/^Imported \d+ records and 0 files\./);
  expect(imported.stdout).toMatch(/jane@example\.test: \w{4}-\w{4}-\w{4}-\w{4}\n/);

  const again = await failing(cli(target, "data-import", "--file", file));
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("Imports go into an empty instance only; this one holds data. Nothing was written.");
  expect(again.stderr).toContain("The instance has taken an import already.");

  // The source is still empty enough (one account, the defaults): a file that is no export is refused.
  const notZip = join(source.DATA_DIR!, "notes.txt");
  writeFileSync(notZip, "not a zip");
  const refused = await failing(cli(source, "data-import", "--file", notZip));
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain("This file is not a Care Portal export.");
  expect((await failing(cli(source, "data-export"))).stderr).toContain("--out is required.");
}, 180_000);
