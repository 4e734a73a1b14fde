/**
 * Groups the "view" audit rows of concurrent requests into multi-row inserts. Each request still awaits
 * the insert that holds its row, so it answers only once its row is stored, and fails when that insert
 * fails: rows are never dropped. Without concurrency a row is inserted at once, alone; while an insert
 * runs, the rows that arrive meanwhile wait for it and then go together in the next one.
 */
import type { Prisma } from "../generated/prisma/client.ts";

type TAuditRow = Prisma.AuditEntryCreateManyInput;

interface Waiting {
  row: TAuditRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows per insert at most (a PostgreSQL statement takes at most 65,535 parameters; a row has 16). */
const MAX_BATCH = 1000;

export class AuditBatcher {
  private queue: Waiting[] = [];
  private running = false;

  /** `insert` writes the rows in one statement, e.g. `(rows) => prisma.auditEntry.createMany({ data: rows })`. */
  constructor(private readonly insert: (rows: TAuditRow[]) => Promise<unknown>) {}

  /** Resolves once the row is stored; rejects with the database's error when its insert fails. */
  record(row: TAuditRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.insert(batch.map((w) => w.row));
          for (const w of batch) w.resolve();
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
