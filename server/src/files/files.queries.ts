/** The reads the file use cases share: a stored file's description, under the caller's facility access. */
import { AppError } from "@care/core/app-error";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TAcceptedFileType, TStoredFile } from "@care/core/ports/file.port";
import { canSeeFacility } from "@care/core/rules/access.rules";
import type { PrismaClient } from "../generated/prisma/client.ts";

/** The columns of a file's description (never its bytes). */
export const FILE_META = {
  id: true,
  name: true,
  contentType: true,
  size: true,
  facilityId: true,
  createdAt: true,
  createdBy: true,
} as const;

export interface TFileMetaRow {
  id: string;
  name: string;
  contentType: string;
  size: number;
  facilityId: string | null;
  createdAt: Date;
  createdBy: string | null;
}

export function storedFileOf(row: TFileMetaRow): TStoredFile {
  return { ...row, contentType: row.contentType as TAcceptedFileType, createdAt: row.createdAt.toISOString() };
}

export const fileNotFound = () => new AppError("NOT_FOUND", "This file does not exist or was removed.");

/** The file's description if the user may see it; NOT_FOUND otherwise (existence is not revealed). */
export async function visibleFile(prisma: PrismaClient, user: TSessionUser, id: string): Promise<TFileMetaRow> {
  const row = await prisma.storedFile.findUnique({ where: { id }, select: FILE_META });
  if (!row || !canSeeFacility(user, row.facilityId)) throw fileNotFound();
  return row;
}
