/**
 * Settings → Export and import (and `npm run data-import`), the import: an export of any backend
 * loaded into an empty instance, so a care group can move servers or backends. First every entry is
 * checked without writing anything — the manifest, every record against its collection's schema, the
 * order of ids, the references the database enforces, the links every write checks (the same home,
 * import-links.ts), counts and checksums, every file (its type sniffed from its bytes, as an upload's)
 * — and all problems are refused together in one report. Rent accounts are not taken as given: once
 * the charges and payments are written they are derived from them, as a write of them does. Then the records are written as they were (ids,
 * versions, timestamps, authors), one transaction per batch, collection by collection, files after
 * the facilities, and the audit log last. Passwords are never exported: every imported account gets a
 * one-time password, answered once — but the administrator who imports keeps their password and
 * session, as their exported account when the export has their e-mail, else as the account they are.
 * Any other account of the empty instance is replaced. A write that fails half-way removes what the
 * import wrote.
 */
import { AppError } from "@care/core/app-error";
import { ZRecordMeta } from "@care/core/common.schema";
import {
  collectionCsvPath,
  collectionJsonPath,
  compareIds,
  EXPORT_BACKEND_LABELS,
  EXPORT_FORMAT_VERSION,
  exportSchemaVersion,
  FILES_INDEX_PATH,
  IMPORT_ORDER,
  MANIFEST_PATH,
  parseRecordLine,
  storedFilePath,
  ZExportedFile,
  ZExportManifest,
  type TExportedFile,
  type TExportManifest,
} from "@care/core/data-export/export-format";
import { FILES_TARGET } from "@care/core/collection";
import { ACTIONS, ADMINISTRATOR_ROLE_ID } from "@care/core/collections/roles.collection";
import { actionsOfStoredRole } from "@care/core/rules/role-actions.rules";
import { ACCEPTED_FILE_TYPES, MAX_FILE_BYTES } from "@care/core/ports/file.port";
import type { TImportedUser, TImportResult } from "@care/core/ports/data-transfer.port";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";
import { fieldsOf } from "@care/core/rules/records.rules";
import { generateOneTimePassword, oneTimePasswordExpiry } from "@care/core/rules/users.rules";
import type { z } from "zod";
import { writeAudit, writeImportedAuditRows } from "../audit/audit-log.ts";
import { hashPassword } from "../auth/password.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import { PRISMA_MODELS } from "../collections/collection.repository.ts";
import { SQL_TABLES } from "../collections/list-sql.ts";
import { rowMapperOf, type TRow } from "../collections/row-mappers.ts";
import { sqlPoolOf, TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import { insertJsonRows } from "../db/insert-json-rows.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { restateRentAccount } from "../rent/rent-billing.ts";
import { acceptedTypeOf } from "../files/upload-file.ts";
import { ExportArchive } from "./export-archive.ts";
import { ImportLinks, LINKING_COLLECTIONS } from "./import-links.ts";
import { emptinessProblems } from "./import-status.ts";

export interface TImportDataInput {
  /** Where the export's ZIP lies on disk. */
  archivePath: string;
}

/** Records per write transaction. */
const BATCH = 500;
/** A report lists at most this many problems (and says how many more there were). */
const MAX_PROBLEMS = 50;

/**
 * The references the database enforces (prisma/schema.prisma's relations), checked before anything is
 * written so a write never fails on one. Each target comes earlier in IMPORT_ORDER than its referrers.
 */
const FACILITY = { facilityId: "facilities" } as const;
const OF_RESIDENT = { residentId: "residents", ...FACILITY } as const;
export const REFERENCES: Partial<Record<TCollectionName, Readonly<Record<string, TCollectionName>>>> = {
  users: { role: "roles" },
  residents: FACILITY,
  residentEvents: OF_RESIDENT,
  diagnoses: OF_RESIDENT,
  allergies: OF_RESIDENT,
  medications: OF_RESIDENT,
  vitals: OF_RESIDENT,
  incidents: OF_RESIDENT,
  appointments: OF_RESIDENT,
  rentRates: OF_RESIDENT,
  rentCharges: OF_RESIDENT,
  payments: OF_RESIDENT,
  rentAccounts: OF_RESIDENT,
  documents: FACILITY,
  staff: FACILITY,
  reminders: FACILITY,
  reminderStates: FACILITY,
  trainingEntries: { staffId: "staff", ...FACILITY },
  shifts: { staffId: "staff", ...FACILITY },
  shiftTemplates: FACILITY,
  agentFeeTerms: { agentId: "referralAgents" },
  referrals: { agentId: "referralAgents", ...FACILITY },
  referralContacts: FACILITY,
  referralFees: FACILITY,
};
const REFERENCED = new Set(Object.values(REFERENCES).flatMap((refs) => Object.values(refs)));

/** The problems of an archive, in the order found; checking stops at MAX_PROBLEMS. */
class Problems {
  readonly list: string[] = [];

  add(where: string, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(`${where}: ${message}`);
  }

  get full(): boolean {
    return this.list.length >= MAX_PROBLEMS;
  }

  /** The report: VALIDATION listing every problem found (numbered), or null when there is none. */
  error(): AppError | null {
    const count = this.list.length;
    if (count === 0) return null;
    const fields = Object.fromEntries(this.list.map((problem, i) => [String(i + 1), problem]));
    const found = this.full
      ? `${MAX_PROBLEMS} problems or more (checking stopped there)`
      : `${count} ${count === 1 ? "problem" : "problems"}`;
    return new AppError("VALIDATION", `This export cannot be imported: ${found}. Nothing was written.`, { fields });
  }
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join(".") || "record"}: ${issue.message}`);
}

/** A record line's fields and metadata once its collection's schema and ZRecordMeta accept them, or the problems. */
function parseRecord(
  name: TCollectionName,
  value: unknown,
): { fields: Record<string, unknown>; meta: z.infer<typeof ZRecordMeta> } | { problems: string[] } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { problems: ["not a record"] };
  const record = value as Record<string, unknown>;
  const fields = collections[name].schema.safeParse(fieldsOf(record));
  const meta = ZRecordMeta.safeParse(record);
  // Stored as exported, not as parsed: defaults a schema would add now were not there before.
  if (fields.success && meta.success) return { fields: fieldsOf(record), meta: meta.data };
  return { problems: [...(fields.error ? issuesOf(fields.error) : []), ...(meta.error ? issuesOf(meta.error) : [])] };
}

/** The record lines of an entry, with their line numbers; lines that are no record are reported. */
async function* recordsOf(
  lines: AsyncIterable<string>,
  path: string,
  problems: Problems,
): AsyncGenerator<{ value: unknown; line: number }> {
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text === "[" || text === "]" || text === "") continue;
    const value = parseRecordLine(text);
    if (value === undefined) problems.add(`${path}, line ${line}`, "not a record line of an export");
    else yield { value, line };
  }
}

async function readManifest(archive: ExportArchive, problems: Problems): Promise<TExportManifest | null> {
  if (!archive.has(MANIFEST_PATH)) {
    problems.add(MANIFEST_PATH, "missing: this ZIP is not a Care Portal export");
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse((await archive.bytes(MANIFEST_PATH)).bytes.toString("utf8"));
  } catch {
    problems.add(MANIFEST_PATH, "not JSON");
    return null;
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version !== EXPORT_FORMAT_VERSION) {
    problems.add(MANIFEST_PATH, `format version ${version}; this portal reads version ${EXPORT_FORMAT_VERSION}`);
    return null;
  }
  const parsed = ZExportManifest.safeParse(json);
  if (!parsed.success) {
    for (const issue of issuesOf(parsed.error)) problems.add(MANIFEST_PATH, issue);
    return null;
  }
  if (parsed.data.schemaVersion !== exportSchemaVersion())
    problems.add(
      MANIFEST_PATH,
      `written by a portal with other record schemas (${parsed.data.schemaVersion}; this one has ${exportSchemaVersion()}): import it with the same version of the portal`,
    );
  return parsed.data;
}

/** Checks an entry's checksum against the manifest's (read as lines, for the CSV files). */
async function checkChecksum(archive: ExportArchive, path: string, sha256: string, problems: Problems): Promise<void> {
  if (!archive.has(path)) return problems.add(path, "missing");
  const entry = await archive.lines(path);
  for await (const _line of entry.lines);
  if (entry.sha256() !== sha256)
    problems.add(path, "its checksum differs from the manifest's: the file was changed or damaged");
}

/** Every problem of the archive (nothing is written); the manifest and the files' descriptions when there is none. */
async function checkArchive(
  archive: ExportArchive,
  inAuditLog: (ids: string[]) => Promise<number>,
): Promise<{ problems: Problems; manifest: TExportManifest | null; files: TExportedFile[] }> {
  const problems = new Problems();
  const manifest = await readManifest(archive, problems);
  if (!manifest) return { problems, manifest, files: [] };
  const ids = new Map<TCollectionName, Set<string>>([...REFERENCED].map((name) => [name, new Set<string>()]));
  const links = new ImportLinks();
  for (const name of IMPORT_ORDER) {
    const entry = manifest.collections[name];
    const path = collectionJsonPath(name);
    if (entry.json.path !== path) problems.add(MANIFEST_PATH, `${name} should be in ${path}`);
    if (!archive.has(path)) {
      problems.add(path, "missing");
      continue;
    }
    const { lines, sha256 } = await archive.lines(path);
    let count = 0;
    let previous: string | undefined;
    const known = ids.get(name);
    // The instance's own audit log stays: an export holding rows of it is one of this instance.
    let auditIds: string[] = [];
    let alreadyLogged = 0;
    // A record that is missing (or was damaged) is named by many others: its first mention per field is
    // listed, the others counted in one line after the file.
    const unknownRefs = new Map<string, number>();
    for await (const { value, line } of recordsOf(lines, path, problems)) {
      count++;
      if (name === "auditLog" && typeof (value as { id?: unknown }).id === "string") {
        auditIds.push((value as { id: string }).id);
        if (auditIds.length === BATCH) {
          alreadyLogged += await inAuditLog(auditIds);
          auditIds = [];
        }
      }
      const where = `${path}, line ${line}`;
      const parsed = parseRecord(name, value);
      if ("problems" in parsed) {
        for (const problem of parsed.problems) problems.add(where, problem);
        // Reported once, here: not again for every record naming it.
        const id = (value as { id?: unknown }).id;
        if (typeof id === "string") {
          known?.add(id);
          links.refuse(name, id);
        }
        continue;
      }
      const id = parsed.meta.id;
      if (previous !== undefined && compareIds(previous, id) >= 0)
        problems.add(where, `id ${id} is out of order or repeated`);
      previous = id;
      known?.add(id);
      links.remember(name, id, parsed.fields);
      for (const [field, target] of Object.entries(REFERENCES[name] ?? {})) {
        const value = parsed.fields[field];
        if (typeof value !== "string" || ids.get(target)!.has(value)) continue;
        const seen = unknownRefs.get(field) ?? 0;
        unknownRefs.set(field, seen + 1);
        if (seen === 0)
          problems.add(where, `${field}: no ${collections[target].label.toLowerCase()} ${value} in the export`);
      }
      if (problems.full) break;
    }
    for (const [field, count] of unknownRefs)
      if (count > 1)
        problems.add(path, `${count - 1} more records name in ${field} a record that is not in the export`);
    if (problems.full) break;
    if (auditIds.length > 0) alreadyLogged += await inAuditLog(auditIds);
    if (alreadyLogged > 0)
      problems.add(
        path,
        `${alreadyLogged} of its entries are already in this portal's audit log: was it exported from here?`,
      );
    if (sha256() !== entry.json.sha256)
      problems.add(path, "its checksum differs from the manifest's: the file was changed or damaged");
    if (count !== entry.count) problems.add(path, `${count} records, the manifest says ${entry.count}`);
    if (entry.csv.path !== collectionCsvPath(name))
      problems.add(MANIFEST_PATH, `${name} CSV should be in ${collectionCsvPath(name)}`);
    await checkChecksum(archive, entry.csv.path, entry.csv.sha256, problems);
  }
  const files = problems.full ? [] : await checkFiles(archive, manifest, ids.get("facilities")!, problems);
  for (const file of files) links.remember(FILES_TARGET, file.id, file);
  if (!problems.full) await checkLinksOf(archive, ids, links, problems);
  return { problems, manifest, files };
}

