/**
 * The check of a file's bytes after they reach Cloud Storage (the `checkFileBytes` function, on object
 * finalize). On Firebase the browser uploads the bytes straight to Storage, whose rules can check only
 * the declared type and the size; the server and the memory backend sniff the bytes before they store
 * them. Here the first bytes are sniffed once they are stored, with the same sniffer, and bytes that
 * are no accepted type, or not the type declared, go with their description, recorded in the audit log.
 */
import { ACCEPTED_FILE_TYPES } from "@care/core/ports/file.port";
import { SNIFF_BYTES, sniffFileType } from "@care/core/rules/file-type.rules";
import { fileOfObject, fileRemovedAuditEntry } from "./file-audit.ts";

/** The field set on a description just before the check deletes it: its removal is this check's, audited here. */
export const REJECTED_FIELD = "rejected";

/** What the check does with Storage and Firestore: the Admin SDK in the function, fakes in the tests. */
export interface TFileBytesStore {
  /** The object's first `length` bytes (fewer when it is shorter). */
  readHead(objectName: string, length: number): Promise<Uint8Array>;
  /** Deletes the object; nothing when it is gone already. */
  deleteObject(objectName: string): Promise<void>;
  /** The file's description (`files/{id}`), or null when there is none. */
  description(fileId: string): Promise<Record<string, unknown> | null>;
  /** Marks the description with `REJECTED_FIELD` (the reason), then deletes it. */
  rejectDescription(fileId: string, reason: string): Promise<void>;
  /** Appends an audit row at the server's time. */
  appendAuditRow(row: Record<string, unknown> & { id: string }): Promise<void>;
  /** A new audit row id. */
  newAuditId(): string;
}

/** What a finalized object turned out to be. */
export type TFileBytesVerdict = "not-a-file" | "kept" | "removed";

/**
 * Why bytes declared as `declared` are refused, or null when they are of that accepted type: `sniffed`
 * is what `sniffFileType` found in them.
 */
export function bytesRefusal(declared: string | null, sniffed: string | null): string | null {
  if (sniffed === null)
    return `the bytes are no file type the portal accepts (${Object.values(ACCEPTED_FILE_TYPES).join(", ")})`;
  if (declared !== sniffed) return `the bytes are ${sniffed}, declared ${declared ?? "without a type"}`;
  return null;
}

/**
 * Checks a finalized Storage object (`name`, declared `contentType`): a portal file whose first bytes
 * are an accepted type and the type it and its description declare is kept; any other is deleted, its
 * description first (so neither removal trigger records it as well), and one `file_remove` row without
 * an actor says why and who uploaded it. Other objects are left alone.
 */
export async function checkFileBytes(
  store: TFileBytesStore,
  object: { name?: string | undefined; contentType?: string | undefined },
): Promise<TFileBytesVerdict> {
  const file = fileOfObject(object.name);
  if (!file || !object.name) return "not-a-file";
  const sniffed = sniffFileType(await store.readHead(object.name, SNIFF_BYTES));
  const description = await store.description(file.id);
  const declared = object.contentType ?? null;
  const described = typeof description?.contentType === "string" ? description.contentType : declared;
  const refusal = bytesRefusal(declared, sniffed) ?? bytesRefusal(described, sniffed);
  if (refusal === null) return "kept";
  const uploader = typeof description?.createdBy === "string" ? description.createdBy : null;
  const summary = `Removed on upload: ${refusal}${uploader ? `; uploaded by ${uploader}` : ""}`;
  if (description) await store.rejectDescription(file.id, summary);
  await store.deleteObject(object.name);
  await store.appendAuditRow(
    fileRemovedAuditEntry(store.newAuditId(), null, { ...file, contentType: declared }, summary),
  );
  return "removed";
}
