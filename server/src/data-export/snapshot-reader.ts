/**
 * Reads for a full data export: every table walked through server-side cursors, batch by batch, so
 * memory stays flat however large the tables, inside one read-only transaction. On PostgreSQL it is a
 * REPEATABLE READ snapshot on a connection of its own: every collection and file of the export is as
 * of one moment while the portal keeps working. Embedded PGlite has one connection, so there the
 * export's transaction holds it and other requests wait until it ends: the export keeps it short (it
 * writes to a temporary file, within a time limit) and streams the file afterwards.
 */
import type { QueryConfig } from "pg";
import type { Database } from "../db/database.ts";
import { sqlPoolOf } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";

export type TSnapshotRow = Record<string, unknown>;

export interface TSnapshot {
  /** The rows of `sql` (no parameters) in batches of at most `size`, read through a cursor. */
  batches(sql: string, size: number): AsyncGenerator<TSnapshotRow[]>;
}

/** node-postgres's type id of BIGINT (int8), which it answers as text. */
const INT8 = 20;
/** How much longer than the export's own time limit the database lets its transaction live, as a backstop. */
const BACKSTOP_MS = 60_000;
/**
 * The first fetch of a cursor sorts the whole table by id (byte order): longer than the pool's limits
 * for one statement (15 s on the server, 20 s in the client) on a large audit log.
 */
const FETCH_MS = 10 * 60_000;

/** node-postgres answers BIGINT (money in cents) as text: numbers, as the row mappers expect. */
function int8AsNumbers(rows: TSnapshotRow[], columns: readonly string[]): TSnapshotRow[] {
  if (columns.length > 0)
    for (const row of rows)
      for (const name of columns) if (typeof row[name] === "string") row[name] = Number(row[name]);
  return rows;
}

/** Prisma's raw queries answer BIGINT as bigint: numbers, as the row mappers expect. */
function bigintsAsNumbers(rows: TSnapshotRow[]): TSnapshotRow[] {
  for (const row of rows)
    for (const [name, value] of Object.entries(row)) if (typeof value === "bigint") row[name] = Number(value);
  return rows;
}

/**
 * Runs `work` with a snapshot of the database; its transaction ends when `work` settles, and the
 * database ends it after `limitMs` (and a minute) whatever `work` does.
 */
export async function withSnapshot<T>(
  database: Database,
  work: (snapshot: TSnapshot) => Promise<T>,
  limitMs: number,
): Promise<T> {
  let cursors = 0;
  const pool = sqlPoolOf(database.prisma);
  if (pool) {
    const client = await pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      // Writing to disk pauses the reads (backpressure): the pool's idle limits would end the snapshot.
      await client.query(`SET LOCAL statement_timeout = ${FETCH_MS}`);
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${limitMs + BACKSTOP_MS}ms'`);
      const result = await work({
        async *batches(sql, size) {
          const cursor = `export_${++cursors}`;
          await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`);
          for (;;) {
            // node-postgres reads `query_timeout` per query; its types do not name it.
            const fetch: QueryConfig & { query_timeout: number } = {
              text: `FETCH ${size} FROM ${cursor}`,
              query_timeout: FETCH_MS,
            };
            const page = await client.query(fetch);
            if (page.rows.length === 0) break;
            const int8 = page.fields.filter((f) => f.dataTypeID === INT8).map((f) => f.name);
            yield int8AsNumbers(page.rows as TSnapshotRow[], int8);
          }
          await client.query(`CLOSE ${cursor}`);
        },
      });
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
  return database.prisma.$transaction(
    (tx: Prisma.TransactionClient) =>
      work({
        async *batches(sql, size) {
          const cursor = `export_${++cursors}`;
          await tx.$executeRawUnsafe(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`);
          for (;;) {
            const rows = await tx.$queryRawUnsafe<TSnapshotRow[]>(`FETCH ${size} FROM ${cursor}`);
            if (rows.length === 0) break;
            yield bigintsAsNumbers(rows);
          }
          await tx.$executeRawUnsafe(`CLOSE ${cursor}`);
        },
      }),
    { maxWait: 15_000, timeout: limitMs + BACKSTOP_MS },
  );
}
