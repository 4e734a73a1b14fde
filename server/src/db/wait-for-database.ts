// At start the server may come up before PostgreSQL (a compose stack, a rebooted host): instead of
// crashing into a restart loop with a stack trace, it waits for the database, saying so in one line.
// Anything that is not "not reachable yet" (a wrong password, a missing database) still fails at once.
import pg from "pg";
import { toAppError } from "./db-errors.ts";

export interface WaitForDatabaseOptions {
  /** Receives one line when the database is not reachable, and one when it answers after a wait. */
  log: (message: string) => void;
  /** Pause between attempts (default 2 s). */
  retryMs?: number;
}

/** Where the URL points, without the credentials: `host:port/database`. */
export function describeTarget(connectionString: string): string {
  const url = new URL(connectionString);
  return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
}

/** Why a connection failed, in a few words (Node's refusals can carry an empty message). */
function reason(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return message?.trim() || code || String(error);
}

/** Resolves once PostgreSQL accepts a connection and answers `select 1`; rejects on any other failure. */
export async function waitForDatabase(connectionString: string, options: WaitForDatabaseOptions): Promise<void> {
  const retryMs = options.retryMs ?? 2_000;
  const started = Date.now();
  let waiting = false;
  for (;;) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
    // A refused or reset connection also surfaces as an 'error' event; the awaited calls report it.
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      if (waiting) {
        const seconds = Math.round((Date.now() - started) / 1000);
        options.log(`the database at ${describeTarget(connectionString)} answers after ${seconds} s`);
      }
      return;
    } catch (error) {
      if (toAppError(error)?.code !== "UNAVAILABLE") throw error;
      if (!waiting) {
        options.log(
          `waiting for the database at ${describeTarget(connectionString)} (${reason(error)}); retrying every ${retryMs / 1000} s`,
        );
        waiting = true;
      }
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
