/** A file's bytes (FilePort.download and view) for a caller who may see it; every download is audited. */
import type { TStoredFile } from "@care/core/ports/file.port";
import { writeAudit } from "../audit/audit-log.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { fileNotFound, storedFileOf, visibleFile } from "./files.queries.ts";

/** The file's description and bytes; NOT_FOUND when it does not exist or is beyond the caller's reach. */
export async function downloadFile(
  database: Database,
  caller: TCaller,
  id: string,
): Promise<{ file: TStoredFile; bytes: Buffer }> {
  const prisma = database.prisma;
  const meta = await visibleFile(prisma, requirePermission(caller, "documents", "read"), id);
  const content = await prisma.storedFile.findUnique({ where: { id: meta.id }, select: { bytes: true } });
  if (!content) throw fileNotFound();
  await writeAudit(prisma, caller, {
    action: "file_download",
    collection: "files",
    recordId: meta.id,
    facilityId: meta.facilityId,
  });
  return { file: storedFileOf(meta), bytes: Buffer.from(content.bytes) };
}
