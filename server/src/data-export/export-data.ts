/**
 * Settings → Export and import: everything a care group keeps in the portal — every collection, the
 * audit log and every stored file — as one ZIP in the format of `@care/core/data-export/export-format`.
 * The ZIP is written to a temporary file inside one read-only transaction (a cursor per table, one
 * entry at a time, so memory stays flat whatever the group's size), within a time limit; only then is
 * the file streamed to the caller. A slow download therefore holds no database connection: on embedded
 * PGlite, which has only one, it would otherwise stop every other request until the download ended.
 * Needs the export permission; the records are read with every permission (hidden fields included) but
 * only in the homes the caller sees, or the ones they chose among them. Audited before it is written.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { AppError } from "@care/core/app-error";
import { ACTIONS, permissionsAt } from "@care/core/collections/roles.collection";
import { CSV_BOM, CsvNames, csvHeaderLine, csvLines } from "@care/core/data-export/export-csv";
import {
  collectionCsvPath,
  collectionJsonPath,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  exportFileName,
  exportSchemaVersion,
  FILES_INDEX_PATH,
  JSON_HEAD,
  JSON_TAIL,
  MANIFEST_PATH,
  recordLine,
  storedFilePath,
  type TExportCollection,
  type TExportedFile,
  type TExportEntry,
  type TExportManifest,
} from "@care/core/data-export/export-format";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";
import { canSeeFacility, canSeeRecord } from "@care/core/rules/access.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import { SQL_TABLES } from "../collections/list-sql.ts";
import { rowMapperOf } from "../collections/row-mappers.ts";
import type { Database } from "../db/database.ts";
import { withSnapshot, type TSnapshot } from "./snapshot-reader.ts";

export interface TExportDataInput {
  /** The homes to export, among the caller's; absent or empty: every home the caller sees. */
  facilityIds?: readonly string[] | undefined;
  /** How long writing the ZIP may take (EXPORT_TIME_LIMIT_MS when absent). */
  timeLimitMs?: number;
}

export interface TDataExport {
  fileName: string;
  /** The finished ZIP's bytes, read from its temporary file (already removed from its folder). */
  stream: Readable;
}

/**
 * How long writing the ZIP may take. On embedded PGlite the portal's other requests wait meanwhile
 * (its one connection reads the snapshot), so this bounds that pause; a large group's export on
 * PostgreSQL takes under a minute (README, Benchmarks).
 */
export const EXPORT_TIME_LIMIT_MS = 10 * 60_000;
/** How long a download of the finished ZIP may last before it is cut off and its disk space freed. */
const DOWNLOAD_LIMIT_MS = 6 * 60 * 60_000;

/** Rows per cursor fetch: a few hundred kB of records at a time. */
const BATCH_ROWS = 500;

const FILE_INDEX_SQL = `SELECT id, name, "contentType", size, sha256, "facilityId", "createdAt", "createdBy" FROM "public"."files" ORDER BY id COLLATE "C"`;
const FILE_BYTES_SQL = `SELECT id, "facilityId", bytes FROM "public"."files" ORDER BY id COLLATE "C"`;

/**
 * The homes the export covers: null (the whole group) for a caller who sees every home and chose
 * none; else the chosen ones, each of which the caller must see (VALIDATION otherwise).
 */
async function exportScope(
  database: Database,
  user: TSessionUser,
  requested: readonly string[] | undefined,
): Promise<string[] | null> {
  if (!requested || requested.length === 0) return user.facilityIds;
  const ids = [...new Set(requested)];
  const known = await database.prisma.facility.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const unknown = ids.filter((id) => !known.some((k) => k.id === id) || !canSeeFacility(user, id));
  if (unknown.length > 0)
    throw new AppError("VALIDATION", "Choose homes you may see.", {
      fields: { facilityIds: `No such facility: ${unknown.join(", ")}` },
    });
  return ids;
}

/**
 * Exports being written per database. Each holds a connection while it writes its ZIP (on embedded
 * PGlite, the only one), so at most two are written at once on PostgreSQL and one on PGlite: more would
 * leave the portal's own requests without connections. Downloads of written ZIPs are not counted.
 */
const running = new WeakMap<Database, number>();

function maxExports(database: Database): number {
  return database.kind === "pglite" ? 1 : 2;
}

/** Who exports from the command line (`npm run data-export`): whoever may open the database sees every home. */
const COMMAND_LINE: TSessionUser = {
  id: "command-line",
  email: "command-line",
  displayName: null,
  role: "administrator",
  roleName: "Command line",
  permissions: permissionsAt("write"),
  actions: [...ACTIONS],
  facilityIds: null,
};

/**
 * Writes the export's ZIP and answers it as a stream. `caller` needs read on export; null is the
 * command line (whoever may open the database), which needs no account. UNAVAILABLE when writing takes
 * longer than the time limit; CONFLICT while as many exports as the database allows are being written.
 */