/**
 * Every record's declared links, as a write checks them (see import-links.ts), once the whole export
 * has been read. A link to a record missing from the export was reported already and is not again.
 */
async function checkLinksOf(
  archive: ExportArchive,
  ids: ReadonlyMap<TCollectionName, ReadonlySet<string>>,
  links: ImportLinks,
  problems: Problems,
): Promise<void> {
  for (const name of LINKING_COLLECTIONS) {
    const path = collectionJsonPath(name);
    if (!archive.has(path)) continue;
    const { lines } = await archive.lines(path);
    const unreported = new Problems();
    for await (const { value, line } of recordsOf(lines, path, unreported)) {
      const parsed = parseRecord(name, value);
      if ("problems" in parsed) continue;
      const references = REFERENCES[name] ?? {};
      const missing = (field: string) => {
        const target = references[field];
        const value = parsed.fields[field];
        return target !== undefined && typeof value === "string" && !ids.get(target)!.has(value);
      };
      const problem = links.problemOf(name, parsed.meta.id, parsed.fields, missing);
      if (problem) problems.add(`${path}, line ${line}`, problem);
      if (problems.full) return;
    }
  }
}

async function checkFiles(
  archive: ExportArchive,
  manifest: TExportManifest,
  facilities: ReadonlySet<string>,
  problems: Problems,
): Promise<TExportedFile[]> {
  if (!archive.has(FILES_INDEX_PATH)) {
    problems.add(FILES_INDEX_PATH, "missing");
    return [];
  }
  const files: TExportedFile[] = [];
  const { lines, sha256 } = await archive.lines(FILES_INDEX_PATH);
  for await (const { value, line } of recordsOf(lines, FILES_INDEX_PATH, problems)) {
    const where = `${FILES_INDEX_PATH}, line ${line}`;
    const parsed = ZExportedFile.safeParse(value);
    if (!parsed.success) {
      for (const issue of issuesOf(parsed.error)) problems.add(where, issue);
      continue;
    }
    const file = parsed.data;
    if (!(file.contentType in ACCEPTED_FILE_TYPES)) problems.add(where, `type ${file.contentType} is not accepted`);
    if (file.size > MAX_FILE_BYTES) problems.add(where, "larger than files may be");
    if (file.facilityId !== null && !facilities.has(file.facilityId))
      problems.add(where, `facilityId: no facility ${file.facilityId} in the export`);
    files.push(file);
  }
  if (sha256() !== manifest.files.index.sha256)
    problems.add(FILES_INDEX_PATH, "its checksum differs from the manifest's: the file was changed or damaged");
  if (files.length !== manifest.files.count)
    problems.add(FILES_INDEX_PATH, `${files.length} files, the manifest says ${manifest.files.count}`);
  for (const file of files) {
    const path = storedFilePath(file.id);
    if (!archive.has(path)) {
      problems.add(path, "missing");
      continue;
    }
    if (archive.sizeOf(path) !== file.size)
      problems.add(path, `${archive.sizeOf(path)} bytes, the index says ${file.size}`);
    else {
      const { bytes, sha256 } = await archive.bytes(path);
      if (sha256 !== file.sha256)
        problems.add(path, "its checksum differs from the index's: the file was changed or damaged");
      // Its type from its bytes, as an upload's: a declared type is never trusted.
      const sniffed = await acceptedTypeOf(bytes);
      if (!sniffed) problems.add(path, "its bytes are not a PDF or an image of an accepted type");
      else if (sniffed !== file.contentType)
        problems.add(path, `its bytes are ${sniffed}, the index says ${file.contentType}`);
    }
    if (problems.full) break;
  }
  return files;
}

