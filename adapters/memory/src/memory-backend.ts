/**
 * The in-memory store behind the memory adapter: what the server keeps in PostgreSQL (records per
 * collection, accounts with their passwords, files, the audit log), held in maps. Several clients
 * (`memoryClient`) share one backend, each with its own session, like browsers sharing one server.
 * Nothing is persisted; passwords are kept as given because the store never leaves the process.
 */
import { validationError } from "@care/core/app-error";
import type { CollectionDef } from "@care/core/collection";
import type { TAuditAction } from "@care/core/collections/audit-log.collection";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { actionsListed } from "@care/core/collections/actions";
import { ADMINISTRATOR_ROLE_ID, DEFAULT_ROLES, ZPermissions } from "@care/core/collections/roles.collection";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "@care/core/collections/ca-training-requirements";
import { ZUserCreate, type TUserCreate } from "@care/core/collections/users.collection";
import type { TRecordMeta } from "@care/core/common.schema";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TStoredFile } from "@care/core/ports/file.port";
import { facilityOfRecord } from "@care/core/rules/access.rules";
import { validateCreate } from "@care/core/rules/records.rules";
import { oneTimePasswordExpiry } from "@care/core/rules/users.rules";
import { collections as registry } from "@care/core/registry";

export type TStoredRecord = Record<string, unknown> & TRecordMeta;

export interface MemoryBackendOptions {
  /** An administrator account (all facilities) created at start. */
  admin?: { email: string; password: string };
  /** Create the six facilities of the seed (default true), as the server does on first start. */
  seedFacilities?: boolean;
  /**
   * Create the California RCFE default document types and training requirements (default true), as the
   * server does on first start.
   */
  seedDocumentTypes?: boolean;
  /** Create the default roles (default true), as the server's migrations do. */
  seedRoles?: boolean;
  /**
   * The collections served; defaults to the registry. Tests of collection-generic behaviour (archive,
   * delete, facility-scoped records) pass definitions the registry does not have yet.
   */
  collections?: Record<string, CollectionDef>;
  /** The clock as a UTC ISO timestamp (default: the real time); tests of what a day or month does set it. */
  now?: () => string;
}

export interface TAuditInput {
  actor: TSessionUser | null;
  actorEmail?: string | null;
  action: TAuditAction;
  collection?: string | null;
  recordId?: string | null;
  facilityId?: string | null;
  summary?: string | null;
}

export interface MemoryBackend {
  readonly collections: Record<string, CollectionDef>;
  /** Stored records per collection name, by id. The adapters copy records in and out. */
  readonly records: Map<string, Map<string, TStoredRecord>>;
  /** Passwords by user id. */
  readonly passwords: Map<string, string>;
  /** The one-time passwords in force, by user id: when each stops working and whether it was used. */
  readonly oneTimePasswords: Map<string, { expiresAt: string; used: boolean }>;
  readonly files: Map<string, { meta: TStoredFile; bytes: Uint8Array }>;
  /** A new id, unique in this backend and increasing (so ties in a sort follow creation order). */
  newId(): string;
  /** The current time as a UTC ISO timestamp. */
  now(): string;
  /** The stored record of a collection, or undefined. */
  table(collection: string): Map<string, TStoredRecord>;
  /** The account with this e-mail (case-insensitive), or undefined. */
  findUserByEmail(email: string): TStoredRecord | undefined;
  /** The session user for a user id, or null when the account is gone or deactivated. */
  sessionUser(userId: string | null): TSessionUser | null;
  /**
   * The user's session generation: a client's session is live while the generation it signed in at
   * is current. `endSessions` starts a new one, ending every session of the user at once.
   */
  sessionGeneration(userId: string): number;
  endSessions(userId: string): void;
  /**
   * Creates an account directly, as the server's `create-user` command does (no signed-in admin
   * needed). Throws VALIDATION for bad input; a duplicate e-mail is the caller's concern.
   */
  addUser(input: TUserCreate, createdBy?: string | null): TStoredRecord;
  /** Appends an audit row. */
  audit(entry: TAuditInput): void;
}

