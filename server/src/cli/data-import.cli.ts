/**
 * `npm run data-import -- --file care-export.zip`: loads an export (of any backend) into the
 * configured database (DATABASE_URL or the embedded one under DATA_DIR), which must be empty (a first
 * start's defaults and at most one account). Every record is checked first; any problem is listed and
 * nothing is written. Passwords are never exported: the accounts' one-time passwords are printed once,
 * and each user chooses their own at the first sign-in.
 */
import { parseArgs } from "node:util";
import { isAppError } from "@care/core/app-error";
import { ConfigError, loadConfig } from "../config/config.ts";
import { openDatabase } from "../db/database.ts";
import { importData } from "../data-export/import-data.ts";

const USAGE = "Usage: npm run data-import -- --file <export.zip>";

async function run(argv: string[]): Promise<number> {
  let values: { file?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { file: { type: "string" } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.file) {
    console.error(`--file is required.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
  });
  try {
    const result = await importData(database, null, { archivePath: values.file });
    const records = Object.values(result.counts).reduce((sum, n) => sum + n, 0);
    console.info(`Imported ${records} records and ${result.files} files.`);
    if (result.users.length > 0) {
      console.info("One-time passwords, shown only this once (each user chooses their own at the first sign-in):");
      for (const user of result.users)
        console.info(`  ${user.email}${user.active ? "" : " (inactive)"}: ${user.oneTimePassword}`);
    }
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      console.error([error.message, ...Object.values(error.fields ?? {}).map((m) => `  ${m}`)].join("\n"));
      // What stopped a write half-way, for whoever runs the command.
      if (error.cause) console.error(error.cause);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
}