type TDelegate = { deleteMany(args?: object): Promise<{ count: number }> };

function delegateOf(db: Prisma.TransactionClient, name: TCollectionName): TDelegate {
  return (db as unknown as Record<string, TDelegate>)[PRISMA_MODELS[name]]!;
}

/**
 * Every record table emptied (not the append-only audit log), accounts first, except the account of
 * the administrator who imports (`keepEmail`) and the role it holds: what a failed import undoes too.
 */
async function emptyTables(db: Prisma.TransactionClient, keepEmail: string | null): Promise<void> {
  for (const name of [...IMPORT_ORDER].reverse()) {
    if (name === "auditLog") continue;
    if (name === "users") await db.user.deleteMany({ where: keepEmail ? { email: { not: keepEmail } } : {} });
    else if (name === "roles") await db.$executeRaw`DELETE FROM roles WHERE id NOT IN (SELECT role FROM users)`;
    else await delegateOf(db, name).deleteMany();
    if (name === "documents") await db.storedFile.deleteMany();
  }
}

/**
 * The row of an imported record: its columns as the repository writes them, and its metadata as it was.
 * A role exported without actions (written before they existed) gets them as every backend's upgrade
 * gives them (`actionsOfStoredRole`); the Administrator role always every action, also those added since.
 */
