/**
 * `POST /commit` (DataPort.commit): several writes applied atomically, e.g. a payment and the rent
 * account it changes. Each op goes through the collection repository, with its access checks, links
 * and audit row, in one transaction; the first failure undoes them all.
 */
import { AppError } from "@care/core/app-error";
import type { TWriteOp } from "@care/core/ports/data.port";
import type { TCaller } from "../caller.ts";
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import { repositoryOf } from "./collection.repository.ts";

/** Re-raises a VALIDATION error with its field names under `prefix`, so the web app knows which op failed. */
function prefixFields(error: unknown, prefix: string): unknown {
  if (!(error instanceof AppError) || error.code !== "VALIDATION" || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, message]) => [`${prefix}.${key}`, message]),
  );
  return new AppError("VALIDATION", error.message, { fields });
}

/** Applies every op in order, all or none. Field errors are named `ops.<i>.<field>`. */
export async function commitWrites(database: Database, caller: TCaller, ops: readonly TWriteOp[]): Promise<void> {
  const repository = repositoryOf(database.prisma);
  await database.prisma.$transaction(async (db) => {
    for (const [index, op] of ops.entries()) {
      try {
        if (op.op === "create") await repository.createIn(db, caller, op.collection, { id: op.id, data: op.data });
        else if (op.op === "update") await repository.updateIn(db, caller, op.collection, op.id, op.version, op.patch);
        else await repository.removeIn(db, caller, op.collection, op.id, op.version);
      } catch (error) {
        throw prefixFields(error, `ops.${index}`);
      }
    }
  }, TRANSACTION_OPTIONS);
}
