/**
 * Storing an uploaded file (FilePort.upload): into a facility the caller may see (an existing one), or
 * group-wide for an administrator of every facility; the type is decided by the bytes, never by the
 * name or the browser; the file and its audit row are written together.
 */
import { createHash, randomUUID } from "node:crypto";
import { AppError } from "@care/core/app-error";
import { ACCEPTED_FILE_TYPES, type TAcceptedFileType, type TStoredFile } from "@care/core/ports/file.port";
import { canSeeFacility } from "@care/core/rules/access.rules";
import { fileTypeFromBuffer } from "file-type";
import { writeAudit } from "../audit/audit-log.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import { displayName } from "./file-names.ts";
import { FILE_META, storedFileOf } from "./files.queries.ts";

export interface TUploadFileInput {
  /** The facility the file belongs to; null for a group-wide file. */
  facilityId: string | null;
  /** The name the browser gave (shown, never used as a path). */
  name: string;
  /** At most MAX_FILE_BYTES: the route stops reading beyond. */
  bytes: Buffer;
}

const unsupported = () =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    "This file type is not accepted. Upload a PDF or an image (PNG, JPEG, WebP or HEIC).",
  );

/**
 * The accepted type the bytes are, sniffed by `file-type` from their content (never the name or a
 * declared type); null when they are none of the accepted types. Uploads and imported files both pass here.
 */
export async function acceptedTypeOf(bytes: Uint8Array): Promise<TAcceptedFileType | null> {
  if (bytes.length === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  return detected && Object.hasOwn(ACCEPTED_FILE_TYPES, detected.mime) ? (detected.mime as TAcceptedFileType) : null;
}

/** The stored file's description; FORBIDDEN, VALIDATION (unknown facility) or UNSUPPORTED_MEDIA_TYPE otherwise. */
export async function uploadFile(database: Database, caller: TCaller, input: TUploadFileInput): Promise<TStoredFile> {
  const prisma = database.prisma;
  // Files are the scans documents point at: storing one is changing documents.
  const user = requirePermission(caller, "documents", "write");
  if (input.facilityId === null) {
    if (!canSeeFacility(user, null)) {
      throw new AppError("FORBIDDEN", "Only a user who may change documents in every home may store group-wide files.");
    }
  } else {
    if (!canSeeFacility(user, input.facilityId))
      throw new AppError("FORBIDDEN", "You do not have access to that facility.");
    const facility = await prisma.facility.findUnique({ where: { id: input.facilityId }, select: { id: true } });
    if (!facility)
      throw new AppError("VALIDATION", "The upload is not valid.", { fields: { facilityId: "Unknown facility" } });
  }
  const contentType = await acceptedTypeOf(input.bytes);
  if (!contentType) throw unsupported();
  const id = randomUUID();
  const row = await prisma.$transaction(async (tx) => {
    const stored = await tx.storedFile.create({
      data: {
        id,
        name: displayName(input.name),
        contentType,
        size: input.bytes.length,
        sha256: createHash("sha256").update(input.bytes).digest("hex"),
        bytes: new Uint8Array(input.bytes),
        facilityId: input.facilityId,
        createdBy: user.id,
      },
      select: FILE_META,
    });
    await writeAudit(tx, caller, {
      action: "file_upload",
      collection: "files",
      recordId: id,
      facilityId: input.facilityId,
      summary: `${contentType}, ${input.bytes.length} bytes`,
    });
    return stored;
  }, TRANSACTION_OPTIONS);
  return storedFileOf(row);
}