function rowOf(name: TCollectionName, fields: Record<string, unknown>, meta: z.infer<typeof ZRecordMeta>): TRow {
  const upgraded =
    name !== "roles"
      ? fields
      : meta.id === ADMINISTRATOR_ROLE_ID
        ? { ...fields, actions: [...ACTIONS] }
        : !Array.isArray(fields.actions)
          ? { ...fields, actions: actionsOfStoredRole(meta.id, fields) }
          : fields;
  return { ...rowMapperOf(name, collections[name]).toColumns(upgraded), ...meta };
}

/** The administrator who imports, who keeps their password and session; null on the command line. */
type TImporter = { email: string } | null;

/** Writes one batch of a collection's rows in one transaction. */
async function writeBatch(db: Prisma.TransactionClient, name: TCollectionName, rows: TRow[], importer: TImporter) {
  if (name === "auditLog") return writeImportedAuditRows(db, rows as Prisma.AuditEntryCreateManyInput[]);
  if (name === "roles") {
    // The importer's role was kept (their account names it): it takes the exported values.
    for (const row of rows)
      await db.role.upsert({ where: { id: row.id as string }, create: row as never, update: row as never });
    return;
  }
  const own = importer && name === "users" ? rows.find((row) => row.email === importer.email) : undefined;
  await insertJsonRows(
    db,
    SQL_TABLES[name],
    rows.filter((row) => row !== own),
  );
  if (own) {
    // The importer's account becomes their exported one in place (the id too: their sessions follow it),
    // with the password they have here.
    const { passwordHash: _none, ...columns } = own;
    await db.user.update({ where: { email: importer!.email }, data: columns as never });
  }
}

