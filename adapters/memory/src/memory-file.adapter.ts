/** FilePort over the memory backend: the type from the bytes, the size limit and facility access. */
import { fileInUseError, fileLinkFields } from "@care/core/rules/links.rules";
import { AppError } from "@care/core/app-error";
import { ZId } from "@care/core/common.schema";
import { MAX_FILE_BYTES, type FilePort, type TStoredFile, type TUploadOptions } from "@care/core/ports/file.port";
import type { CollectionDef } from "@care/core/collection";
import { collections, type TCollectionName } from "@care/core/registry";
import { assertCan, can, canSeeFacility, canSeeNamedFile } from "@care/core/rules/access.rules";
import { downloadName, sniffFileType } from "@care/core/rules/file-type.rules";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { MemoryBackend } from "./memory-backend.ts";
import type { MemorySession } from "./memory-session.ts";

/** The last path segment of a name, trimmed and cut to 255 characters; never used as a path. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop()?.trim() ?? "";
  return (base || fallback).slice(0, 255);
}

export class MemoryFileAdapter implements FilePort {
  constructor(
    private readonly backend: MemoryBackend,
    private readonly session: MemorySession,
  ) {}

  async upload(file: Blob, name: string, options: TUploadOptions): Promise<TStoredFile> {
    const user = this.signedIn("write");
    const facilityId = options.facilityId;
    if (facilityId !== null) {
      if (!ZId.safeParse(facilityId).success || !this.backend.table("facilities").has(facilityId)) {
        throw new AppError("VALIDATION", "The upload is not valid.", { fields: { facilityId: "Unknown facility" } });
      }
    }
    if (!this.mayAccess(user, facilityId)) throw new AppError("FORBIDDEN", "You do not have access to that facility.");
    if (file.size > MAX_FILE_BYTES) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The file is too large; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
      );
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = sniffFileType(bytes);
    if (!contentType)
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This file type is not accepted. Upload a PDF or an image.");
    options.onProgress?.(1);
    const id = this.backend.newId();
    const meta: TStoredFile = {
      id,
      name: cleanFileName(name, `file.${contentType.split("/")[1]}`),
      contentType,
      size: bytes.byteLength,
      facilityId,
      createdAt: this.backend.now(),
      createdBy: user.id,
    };
    this.backend.files.set(id, { meta, bytes });
    this.backend.audit({
      actor: user,
      action: "file_upload",
      collection: "files",
      recordId: id,
      facilityId,
      summary: meta.contentType,
    });
    return { ...meta };
  }

  async describe(id: string): Promise<TStoredFile> {
    return { ...this.find(this.signedIn(), id).meta };
  }

  async download(id: string): Promise<File> {
    const user = this.signedIn();
    const { meta, bytes } = this.find(user, id);
    this.backend.audit({
      actor: user,
      action: "file_download",
      collection: "files",
      recordId: id,
      facilityId: meta.facilityId,
    });
    return new File([bytes.slice()], downloadName(meta.name, meta.contentType), { type: meta.contentType });
  }

  async viewUrl(id: string): Promise<string> {
    const { meta, bytes } = this.find(this.signedIn(), id);
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return `data:${meta.contentType};base64,${btoa(binary)}`;
  }

  async remove(id: string): Promise<void> {
    const user = this.signedIn();
    const { meta } = this.find(user, id);
    if (!can(user, "documents", "write") && meta.createdBy !== user.id)
      throw new AppError(
        "FORBIDDEN",
        "Only the person who uploaded it or a user who may change documents may remove this file.",
      );
    for (const link of fileLinkFields()) {
      const rows = this.backend.records.get(link.collection)?.values() ?? [];
      for (const row of rows) if (row[link.field] === id) throw fileInUseError(link);
    }
    this.backend.files.delete(id);
    this.backend.audit({
      actor: user,
      action: "file_remove",
      collection: "files",
      recordId: id,
      facilityId: meta.facilityId,
    });
  }

  private signedIn(level: "read" | "write" = "read"): TSessionUser {
    // Files are the scans documents point at: documents' permission governs them, as on the server.
    return assertCan(this.session.user(), "documents", level);
  }

  /** Facility files: anyone who may see the facility. Group-wide files: users who see every facility. */
  private mayAccess(user: TSessionUser, facilityId: string | null): boolean {
    return canSeeFacility(user, facilityId);
  }

  /**
   * The stored file if the user may see it (its home, and the subject of the records naming it: a staff
   * member's scan needs Staff); NOT_FOUND otherwise, as for records.
   */
  private find(user: TSessionUser, id: string) {
    const stored = this.backend.files.get(id);
    if (!stored || !this.mayAccess(user, stored.meta.facilityId) || !canSeeNamedFile(user, this.naming(id)))
      throw new AppError("NOT_FOUND", "That file does not exist or was removed.");
    return stored;
  }

  /** Every record naming the file by a declared link, archived ones too. */
  private naming(id: string) {
    return fileLinkFields().flatMap((link) =>
      [...(this.backend.records.get(link.collection)?.values() ?? [])]
        .filter((record) => record[link.field] === id)
        .map((record) => ({ def: collections[link.collection as TCollectionName] as CollectionDef, record })),
    );
  }
}
