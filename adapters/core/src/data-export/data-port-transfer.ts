/**
 * DataTransferPort for the backends without a server of ours (memory, Firebase): the export's ZIP
 * built where the app runs, from the DataPort and the FilePort, in the same format as the server's
 * (export-format.ts, export-csv.ts), so an export taken here imports into the portal's own server.
 * Every list is read with `purpose: "export"`, so each page is in the audit log as an export. Records
 * come as the user may read them, so it needs read on every area. Pages are of `pageSize` records (a
 * backend over the network takes small ones, each answered quickly also on a busy server), read one
 * after another. Stored files are those the group's
 * documents name (every version). Imports go into the portal's own server; these backends take none.
 */
import { zipSync, type Zippable } from "fflate";
import { AppError } from "../app-error.ts";
import { MAX_PAGE_SIZE, type TPage } from "../list-query.ts";
import type { AuthPort } from "../ports/auth.port.ts";
import type { DataPort } from "../ports/data.port.ts";
import type { DataTransferPort, TExportOptions, TImportResult, TImportStatus } from "../ports/data-transfer.port.ts";
import type { FilePort } from "../ports/file.port.ts";
import { collectionNames, collections, type TCollectionName, type TRecordOf } from "../registry.ts";
import { canReadCollection, canSeeFacility, canSeeRecord } from "../rules/access.rules.ts";
import { CSV_BOM, CsvNames, csvHeaderLine, csvLines } from "./export-csv.ts";
import {
  collectionCsvPath,
  collectionJsonPath,
  compareIds,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
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
} from "./export-format.ts";

const NO_IMPORT =
  "Imports go into the portal's own server: this backend cannot take one. Import the file there, then move the group.";

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A collection's JSON file: the records sorted by id, one per line (export-format.ts). */
function jsonText(records: readonly Record<string, unknown>[]): string {
  return JSON_HEAD + records.map((record, i) => recordLine(record, i === records.length - 1)).join("") + JSON_TAIL;
}

/** Every record of `name` (archived ones too), read for an export in pages of `pageSize`. */
async function exportedRecords(data: DataPort, name: TCollectionName, pageSize: number) {
  const records: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const page: TPage<TRecordOf<typeof name>> = await data.list(name, {
      includeArchived: true,
      purpose: "export",
      limit: pageSize,
      ...(cursor ? { cursor } : {}),
    });
    records.push(...(page.items as Record<string, unknown>[]));
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}

export function createDataPortTransfer(
  ports: { auth: AuthPort; data: DataPort; files: FilePort },
  backend: "memory" | "firebase",
  options: { pageSize?: number } = {},
): DataTransferPort {
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  return {
    async exportAll(options: TExportOptions = {}): Promise<Blob> {
      const user = ports.auth.current();
      if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      if (user.permissions.export === "none") throw new AppError("FORBIDDEN", "You don't have access to data export.");
      const unreadable = collectionNames.filter((name) => !canReadCollection(user, collections[name]));
      if (unreadable.length > 0)
        throw new AppError(
          "FORBIDDEN",
          "On this backend the export holds what you may read: it needs read access to every area (an administrator's role).",
        );
      const chosen = options.facilityIds?.length ? [...new Set(options.facilityIds)] : null;
      if (chosen && !chosen.every((id) => canSeeFacility(user, id)))
        throw new AppError("VALIDATION", "Choose homes you may see.", {
          fields: { facilityIds: "No such facility" },
        });
      const exporter = { ...user, facilityIds: chosen ?? user.facilityIds };
      const exportedAt = new Date();
      const zip: Zippable = {};
      let built = 0;
      const add = async (path: string, bytes: Uint8Array<ArrayBuffer>, compress = true): Promise<TExportEntry> => {
        zip[path] = [bytes, { level: compress ? 6 : 0, mtime: exportedAt }];
        built += bytes.length;
        options.onProgress?.(built);
        return { path, sha256: await sha256(bytes) };
      };
      const encoder = new TextEncoder();
      const text = (value: string) => encoder.encode(value) as Uint8Array<ArrayBuffer>;

      const entries: Partial<Record<TCollectionName, TExportCollection>> = {};
      const fileIds = new Set<string>();
      const names = new CsvNames();
      for (const name of collectionNames) {
        const def = collections[name];
        const records = (await exportedRecords(ports.data, name, pageSize))
          .filter((record) => canSeeRecord(exporter, def, record))
          .sort((a, b) => compareIds(a.id as string, b.id as string));
        if (name === "documents")
          for (const record of records) if (typeof record.fileId === "string") fileIds.add(record.fileId);
        const json = await add(collectionJsonPath(name), text(jsonText(records)));
        const csv = await add(
          collectionCsvPath(name),
          text(CSV_BOM + csvHeaderLine(name, names) + csvLines(name, records, names)),
        );
        names.remember(name, records);
        entries[name] = { count: records.length, json, csv };
      }

      const files: TExportedFile[] = [];
      for (const id of [...fileIds].sort(compareIds)) {
        const stored = await ports.files.describe(id);
        if (!canSeeFacility(exporter, stored.facilityId)) continue;
        const bytes = new Uint8Array(await (await ports.files.download(id)).arrayBuffer());
        const entry = await add(storedFilePath(id), bytes, false);
        files.push({ ...stored, sha256: entry.sha256 });
      }
      const index = await add(FILES_INDEX_PATH, text(jsonText(files)));

      const manifest: TExportManifest = {
        format: EXPORT_FORMAT,
        version: EXPORT_FORMAT_VERSION,
        schemaVersion: exportSchemaVersion(),
        exportedAt: exportedAt.toISOString(),
        exportedBy: { id: user.id, email: user.email },
        backend,
        facilityIds: exporter.facilityIds,
        collections: entries as TExportManifest["collections"],
        files: { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0), index },
      };
      await add(MANIFEST_PATH, text(`${JSON.stringify(manifest, null, 2)}\n`));
      return new Blob([zipSync(zip) as Uint8Array<ArrayBuffer>], { type: "application/zip" });
    },

    async importStatus(): Promise<TImportStatus> {
      return { empty: false, problems: [NO_IMPORT] };
    },

    async importAll(): Promise<TImportResult> {
      throw new AppError("CONFLICT", NO_IMPORT);
    },
  };
}
