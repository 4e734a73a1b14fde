/**
 * `npm run data-export -- --out care-export.zip [--facilities tull,newman]`: the full data export of
 * Settings → Export and import, from the configured database (DATABASE_URL or the embedded one under
 * DATA_DIR), written to a file: every collection as JSON and CSV, the audit log and every file, with
 * its manifest. Whoever may open the database may take it, so it needs no account; it is audited
 * ("command line"). Streams like the server's export: memory stays flat however large the group.
 */
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { isAppError } from "@care/core/app-error";
import { ConfigError, loadConfig } from "../config/config.ts";
import { openDatabase } from "../db/database.ts";
import { exportData } from "../data-export/export-data.ts";

const USAGE = "Usage: npm run data-export -- --out <file.zip> [--facilities id1,id2]";

async function run(argv: string[]): Promise<number> {
  let values: { out?: string; facilities?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: "string" }, facilities: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.out) {
    console.error(`--out is required.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
  });
  try {
    const facilityIds = values.facilities
      ?.split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    const exported = await exportData(database, null, { facilityIds });
    await pipeline(exported.stream, createWriteStream(values.out));
    console.info(`Exported to ${values.out}.`);
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      console.error([error.message, ...Object.values(error.fields ?? {}).map((m) => `  ${m}`)].join("\n"));
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
