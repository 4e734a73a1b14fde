/**
 * What every command of the server's command line shares: its options parsed strictly (an unknown or
 * missing one prints the usage, exit code 2), the configured database opened (DATABASE_URL or the
 * embedded one under DATA_DIR) and always closed, a refusal (AppError) printed with its fields (exit
 * code 1), a bad configuration named without a stack trace. The command's own work answers its exit code.
 */
import { parseArgs } from "node:util";
import { isAppError } from "@care/core/app-error";
import { ConfigError, loadConfig } from "../config/config.ts";
import { openDatabase, type Database } from "../db/database.ts";

export interface TCommand<K extends string> {
  usage: string;
  /** Every option, each a string (`--out file.zip`). */
  options: readonly K[];
  required: readonly K[];
  /** A refused field as a line under the message (default: the message, indented). */
  fieldLine?: (field: string, message: string) => string;
  run: (values: Partial<Record<K, string>>, database: Database) => Promise<number>;
}

/** Runs `command` on `process.argv` and sets the process's exit code. */
export async function runCommand<K extends string>(command: TCommand<K>): Promise<void> {
  try {
    process.exitCode = await run(command, process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}

async function run<K extends string>(command: TCommand<K>, argv: string[]): Promise<number> {
  let values: Partial<Record<K, string>>;
  try {
    const parsed = parseArgs({
      args: argv,
      options: Object.fromEntries(command.options.map((name) => [name, { type: "string" as const }])),
      strict: true,
    });
    values = parsed.values as Partial<Record<K, string>>;
  } catch (error) {
    console.error(`${(error as Error).message}\n${command.usage}`);
    return 2;
  }
  const missing = command.required.filter((name) => !values[name]);
  if (missing.length > 0) {
    console.error(
      `${missing.map((name) => `--${name}`).join(" and ")} ${missing.length > 1 ? "are" : "is"} required.\n${command.usage}`,
    );
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
  });
  try {
    return await command.run(values, database);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const line = command.fieldLine ?? ((_field: string, message: string) => `  ${message}`);
    console.error([error.message, ...Object.entries(error.fields ?? {}).map(([f, m]) => line(f, m))].join("\n"));
    // What stopped a write half-way, for whoever runs the command.
    if (error.cause) console.error(error.cause);
    return 1;
  } finally {
    await database.close();
  }
}

/** A comma-separated list of ids (`--facilities tull,newman`), blanks dropped. */
export function idList(value: string | undefined): string[] | undefined {
  return value
    ?.split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}
