/** A file's description (FilePort.describe): name, type, size, facility; NOT_FOUND beyond the caller's reach. */
import type { TStoredFile } from "@care/core/ports/file.port";
import { requirePermission, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { storedFileOf, visibleFile } from "./files.queries.ts";

export async function describeFile(database: Database, caller: TCaller, id: string): Promise<TStoredFile> {
  return storedFileOf(await visibleFile(database.prisma, requirePermission(caller, "documents", "read"), id));
}
