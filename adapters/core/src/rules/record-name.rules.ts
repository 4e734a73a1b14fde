/**
 * What a record is called where a page or a file names it beside (or instead of) its id: the audit
 * log's rows, the export's CSVs. A person by `listName` ("Okafor, Margaret (Maggie)"), a home, a type,
 * an agent or a medication by its name, a document by its title (else its file's name), an account by
 * its display name (else its e-mail). Records with none of these fields have no name: show the id.
 */
import { listName } from "./person-name.rules.ts";

/** The fields tried in order after a person's name; the first text found names the record. */
const NAME_FIELDS = ["name", "title", "displayName", "allergen", "fileName", "email"] as const;

/**
 * What a list read for names (`TListQuery.purpose` "names") answers of a record: its id, archive mark and
 * the fields `recordName` reads, nothing else (no date of birth, no notes).
 */
export function nameOnly<T extends { id: string }>(record: T): T {
  const source = record as unknown as Record<string, unknown>;
  const kept: Record<string, unknown> = { id: record.id };
  for (const field of ["firstName", "lastName", "preferredName", ...NAME_FIELDS, "archivedAt"])
    if (field in source) kept[field] = source[field];
  return kept as unknown as T;
}

/** The record's name, or null when it has none. */
export function recordName(record: Record<string, unknown>): string | null {
  const { firstName, lastName, preferredName } = record;
  if (typeof firstName === "string" && typeof lastName === "string")
    return listName({ firstName, lastName, preferredName: typeof preferredName === "string" ? preferredName : null });
  for (const field of NAME_FIELDS) {
    const value = record[field];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** An id short enough to read in a table cell: its first eight characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
