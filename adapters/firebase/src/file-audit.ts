/**
 * The audit rows the Cloud Functions write when a file goes, as the server writes its `file_remove` row
 * (server/src/files/remove-file.ts). On Firebase the browser deletes the file's description and then its
 * bytes itself, so a trigger writes the row: the description's deletion names who removed it; a deletion
 * of bytes whose description is still there was done outside the portal (the console, gsutil, the Admin
 * SDK), beyond the rules, and is recorded without an actor.
 */
import type { TAuditEntry } from "@care/core/collections/audit-log.collection";
import { GROUP_FOLDER } from "./firestore-records.ts";

/** What a removed file's row says of the file. */
export interface TRemovedFile {
  id: string;
  facilityId: string | null;
  contentType: string | null;
}

/** The summary of a row for bytes that went while their description stayed. */
export const BYTES_GONE_OUTSIDE_PORTAL = "The file's bytes were deleted or replaced outside the portal";

/**
 * The `file_remove` row of a removed file: the actor (null when none is known), the file's id, facility
 * and type, or `summary` in place of the type. Its times are placeholders: the function writes the server's.
 */
export function fileRemovedAuditEntry(
  id: string,
  actor: { id: string; email: string | null } | null,
  file: TRemovedFile,
  summary: string | null = file.contentType,
): TAuditEntry & Record<string, unknown> & { id: string } {
  const now = new Date().toISOString();
  return {
    id,
    at: now,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: "file_remove",
    collection: "files",
    recordId: file.id,
    facilityId: file.facilityId,
    summary,
    ip: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actor?.id ?? null,
    updatedBy: actor?.id ?? null,
    archivedAt: null,
  };
}

/**
 * The file a Cloud Storage object holds, from its name (`files/{facilityId | _group}/{id}`), or null for
 * an object that is no portal file.
 */
export function fileOfObject(name: string | undefined): { id: string; facilityId: string | null } | null {
  const parts = (name ?? "").split("/");
  if (parts.length !== 3 || parts[0] !== "files" || !parts[1] || !parts[2]) return null;
  return { id: parts[2], facilityId: parts[1] === GROUP_FOLDER ? null : parts[1] };
}
