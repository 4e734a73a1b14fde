/**
 * The format of a full data export (Settings → Export and import), shared by every backend so a care
 * group can move between them: the ZIP's entry names, the manifest (`ZExportManifest`), how a record
 * becomes a line of a collection's JSON file, and the checksum rule. Pure and environment-neutral: the
 * server streams it with Node's zlib and crypto, a browser could build the same bytes from the ports.
 *
 * Layout of the ZIP:
 * - `collections/<name>.json`: every record of the collection as the API returns it, sorted by id
 *   (byte order), one record per line inside a JSON array, keys sorted (`recordLine`), so the same
 *   records give the same bytes on every backend;
 * - `csv/<name>.csv`: the same records for spreadsheets (export-csv.ts);
 * - `files/index.json`: one line per stored file (its description and SHA-256), sorted by id, and
 *   `files/<id>`: its bytes;
 * - `manifest.json`, written last: format, version, schema version, counts and the SHA-256 of every
 *   entry's bytes (lower-case hex).
 */
import { z } from "zod";
import { ZId, ZTimestamp } from "../common.schema.ts";
import { collectionNames, collections, type TCollectionName } from "../registry.ts";

export const EXPORT_FORMAT = "care-portal-export";
/** Raised when the layout of the ZIP changes; an import refuses other versions. */
export const EXPORT_FORMAT_VERSION = 1;

export const MANIFEST_PATH = "manifest.json";
export const FILES_INDEX_PATH = "files/index.json";

export function collectionJsonPath(name: TCollectionName): string {
  return `collections/${name}.json`;
}

export function collectionCsvPath(name: TCollectionName): string {
  return `csv/${name}.csv`;
}

/** A stored file's bytes; file ids are record ids (letters, digits, - and _), so the name is safe. */
export function storedFilePath(id: string): string {
  return `files/${id}`;
}

/** The name the download is saved as: `care-portal-export-2026-11-27.zip`. */
export function exportFileName(exportedAt: string): string {
  return `care-portal-export-${exportedAt.slice(0, 10)}.zip`;
}

export const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, "Not a SHA-256 in hex");

/** One entry of the ZIP with the SHA-256 of its (uncompressed) bytes. */
export const ZExportEntry = z.object({ path: z.string().min(1).max(200), sha256: ZSha256 });
export type TExportEntry = z.infer<typeof ZExportEntry>;

export const ZExportCollection = z.object({
  count: z.number().int().nonnegative(),
  json: ZExportEntry,
  csv: ZExportEntry,
});
export type TExportCollection = z.infer<typeof ZExportCollection>;

export const ZExportManifest = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_FORMAT_VERSION),
  /** `exportSchemaVersion()` of the portal that wrote it: an import needs the same record schemas. */
  schemaVersion: z.string().min(1).max(64),
  exportedAt: ZTimestamp,
  exportedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Which backend wrote it (`EXPORT_BACKEND_LABELS` names it for people). */
  backend: z.enum(["http", "firebase", "memory"]),
  /** The homes it covers; null = the whole group. */
  facilityIds: z.array(ZId).nullable(),
  /** One entry per collection of the registry. */
  collections: z.object(
    Object.fromEntries(collectionNames.map((name) => [name, ZExportCollection])) as Record<
      TCollectionName,
      typeof ZExportCollection
    >,
  ),
  files: z.object({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    index: ZExportEntry,
  }),
});
export type TExportManifest = z.infer<typeof ZExportManifest>;

/** A backend as the audit log and the pages name it. */
export const EXPORT_BACKEND_LABELS: Record<TExportManifest["backend"], string> = {
  http: "a portal server",
  firebase: "the Firebase backend",
  memory: "the in-browser demo",
};

/** The description of a stored file in `files/index.json` (FilePort's, plus its SHA-256). */
export const ZExportedFile = z.object({
  id: ZId,
  name: z.string().min(1).max(255),
  contentType: z.string().min(1).max(100),
  size: z.number().int().nonnegative(),
  sha256: ZSha256,
  facilityId: ZId.nullable(),
  createdAt: ZTimestamp,
  createdBy: z.string().nullable(),
});
export type TExportedFile = z.infer<typeof ZExportedFile>;

/**
 * The order an import writes the collections in: records before those naming them by a database
 * reference (facilities first), the audit log last — so a failed write leaves it untouched.
 */
export const IMPORT_ORDER: readonly TCollectionName[] = [
  ...collectionNames.filter((name) => name !== "auditLog"),
  "auditLog",
];

/**
 * JSON text with the keys of every object sorted, so equal values render as equal bytes whichever
 * order a backend keeps their keys in (PostgreSQL's jsonb sorts them its own way).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortedKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** The first line of a collection's JSON file. */
export const JSON_HEAD = "[\n";
/** The last line of a collection's JSON file. */
export const JSON_TAIL = "]\n";

/**
 * A record as one line of its collection's JSON file: keys sorted, no line breaks (JSON escapes them
 * in strings); every line but the last ends with a comma.
 */
export function recordLine(record: Record<string, unknown>, last: boolean): string {
  return `${canonicalJson(record)}${last ? "" : ","}\n`;
}

/**
 * The value of one record line (`recordLine`), or undefined when the line is not one (the head, the
 * tail, or something else, which an import reports).
 */
export function parseRecordLine(line: string): unknown {
  const text = line.endsWith(",") ? line.slice(0, -1) : line;
  if (!text.startsWith("{")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Ids in byte order (what `ORDER BY id COLLATE "C"` gives), the order records appear in. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** cyrb53: a small, fast 53-bit string hash, as hex. Not for security: it names a schema. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

let schemaVersion: string | undefined;

/**
 * The version of the record schemas, the same on every backend of one portal version: a hash of every
 * collection's name and JSON Schema. An export is imported only by a portal with the same one.
 */
export function exportSchemaVersion(): string {
  if (schemaVersion === undefined) {
    const text = JSON.stringify(
      collectionNames.map((name) => [
        name,
        z.toJSONSchema(collections[name].schema, { unrepresentable: "any", io: "input" }),
      ]),
    );
    schemaVersion = `${hash53(text, 1)}${hash53(text, 2)}`;
  }
  return schemaVersion;
}