/** Writes the records of one collection, batch by batch; answers how many, and the accounts' passwords. */
async function writeCollection(
  database: Database,
  archive: ExportArchive,
  name: TCollectionName,
  importer: TImporter,
  users: TImportedUser[],
): Promise<number> {
  const problems = new Problems();
  const { lines } = await archive.lines(collectionJsonPath(name));
  let batch: TRow[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await database.prisma.$transaction((tx) => writeBatch(tx, name, rows, importer), TRANSACTION_OPTIONS);
    count += rows.length;
  };
  for await (const { value } of recordsOf(lines, collectionJsonPath(name), problems)) {
    const parsed = parseRecord(name, value);
    if ("problems" in parsed) throw new Error(`${name} changed after it was checked`);
    const row = rowOf(name, parsed.fields, parsed.meta);
    if (name === "users") {
      const email = parsed.fields.email as string;
      const own = email === importer?.email;
      const oneTimePassword = own ? null : generateOneTimePassword();
      users.push({
        id: parsed.meta.id,
        email,
        displayName: (parsed.fields.displayName as string | undefined) ?? null,
        active: parsed.fields.active as boolean,
        oneTimePassword,
      });
      Object.assign(row, {
        mustChangePassword: own ? parsed.fields.mustChangePassword : true,
        ...(oneTimePassword ? { oneTimePasswordExpiresAt: oneTimePasswordExpiry(new Date()) } : {}),
        lastSignInAt: parsed.fields.lastSignInAt ?? null,
        ...(oneTimePassword ? { passwordHash: await hashPassword(oneTimePassword) } : {}),
      });
    }
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

async function writeFiles(database: Database, archive: ExportArchive, files: readonly TExportedFile[]): Promise<void> {
  for (const file of files) {
    const { bytes } = await archive.bytes(storedFilePath(file.id));
    await database.prisma.storedFile.create({ data: { ...file, bytes: new Uint8Array(bytes) } });
  }
}

/**
 * Every imported rent account set from the imported charges and payments as a write of them would set
 * it (`restateRentAccount`): balances are the server's to derive, never taken from a file. An account
 * that is right stays as it was (version and times); one that is wrong or missing is written anew.
 */
async function restateRentAccounts(database: Database): Promise<void> {
  const prisma = database.prisma;
  const named = await Promise.all([
    prisma.rentCharge.findMany({ distinct: ["residentId"], select: { residentId: true } }),
    prisma.payment.findMany({ distinct: ["residentId"], select: { residentId: true } }),
    prisma.rentAccount.findMany({ select: { residentId: true } }),
  ]);
  const ids = [...new Set(named.flat().map((row) => row.residentId))];
  for (let i = 0; i < ids.length; i += BATCH) {
    const residents = await prisma.resident.findMany({
      where: { id: { in: ids.slice(i, i + BATCH) } },
      select: { id: true, facilityId: true },
    });
    await prisma.$transaction(async (tx) => {
      for (const resident of residents) await restateRentAccount(tx, resident.id, resident.facilityId);
    }, TRANSACTION_OPTIONS);
  }
}

/**
 * Imports the export at `input.archivePath`. `caller` needs write on export; null is the command line
 * (whoever may open the database), which needs no account.
 */
/** The advisory lock an import holds on PostgreSQL, so instances sharing the database run one at a time. */
const IMPORT_LOCK_KEY = 7_261_954_013;
/** Databases an import of this process is writing (embedded PGlite has no other process). */
const importing = new WeakSet<Database>();

function importRunning(): AppError {
  return new AppError("CONFLICT", "An import into this portal is running. Nothing was written.");
}

/** Runs `work` as the only import of the database; CONFLICT when another one is running. */
async function asOnlyImport<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (importing.has(database)) throw importRunning();
  importing.add(database);
  const pool = sqlPoolOf(database.prisma);
  const client = await pool?.connect();
  try {
    if (client) {
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
        IMPORT_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) throw importRunning();
    }
    try {
      return await work();
    } finally {
      await client?.query("SELECT pg_advisory_unlock($1)", [IMPORT_LOCK_KEY]);
    }
  } finally {
    client?.release();
    importing.delete(database);
  }
}