export async function exportData(
  database: Database,
  caller: TCaller | null,
  input: TExportDataInput = {},
): Promise<TDataExport> {
  const user = caller ? requirePermission(caller, "export", "read") : COMMAND_LINE;
  const facilityIds = await exportScope(database, user, input.facilityIds);
  const now = running.get(database) ?? 0;
  if (now >= maxExports(database))
    throw new AppError("CONFLICT", "Another export is being prepared. Try again in a few minutes.");
  running.set(database, now + 1);
  const done = () => running.set(database, (running.get(database) ?? 1) - 1);
  const dir = await mkdtemp(join(tmpdir(), "care-export-")).catch((error: unknown) => {
    done();
    throw error;
  });
  try {
    // Every permission, in the homes of the export: hidden fields (a resident's rate) are included.
    const exporter: TSessionUser = { ...user, permissions: permissionsAt("write"), facilityIds };
    const exportedAt = new Date();
    await writeAudit(database.prisma, caller ?? { user: null, ip: null }, {
      action: "data_export",
      summary: `${facilityIds ? `Facilities: ${facilityIds.join(", ")}` : "Every facility"}${caller ? "" : " (command line)"}`,
    });
    const manifestBase = {
      format: EXPORT_FORMAT,
      version: EXPORT_FORMAT_VERSION,
      schemaVersion: exportSchemaVersion(),
      exportedAt: exportedAt.toISOString(),
      exportedBy: caller ? { id: user.id, email: user.email } : null,
      backend: "http",
      facilityIds,
    } as const;
    const path = join(dir, "export.zip");
    await writeArchiveFile(database, path, exporter, manifestBase, input.timeLimitMs ?? EXPORT_TIME_LIMIT_MS).finally(
      done,
    );
    return { fileName: exportFileName(manifestBase.exportedAt), stream: await openRemoved(path) };
  } finally {
    // The open file stays readable until its stream closes; its name is gone at once.
    await rm(dir, { recursive: true, force: true });
  }
}

/** The file at `path` as a stream, opened before its folder is removed; cut off after DOWNLOAD_LIMIT_MS. */
async function openRemoved(path: string): Promise<Readable> {
  const handle = await open(path, "r");
  const stream = handle.createReadStream();
  const limit = setTimeout(
    () => stream.destroy(new Error("The download of the export took longer than 6 hours.")),
    DOWNLOAD_LIMIT_MS,
  );
  limit.unref();
  stream.once("close", () => clearTimeout(limit));
  return stream;
}

function tooSlow(limitMs: number): AppError {
  const minutes = Math.max(1, Math.round(limitMs / 60_000));
  return new AppError(
    "UNAVAILABLE",
    `The export took longer than ${minutes} minute${minutes === 1 ? "" : "s"} to prepare and was stopped. Export fewer homes at a time, or ask your administrator to run npm run data-export on the server.`,
  );
}

/**
 * Writes the whole ZIP to `path` in one snapshot: the transaction ends once the file is on disk, or
 * when `limitMs` has passed (UNAVAILABLE, nothing kept).
 */
