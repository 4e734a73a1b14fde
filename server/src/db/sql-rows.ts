/**
 * Rows of a plain SQL read, for the hot reads where Prisma's own cost outweighs the query's (its query
 * interpreter and row conversion take about three times a small query's CPU). On PostgreSQL the
 * query runs on node-postgres's pool under the Prisma client; on embedded PGlite through Prisma's raw
 * query — the same SQL, PostgreSQL on both. Either way timestamps come back as Date and BIGINT (money
 * in cents) as a number, as the row mappers expect.
 */
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { sqlPoolOf } from "./database.ts";

/** node-postgres's type id of BIGINT (int8), which it answers as text. */
const INT8 = 20;

export async function sqlRows<T = Record<string, unknown>>(
  prisma: PrismaClient,
  text: string,
  values: readonly unknown[] = [],
): Promise<T[]> {
  const pool = sqlPoolOf(prisma);
  if (pool) {
    const result = await pool.query(text, values as unknown[]);
    const bigints = result.fields.filter((f) => f.dataTypeID === INT8).map((f) => f.name);
    if (bigints.length > 0)
      for (const row of result.rows as Record<string, unknown>[])
        for (const name of bigints) if (typeof row[name] === "string") row[name] = Number(row[name]);
    return result.rows as T[];
  }
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
  for (const row of rows)
    for (const [name, value] of Object.entries(row)) if (typeof value === "bigint") row[name] = Number(value);
  return rows as T[];
}

/** `sqlRows` of a query built with Prisma's `Prisma.sql` template (its values bound as parameters). */
export function rowsOf<T = Record<string, unknown>>(prisma: PrismaClient, query: Prisma.Sql): Promise<T[]> {
  return sqlRows<T>(prisma, query.text, query.values);
}
