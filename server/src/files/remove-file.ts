/**
 * Removing a file for good (FilePort.remove): only an administrator or the person who uploaded it;
 * the removal and its audit row are written together.
 */
import { AppError } from "@care/core/app-error";
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import { fileNotFound, visibleFile } from "./files.queries.ts";

export async function removeFile(database: Database, caller: TCaller, id: string): Promise<void> {
  const prisma = database.prisma;
  const user = requireUser(caller);
  const meta = await visibleFile(prisma, user, id);
  if (user.role !== "admin" && meta.createdBy !== user.id)
    throw new AppError("FORBIDDEN", "Only an administrator or the person who uploaded it may remove this file.");
  await prisma.$transaction(async (tx) => {
    const removed = await tx.storedFile.deleteMany({ where: { id: meta.id } });
    if (removed.count === 0) throw fileNotFound();
    await writeAudit(tx, caller, {
      action: "file_remove",
      collection: "files",
      recordId: meta.id,
      facilityId: meta.facilityId,
      summary: meta.contentType,
    });
  }, TRANSACTION_OPTIONS);
}