async function writeArchiveFile(
  database: Database,
  path: string,
  exporter: TSessionUser,
  manifestBase: Omit<TExportManifest, "collections" | "files">,
  limitMs: number,
): Promise<void> {
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough; its types say only NodeJS.ReadableStream.
  const output = zip.outputStream as Readable;
  const stopped = new AbortController();
  const timer = setTimeout(() => stopped.abort(tooSlow(limitMs)), limitMs);
  const written = pipeline(output, createWriteStream(path, { mode: 0o600 }));
  // A full disk ends the reads too.
  written.catch((error: unknown) => stopped.abort(error));
  const context = { zip, mtime: new Date(manifestBase.exportedAt), signal: stopped.signal };
  try {
    await withSnapshot(
      database,
      async (snapshot) => {
        await writeArchive(context, snapshot, exporter, manifestBase);
        await written;
      },
      limitMs,
    );
  } catch (error) {
    output.destroy();
    throw stopped.signal.aborted ? stopped.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

interface TArchiveContext {
  zip: yazl.ZipFile;
  /** The entries' modification time: the moment of the export. */
  mtime: Date;
  /** Aborted when writing must stop (the time limit, a failed write); its reason says why. */
  signal: AbortSignal;
}

/**
 * Adds one entry whose bytes `chunks` produce, and resolves with its checksum once the ZIP has read
 * them all: entries are produced one after another, never held together.
 */
function addEntry(
  { zip, mtime, signal }: TArchiveContext,
  path: string,
  chunks: AsyncIterable<Buffer>,
  compress = true,
): Promise<TExportEntry & { bytes: number }> {
  return new Promise((resolve, reject) => {
    // Waiting for its turn or being read: stopping ends it either way.
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    const hash = createHash("sha256");
    let bytes = 0;
    async function* hashed() {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    }
    zip.addReadStreamLazy(path, { mtime, compress }, (callback) => {
      const stream = Readable.from(hashed());
      const stop = () => stream.destroy();
      signal.addEventListener("abort", stop, { once: true });
      stream.once("end", () => {
        signal.removeEventListener("abort", abort);
        signal.removeEventListener("abort", stop);
        resolve({ path, sha256: hash.digest("hex"), bytes });
      });
      stream.once("error", reject);
      callback(null, stream);
    });
  });
}

/** The records of a collection the exporter sees, batch by batch, as the API returns them. */
async function* recordBatches(
  snapshot: TSnapshot,
  name: TCollectionName,
  exporter: TSessionUser,
): AsyncGenerator<Record<string, unknown>[]> {
  const def = collections[name];
  const mapper = rowMapperOf(name, def);
  const sql = `SELECT * FROM "public"."${SQL_TABLES[name]}" ORDER BY id COLLATE "C"`;
  for await (const rows of snapshot.batches(sql, BATCH_ROWS)) {
    const records = rows.map((row) => mapper.toRecord(row)).filter((record) => canSeeRecord(exporter, def, record));
    if (records.length > 0) yield records;
  }
}

/** A collection's JSON file: one record per line in a JSON array; `counted` hears the number of records. */
async function* jsonChunks(
  snapshot: TSnapshot,
  name: TCollectionName,
  exporter: TSessionUser,
  counted: (count: number) => void,
): AsyncGenerator<Buffer> {
  yield Buffer.from(JSON_HEAD);
  let pending: Record<string, unknown> | undefined;
  let count = 0;
  for await (const records of recordBatches(snapshot, name, exporter)) {
    let text = "";
    for (const record of records) {
      if (pending) text += recordLine(pending, false);
      pending = record;
      count++;
    }
    yield Buffer.from(text);
  }
  yield Buffer.from(`${pending ? recordLine(pending, true) : ""}${JSON_TAIL}`);
  counted(count);
}

/** A collection's CSV; `names` fills its name columns and then keeps its records' names for the collections after it. */
async function* csvChunks(
  snapshot: TSnapshot,
  name: TCollectionName,
  exporter: TSessionUser,
  names: CsvNames,
): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_BOM + csvHeaderLine(name, names));
  for await (const records of recordBatches(snapshot, name, exporter)) {
    yield Buffer.from(csvLines(name, records, names));
    names.remember(name, records);
  }
}

function exportedFileOf(row: Record<string, unknown>): TExportedFile {
  return {
    id: row.id as string,
    name: row.name as string,
    contentType: row.contentType as string,
    size: Number(row.size),
    sha256: row.sha256 as string,
    facilityId: (row.facilityId as string | null) ?? null,
    createdAt: (row.createdAt as Date).toISOString(),
    createdBy: (row.createdBy as string | null) ?? null,
  };
}

async function writeArchive(
  context: TArchiveContext,
  snapshot: TSnapshot,
  exporter: TSessionUser,
  manifestBase: Omit<TExportManifest, "collections" | "files">,
): Promise<void> {
  const entries: Partial<Record<TCollectionName, TExportCollection>> = {};
  const names = new CsvNames();
  for (const name of collectionNames) {
    let count = 0;
    const json = await addEntry(
      context,
      collectionJsonPath(name),
      jsonChunks(snapshot, name, exporter, (n) => (count = n)),
    );
    const csv = await addEntry(context, collectionCsvPath(name), csvChunks(snapshot, name, exporter, names));
    entries[name] = {
      count,
      json: { path: json.path, sha256: json.sha256 },
      csv: { path: csv.path, sha256: csv.sha256 },
    };
  }
  let fileCount = 0;
  let fileBytes = 0;
  const index = await addEntry(
    context,
    FILES_INDEX_PATH,
    (async function* () {
      yield Buffer.from(JSON_HEAD);
      let pending: TExportedFile | undefined;
      for await (const rows of snapshot.batches(FILE_INDEX_SQL, BATCH_ROWS)) {
        let text = "";
        for (const file of rows.map(exportedFileOf).filter((f) => canSeeFacility(exporter, f.facilityId))) {
          if (pending) text += recordLine(pending, false);
          pending = file;
          fileCount++;
          fileBytes += file.size;
        }
        yield Buffer.from(text);
      }
      yield Buffer.from(`${pending ? recordLine(pending, true) : ""}${JSON_TAIL}`);
    })(),
  );
  // One file at a time (at most 20 MB each), stored as they are: PDFs and images do not compress.
  for await (const [row] of snapshot.batches(FILE_BYTES_SQL, 1)) {
    if (!row || !canSeeFacility(exporter, (row.facilityId as string | null) ?? null)) continue;
    const bytes = Buffer.from(row.bytes as Uint8Array);
    await addEntry(context, storedFilePath(row.id as string), Readable.from([bytes]), false);
  }
  const manifest: TExportManifest = {
    ...manifestBase,
    collections: entries as TExportManifest["collections"],
    files: { count: fileCount, bytes: fileBytes, index: { path: index.path, sha256: index.sha256 } },
  };
  context.zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_PATH, {
    mtime: context.mtime,
  });
  context.zip.end();
}
