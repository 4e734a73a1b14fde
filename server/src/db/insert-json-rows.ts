/**
 * Many rows into one table in one statement, sent as one JSON parameter that PostgreSQL turns into rows
 * of the table's type (`json_populate_recordset`): columns left out take their defaults. For bulk
 * writes of rows that are already complete (an import): with Prisma's `createMany` the heap still held
 * about 250 MB after the batches of a large import were written (measured after GC), and it took four
 * times as long.
 */
import type { Prisma } from "../generated/prisma/client.ts";

const COLUMN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Inserts `rows` (objects with the same keys, named like the table's columns) into `table`. */
export async function insertJsonRows(
  db: Pick<Prisma.TransactionClient, "$executeRawUnsafe">,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!);
  if (!COLUMN.test(table) || !names.every((name) => COLUMN.test(name))) throw new Error(`Not a column of ${table}`);
  const columns = names.map((name) => `"${name}"`).join(", ");
  await db.$executeRawUnsafe(
    `INSERT INTO "public"."${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"public"."${table}", $1::json)`,
    JSON.stringify(rows),
  );
}
