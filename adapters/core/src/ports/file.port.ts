import { z } from "zod";
import { ZId, ZTimestamp } from "../common.schema.ts";

/** Upload limits, the same on every backend. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const ACCEPTED_FILE_TYPES = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/heic": "heic",
} as const;
export type TAcceptedFileType = keyof typeof ACCEPTED_FILE_TYPES;

/** A stored file's description. The bytes are fetched separately. */
export const ZStoredFile = z.object({
  id: ZId,
  name: z.string().max(255),
  contentType: z.enum(Object.keys(ACCEPTED_FILE_TYPES) as [TAcceptedFileType, ...TAcceptedFileType[]]),
  size: z.number().int().nonnegative(),
  facilityId: ZId.nullable(),
  createdAt: ZTimestamp,
  createdBy: z.string().nullable(),
});
export type TStoredFile = z.infer<typeof ZStoredFile>;

export interface TUploadOptions {
  /** The facility the file belongs to (access follows it); null for group-wide files (admins only). */
  facilityId: string | null;
  /** Called with the fraction sent, 0..1, where the backend reports progress. */
  onProgress?: (fraction: number) => void;
}

/**
 * Stores documents' files. The type is decided from the bytes (magic numbers), never from the name or
 * the declared type. Rejects with AppError: PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, NOT_FOUND,
 * FORBIDDEN, UNAUTHENTICATED, UNAVAILABLE. Access follows the file's facility: a file of a facility the
 * user may not see does not exist for them (NOT_FOUND on describe, download, viewUrl and remove, as for
 * records); uploading into such a facility, or a group-wide file as anyone but an unrestricted admin,
 * is FORBIDDEN. Empty files and any other type are UNSUPPORTED_MEDIA_TYPE.
 */
export interface FilePort {
  /** Uploads a file (at most MAX_FILE_BYTES, PDF or image) and returns its description. */
  upload(file: Blob, name: string, options: TUploadOptions): Promise<TStoredFile>;

  /** The file's description. */
  describe(id: string): Promise<TStoredFile>;

  /**
   * The file's bytes, as a File of its sniffed type named as it is offered for download: the stored name
   * with that type's extension (`downloadName` in rules/file-type.rules), so "x.html" holding a PDF is
   * "x.pdf".
   */
  download(id: string): Promise<File>;

  /**
   * A URL the browser can open to view the file inline, usable only by this signed-in user: a same-origin
   * address that checks the session, or a `blob:`/`data:` URL of bytes read with the user's rights; never
   * a bearer link that works for whoever holds it.
   */
  viewUrl(id: string): Promise<string>;

  /**
   * Removes the file for good: only its uploader or an administrator, and only while no record names
   * it (documents keep older versions by keeping their files); CONFLICT when one does.
   */
  remove(id: string): Promise<void>;
}
