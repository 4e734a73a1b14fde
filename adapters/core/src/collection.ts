/**
 * What a collection is, for every consumer at once: the web form, the server's generated routes, the
 * database repository, the Firestore rules and the in-memory adapter all read the same definition.
 */
import type { z } from "zod";

export type TRole = "admin" | "staff";

/**
 * Which facility a record belongs to, for access checks and the header's facility filter:
 * - `facility`: the record has a `facilityId` field (null allowed only where noted);
 * - `facility-id`: the record *is* a facility, its own id is the facility id;
 * - `global`: not tied to a facility (readable by anyone the access rule allows).
 */
export type TScope = { kind: "facility"; field: "facilityId" } | { kind: "facility-id" } | { kind: "global" };

export interface TAccess {
  /** Who may list and get records. Facility-limited users only ever see their facilities' records. */
  read: "signed-in" | "admin";
  /** Who may create, update and remove through the data port; `server` means only the server writes. */
  write: "signed-in" | "admin" | "server";
}

export interface CollectionDef<S extends z.ZodObject = z.ZodObject> {
  /** URL and storage name: `/api/v1/<name>`, Firestore collection `<name>`. */
  readonly name: string;
  /** Human label for messages and exports. */
  readonly label: string;
  /** The client-editable fields. Validates the web form, the server request and the Firebase write. */
  readonly schema: S;
  readonly scope: TScope;
  readonly access: TAccess;
  /** Fields a list may filter on by equality (or one-of). Every one of them is indexed. */
  readonly filterable: readonly (keyof z.infer<S> & string)[];
  /** Fields a list may sort on, besides `createdAt` and `updatedAt`. */
  readonly sortable: readonly (keyof z.infer<S> & string)[];
  readonly defaultSort: { field: string; direction: "asc" | "desc" };
  /** Text fields matched by a list's `search` (case-insensitive). */
  readonly searchable: readonly (keyof z.infer<S> & string)[];
  /** `archive` sets archivedAt (kept, hidden from lists); `delete` removes; `none` refuses. */
  readonly removal: "archive" | "delete" | "none";
  /** Ids chosen by the client (e.g. facility slugs) instead of generated ones. */
  readonly clientIds: boolean;
  /** Write an audit row for every view (get) of a record, not only for changes. */
  readonly auditViews: boolean;
}

export function defineCollection<S extends z.ZodObject>(def: CollectionDef<S>): CollectionDef<S> {
  return def;
}
