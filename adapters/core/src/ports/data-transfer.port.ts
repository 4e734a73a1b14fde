import { z } from "zod";
import { ZId } from "../common.schema.ts";

/** Where an instance stands for an import: only an empty one takes one. */
export const ZImportStatus = z.object({
  /** True when nothing but the start-up defaults (and the administrator who imports) is stored. */
  empty: z.boolean(),
  /** Why it is not empty: "The instance holds 12 residents." */
  problems: z.array(z.string()),
});
export type TImportStatus = z.infer<typeof ZImportStatus>;

/** An imported account and its one-time password, shown to the importing administrator once. */
export const ZImportedUser = z.object({
  id: ZId,
  email: z.string(),
  displayName: z.string().nullable(),
  active: z.boolean(),
  /** null for the administrator who imported: they keep their own password and stay signed in. */
  oneTimePassword: z.string().nullable(),
});
export type TImportedUser = z.infer<typeof ZImportedUser>;

/** What an import wrote. */
export const ZImportResult = z.object({
  /** Records written per collection (the audit log's rows under `auditLog`). */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  files: z.number().int().nonnegative(),
  /** Every imported account with the one-time password it must be signed in with, then changed. */
  users: z.array(ZImportedUser),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export interface TExportOptions {
  /** The homes to export, among the user's; absent: every home the user sees. */
  facilityIds?: readonly string[];
  /** Called as the ZIP arrives, with the bytes received so far. */
  onProgress?: (bytesReceived: number) => void;
}

/**
 * The full data export and import of Settings → Export and import (permission area `export`): every
 * collection, the audit log and every stored file as one ZIP in the format of
 * `data-export/export-format.ts`. Rejects with AppError: FORBIDDEN (no export permission),
 * VALIDATION (homes the user may not see; an archive that cannot be imported, every problem listed in
 * `fields`), CONFLICT (an import into an instance that is not empty, or while another runs; an export
 * while others are being prepared), UNAUTHENTICATED, UNAVAILABLE (also: an export that took longer than
 * its time limit to prepare).
 */
export interface DataTransferPort {
  /**
   * The ZIP of everything the user may export (read on export): every record with all its fields, in
   * the homes the user sees, or the ones chosen among them. The export is audited.
   */
  exportAll(options?: TExportOptions): Promise<Blob>;

  /** Whether this instance may take an import (write on export), and if not, why. */
  importStatus(): Promise<TImportStatus>;

  /**
   * Loads an export into this empty instance (write on export): checks the manifest and every record
   * against the same schemas first and writes nothing when anything is wrong; then writes every
   * collection, file and audit row with their ids, versions and timestamps. Passwords are never
   * exported: every imported account gets a one-time password, answered here only. The administrator
   * who imports keeps their password and session (as their exported account when the export holds
   * their e-mail, else as the account they are); any other account of the instance is replaced.
   */
  importAll(archive: Blob): Promise<TImportResult>;
}
