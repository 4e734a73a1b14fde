/**
 * Removing a file for good (FilePort.remove): only an administrator or the person who uploaded it, and
 * only while no record names it (a document's file: 409); the removal and its audit row are written together.
 */
import { AppError } from "@care/core/app-error";
import type { TCollectionName } from "@care/core/registry";
import { fileInUseError, fileLinkFields } from "@care/core/rules/links.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { can } from "@care/core/rules/access.rules";
import { requirePermission, type TCaller } from "../caller.ts";
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import { fileNotFound, visibleFile } from "./files.queries.ts";
import { PRISMA_MODELS } from "../collections/collection.repository.ts";

type TFindFirst = { findFirst(args: { where: object; select: { id: true } }): Promise<unknown> };

export async function removeFile(database: Database, caller: TCaller, id: string): Promise<void> {
  const prisma = database.prisma;
  const user = requirePermission(caller, "documents", "read");
  const meta = await visibleFile(prisma, user, id);
  if (!can(user, "documents", "write") && meta.createdBy !== user.id)
    throw new AppError(
      "FORBIDDEN",
      "Only the person who uploaded it or a user who may change documents may remove this file.",
    );
  await prisma.$transaction(async (tx) => {
    // Locks the file row: a record naming it (the repository reads it FOR SHARE) commits before the check or fails after.
    await tx.$queryRaw`SELECT id FROM files WHERE id = ${meta.id} FOR UPDATE`;
    for (const link of fileLinkFields()) {
      const model = (tx as unknown as Record<string, TFindFirst>)[PRISMA_MODELS[link.collection as TCollectionName]]!;
      if (await model.findFirst({ where: { [link.field]: meta.id }, select: { id: true } })) throw fileInUseError(link);
    }
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
