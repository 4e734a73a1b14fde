/** The reads the file use cases share: a stored file's description, under the caller's facility access. */
import { AppError } from "@care/core/app-error";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TAcceptedFileType, TStoredFile } from "@care/core/ports/file.port";
import type { CollectionDef } from "@care/core/collection";
import { collections, type TCollectionName } from "@care/core/registry";
import { canSeeFacility, canSeeNamedFile } from "@care/core/rules/access.rules";
import { fileLinkFields } from "@care/core/rules/links.rules";
import { PRISMA_MODELS } from "../collections/collection.repository.ts";
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

/**
 * The file's description if the user may see it: its home, and the subject of the records naming it (a
 * staff member's scan needs Staff, as its document does); NOT_FOUND otherwise (existence is not revealed).
 */
export async function visibleFile(prisma: PrismaClient, user: TSessionUser, id: string): Promise<TFileMetaRow> {
  const row = await prisma.storedFile.findUnique({ where: { id }, select: FILE_META });
  if (!row || !canSeeFacility(user, row.facilityId) || !canSeeNamedFile(user, await namingRecords(prisma, id)))
    throw fileNotFound();
  return row;
}

type TFindMany = {
  findMany(args: { where: object; select: Record<string, true> }): Promise<Record<string, unknown>[]>;
};

/** Every record naming the file by a declared link (archived ones too), with the field its access follows. */
async function namingRecords(prisma: PrismaClient, id: string) {
  const naming: { def: CollectionDef; record: Record<string, unknown> }[] = [];
  for (const link of fileLinkFields()) {
    const def: CollectionDef = collections[link.collection as TCollectionName];
    const model = (prisma as unknown as Record<string, TFindMany>)[PRISMA_MODELS[link.collection as TCollectionName]]!;
    const field = def.access.subjectAreas?.field ?? "id";
    const rows = await model.findMany({ where: { [link.field]: id }, select: { [field]: true } });
    naming.push(...rows.map((record) => ({ def, record })));
  }
  return naming;
}