export async function importData(
  database: Database,
  caller: TCaller | null,
  input: TImportDataInput,
): Promise<TImportResult> {
  const importer: TImporter = caller ? { email: requirePermission(caller, "export", "write").email } : null;
  return asOnlyImport(database, () => importInto(database, caller, importer, input.archivePath));
}

async function importInto(
  database: Database,
  caller: TCaller | null,
  importer: TImporter,
  archivePath: string,
): Promise<TImportResult> {
  const notEmpty = await emptinessProblems(database.prisma);
  if (notEmpty.length > 0)
    throw new AppError(
      "CONFLICT",
      "Imports go into an empty instance only; this one holds data. Nothing was written.",
      {
        fields: Object.fromEntries(notEmpty.map((problem, i) => [String(i + 1), problem])),
      },
    );
  const archive = await ExportArchive.open(archivePath);
  try {
    const { problems, manifest, files } = await checkArchive(archive, (ids) =>
      database.prisma.auditEntry.count({ where: { id: { in: ids } } }),
    );
    const refusal = problems.error();
    if (refusal || !manifest) throw refusal ?? new AppError("VALIDATION", "This file is not a Care Portal export.");
    await database.prisma.$transaction(async (tx) => {
      const now = await emptinessProblems(tx);
      if (now.length > 0) throw new AppError("CONFLICT", "Someone added data meanwhile. Nothing was written.");
      await emptyTables(tx, importer?.email ?? null);
    }, TRANSACTION_OPTIONS);
    const counts: Record<string, number> = {};
    const users: TImportedUser[] = [];
    try {
      for (const name of IMPORT_ORDER) {
        counts[name] = await writeCollection(database, archive, name, importer, users);
        if (name === "facilities") await writeFiles(database, archive, files);
      }
      await restateRentAccounts(database);
    } catch (error) {
      await database.prisma.$transaction((tx) => emptyTables(tx, importer?.email ?? null), TRANSACTION_OPTIONS);
      throw new AppError("UNAVAILABLE", "The import stopped half-way and what it had written was removed. Try again.", {
        cause: error,
      });
    }
    const records = collectionNames.reduce((sum, name) => sum + (counts[name] ?? 0), 0);
    await writeAudit(database.prisma, caller ?? { user: null, ip: null }, {
      action: "data_import",
      summary: `${records} records and ${files.length} files exported ${manifest.exportedAt} from ${EXPORT_BACKEND_LABELS[manifest.backend]}`,
    });
    return { counts, files: files.length, users };
  } finally {
    archive.close();
  }
}
