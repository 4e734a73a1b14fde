/**
 * The server process: validate the configuration, wait for PostgreSQL when it is not up yet, open (and
 * migrate) the database, make sure an administrator exists, listen, bill each home's current month (at
 * start and hourly), and shut down gracefully on SIGTERM/SIGINT.
 */
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ensureFirstAdmin, oneTimePasswordBox, type TFirstAdminResult } from "./auth/first-admin.ts";
import { ConfigError, loadConfig, type TConfig } from "./config/config.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { describeTarget, waitForDatabase } from "./db/wait-for-database.ts";
import { startRentSchedule } from "./rent/rent-schedule.ts";

/** Shutdown waits at most this long for in-flight requests before exiting anyway. */
const SHUTDOWN_DELAY_MS = 10_000;

function describeDatabase(config: TConfig): string {
  if (!config.databaseUrl) return `embedded PGlite in ${config.dataDir}/pglite`;
  return `PostgreSQL at ${describeTarget(config.databaseUrl)}`;
}

async function main(): Promise<void> {
  // Whatever the server writes (the embedded database, the session secret) is for its own user only.
  process.umask(0o077);
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = (message: string) => console.info(`[database] ${message}`);
  let database: Database;
  try {
    if (config.databaseUrl) await waitForDatabase(config.databaseUrl, { log });
    database = await openDatabase({
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      dataDir: config.dataDir,
      log,
    });
  } catch (error) {
    // A wrong password or a missing database: one line an operator can act on, no stack trace.
    console.error(`Cannot open the database (${describeDatabase(config)}): ${(error as Error).message}`);
    process.exit(1);
  }
  let firstAdmin: TFirstAdminResult;
  try {
    firstAdmin = await ensureFirstAdmin(database.prisma, config.admin);
  } catch (error) {
    // ADMIN_PASSWORD refused (a common or leaked password), said as any other configuration problem.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(1);
  }
  if (firstAdmin.created && firstAdmin.generatedPassword && firstAdmin.expiresAt)
    console.info(`\n${oneTimePasswordBox(firstAdmin.email, firstAdmin.generatedPassword, firstAdmin.expiresAt)}\n`);

  const app = await buildApp({ config, database });
  if (firstAdmin.created && !firstAdmin.generatedPassword)
    app.log.info({ email: firstAdmin.email }, "created the first administrator from ADMIN_EMAIL");

  let stopRentSchedule = async () => {};
  closeWithGrace({ delay: SHUTDOWN_DELAY_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    // In-flight requests and a rent run in progress finish before the database closes.
    await Promise.all([stopRentSchedule(), app.close()]);
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  stopRentSchedule = startRentSchedule(database, (message, error) =>
    error ? app.log.error({ err: error }, message) : app.log.info(message),
  );
  app.log.info(`Care Portal listening on http://${shownHost}:${config.port} (database: ${describeDatabase(config)})`);
}

await main();