export function createMemoryBackend(options: MemoryBackendOptions = {}): MemoryBackend {
  const collections = options.collections ?? (registry as Record<string, CollectionDef>);
  const records = new Map<string, Map<string, TStoredRecord>>();
  const passwords = new Map<string, string>();
  const oneTimePasswords = new Map<string, { expiresAt: string; used: boolean }>();
  const generations = new Map<string, number>();
  const files = new Map<string, { meta: TStoredFile; bytes: Uint8Array }>();
  let sequence = 0;

  const table = (collection: string) => {
    let rows = records.get(collection);
    if (!rows) {
      rows = new Map();
      records.set(collection, rows);
    }
    return rows;
  };

  const meta = (id: string, at: string, by: string | null): TRecordMeta => ({
    id,
    version: 1,
    createdAt: at,
    updatedAt: at,
    createdBy: by,
    updatedBy: by,
    archivedAt: null,
  });

  const backend: MemoryBackend = {
    collections,
    records,
    passwords,
    oneTimePasswords,
    files,
    newId: () => `m${(++sequence).toString().padStart(10, "0")}`,
    now: options.now ?? (() => new Date().toISOString()),
    table,
    findUserByEmail(email) {
      const wanted = email.trim().toLowerCase();
      for (const user of table("users").values()) if (user.email === wanted) return user;
      return undefined;
    },
    sessionUser(userId) {
      if (userId === null) return null;
      const user = table("users").get(userId);
      if (!user || user.active !== true) return null;
      // The role as stored now: a change to it applies from the user's next call.
      const role = table("roles").get(user.role as string);
      return {
        id: user.id,
        email: user.email as string,
        displayName: (user.displayName as string | undefined) ?? null,
        role: user.role as string,
        roleName: (role?.name as string | undefined) ?? "No role",
        permissions: ZPermissions.parse(role?.permissions ?? {}),
        actions: actionsListed(role?.actions),
        facilityIds: user.facilityIds === null ? null : [...(user.facilityIds as string[])],
        ...(user.mustChangePassword === true ? { mustChangePassword: true } : {}),
      };
    },
    sessionGeneration: (userId) => generations.get(userId) ?? 0,
    endSessions(userId) {
      generations.set(userId, (generations.get(userId) ?? 0) + 1);
    },
    addUser(input, createdBy = null) {
      const parsed = ZUserCreate.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error);
      const { password, ...fields } = parsed.data;
      const id = backend.newId();
      const record = { ...fields, lastSignInAt: null, ...meta(id, backend.now(), createdBy) } as TStoredRecord;
      table("users").set(id, record);
      passwords.set(id, password);
      if (fields.mustChangePassword)
        oneTimePasswords.set(id, {
          expiresAt: oneTimePasswordExpiry(new Date(backend.now())).toISOString(),
          used: false,
        });
      return record;
    },
    audit(entry) {
      const id = backend.newId();
      const at = backend.now();
      table("auditLog").set(id, {
        at,
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actorEmail ?? entry.actor?.email ?? null,
        action: entry.action,
        collection: entry.collection ?? null,
        recordId: entry.recordId ?? null,
        facilityId: entry.facilityId ?? null,
        summary: entry.summary ?? null,
        ip: null,
        ...meta(id, at, entry.actor?.id ?? null),
      });
    },
  };

  if (options.seedFacilities ?? true) {
    const def = collections.facilities;
    if (def) {
      SEED_FACILITIES.forEach(({ id, name }, index) => {
        const fields = validateCreate(def, { name, sortOrder: (index + 1) * 10 });
        table("facilities").set(id, { ...fields, ...meta(id, backend.now(), null) } as TStoredRecord);
      });
    }
  }
  if (options.seedDocumentTypes ?? true) {
    const def = collections.documentTypes;
    if (def) {
      for (const { id, ...input } of RCFE_DEFAULT_DOCUMENT_TYPES) {
        const fields = validateCreate(def, input);
        table("documentTypes").set(id, { ...fields, ...meta(id, backend.now(), null) } as TStoredRecord);
      }
    }
  }
  if (options.seedDocumentTypes ?? true) {
    const def = collections.trainingRequirements;
    if (def) {
      for (const { id, ...input } of CA_DEFAULT_TRAINING_REQUIREMENTS) {
        const fields = validateCreate(def, input);
        table("trainingRequirements").set(id, { ...fields, ...meta(id, backend.now(), null) } as TStoredRecord);
      }
    }
  }
  if (options.seedRoles ?? true) {
    const def = collections.roles;
    if (def) {
      for (const [id, role] of Object.entries(DEFAULT_ROLES)) {
        const fields = validateCreate(def, role);
        table("roles").set(id, { ...fields, ...meta(id, backend.now(), null) } as TStoredRecord);
      }
    }
  }
  if (options.admin) backend.addUser({ ...options.admin, role: ADMINISTRATOR_ROLE_ID, facilityIds: null });
  return backend;
}

/** The facility a stored record belongs to, null for global records (the audit row's facilityId). */
export function auditFacilityOf(def: CollectionDef, record: Record<string, unknown>): string | null {
  return facilityOfRecord(def, record) ?? null;
}
