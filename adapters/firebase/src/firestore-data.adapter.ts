/**
 * DataPort on Cloud Firestore: one Firestore collection per registry entry. The same shared rules as
 * every backend (validation, access, list-query checks) run here first; `firestore.rules` enforces the
 * access policy again on the server side, since a browser client cannot be trusted.
 */
import {
  collection as collectionRef,
  doc,
  documentId,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  limit as limitTo,
  onSnapshot,
  orderBy,
  query as buildQuery,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  where,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
  type Transaction,
} from "firebase/firestore";
import { AppError } from "@care/core/app-error";
import type { CollectionDef } from "@care/core/collection";
import type { TAuditAction } from "@care/core/collections/audit-log.collection";
import { decodeCursor, encodeCursor, normalizeListQuery, type TListQuery, type TPage } from "@care/core/list-query";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import { getCollection, isCollectionName, type TRecordOf } from "@care/core/registry";
import {
  assertCanRead,
  assertCanWrite,
  assertCanWriteRecord,
  canSeeRecord,
  facilityRestriction,
} from "@care/core/rules/access.rules";
import { staleVersionError, validateClientId, validateCreate, validateUpdate } from "@care/core/rules/records.rules";
import { guard, toAppError } from "./firebase-errors.ts";
import { CREATED_BY_FUNCTIONS, fromStoredData, toStoredData } from "./firestore-records.ts";
import { searchToken } from "./search-tokens.ts";

type TRecord = Record<string, unknown> & { id: string };

function definition(name: string): CollectionDef {
  if (!isCollectionName(name)) throw new AppError("NOT_FOUND", `There is no collection named ${name}.`);
  return getCollection(name);
}

/** A record the user may not see does not exist for them: the rules' refusal reads as NOT_FOUND. */
function hiddenAsNotFound(error: unknown): AppError {
  const appError = toAppError(error);
  return appError.code === "FORBIDDEN"
    ? new AppError("NOT_FOUND", "That record does not exist or was removed.", { cause: error })
    : appError;
}

function notFound(def: CollectionDef): AppError {
  return new AppError("NOT_FOUND", `That ${def.label.toLowerCase()} does not exist or was removed.`);
}

export function createFirestoreDataAdapter(db: Firestore, session: () => TSessionUser | null): DataPort {
  function recordOf(def: CollectionDef, snap: DocumentSnapshot): TRecord {
    return fromStoredData(def, snap.id, snap.data() ?? {});
  }

  function writeData(def: CollectionDef, record: TRecord): Record<string, unknown> {
    return { ...toStoredData(def, record), _writtenAt: serverTimestamp() };
  }

  /** The query constraints of a list (without cursor and limit), or null when nothing can match. */
  function listConstraints(def: CollectionDef, user: TSessionUser, query: TListQuery) {
    const q = normalizeListQuery(def, query);
    const constraints: QueryConstraint[] = [];
    const restriction = facilityRestriction(user, def);
    if (restriction !== null) {
      if (restriction.length === 0) return null;
      constraints.push(where("_facility", "in", restriction));
    }
    for (const [field, value] of Object.entries(q.where)) {
      constraints.push(Array.isArray(value) ? where(field, "in", value) : where(field, "==", value));
    }
    if (!q.includeArchived) constraints.push(where("archivedAt", "==", null));
    if (q.search) {
      const token = searchToken(q.search);
      if (token === null) return null;
      constraints.push(where("_search", "array-contains", token));
    }
    return { q, constraints };
  }

  function pageQuery(
    def: CollectionDef,
    user: TSessionUser,
    query: TListQuery,
  ): { built: Query; field: string; size: number } | null {
    const listed = listConstraints(def, user, query);
    if (listed === null) return null;
    const { q, constraints } = listed;
    const { field, direction } = q.orderBy;
    constraints.push(orderBy(field, direction), orderBy(documentId(), direction));
    if (q.cursor) {
      const cursor = decodeCursor(q.cursor);
      constraints.push(startAfter(cursor.sortValue, cursor.id));
    }
    constraints.push(limitTo(q.limit + 1));
    return { built: buildQuery(collectionRef(db, def.name), ...constraints), field, size: q.limit };
  }

  function toPage(def: CollectionDef, docs: DocumentSnapshot[], field: string, size: number): TPage<TRecord> {
    const items = docs.slice(0, size).map((d) => recordOf(def, d));
    const last = items[items.length - 1];
    const nextCursor = docs.length > size && last ? encodeCursor(last[field] ?? null, last.id) : null;
    return { items, nextCursor };
  }

  async function audit(user: TSessionUser, action: TAuditAction, def: CollectionDef, record: TRecord): Promise<void> {
    const ref = doc(collectionRef(db, "auditLog"));
    const now = new Date().toISOString();
    const auditDef = getCollection("auditLog");
    const entry = {
      id: ref.id,
      at: now,
      actorId: user.id,
      actorEmail: user.email,
      action,
      collection: def.name,
      recordId: record.id,
      facilityId: facilityOf(def, record),
      summary: null,
      ip: null,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: user.id,
      updatedBy: user.id,
      archivedAt: null,
    };
    await setDoc(ref, writeData(auditDef, entry));
  }

  function facilityOf(def: CollectionDef, record: TRecord): string | null {
    const stored = toStoredData(def, record)._facility;
    return typeof stored === "string" ? stored : null;
  }

  /** Reads a record inside a transaction: NOT_FOUND when missing or out of the user's reach. */
  async function readForWrite(
    tx: Transaction,
    def: CollectionDef,
    user: TSessionUser,
    ref: DocumentReference,
  ): Promise<TRecord> {
    let snap: DocumentSnapshot;
    try {
      snap = await tx.get(ref);
    } catch (error) {
      throw hiddenAsNotFound(error);
    }
    if (!snap.exists()) throw notFound(def);
    const current = recordOf(def, snap);
    if (!canSeeRecord(user, def, current)) throw notFound(def);
    return current;
  }

  function newRecord(def: CollectionDef, user: TSessionUser, id: string, fields: Record<string, unknown>): TRecord {
    const now = new Date().toISOString();
    return {
      ...fields,
      id,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: user.id,
      updatedBy: user.id,
      archivedAt: null,
    };
  }

  function prepareCreate(
    def: CollectionDef,
    user: TSessionUser,
    data: unknown,
    id: string | undefined,
  ): { ref: DocumentReference; record: TRecord; clientId: boolean } {
    if (CREATED_BY_FUNCTIONS.includes(def.name))
      throw new AppError("FORBIDDEN", "Accounts are created with the create-user action, not as records.");
    const clientId = validateClientId(def, id);
    const fields = validateCreate(def, data);
    const ref = clientId ? doc(db, def.name, clientId) : doc(collectionRef(db, def.name));
    const record = newRecord(def, user, ref.id, fields);
    assertCanWriteRecord(user, def, record);
    return { ref, record, clientId: clientId !== undefined };
  }

  function applyUpdate(
    def: CollectionDef,
    user: TSessionUser,
    current: TRecord,
    patch: unknown,
    version: number,
  ): TRecord {
    if (current.version !== version) throw staleVersionError(def, current);
    const fields = validateUpdate(def, current, patch);
    const next: TRecord = {
      ...fields,
      id: current.id,
      version: version + 1,
      createdAt: current.createdAt,
      updatedAt: new Date().toISOString(),
      createdBy: current.createdBy ?? null,
      updatedBy: user.id,
      archivedAt: current.archivedAt ?? null,
    };
    assertCanWriteRecord(user, def, next);
    return next;
  }

  function removable(def: CollectionDef): "archive" | "delete" {
    if (def.removal === "none") throw new AppError("FORBIDDEN", `${def.label} records cannot be removed.`);
    return def.removal;
  }

  async function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await runTransaction(db, work);
    } catch (error) {
      throw toAppError(error);
    }
  }

  const port: DataPort = {
    async list(name, query = {}) {
      const def = definition(name);
      const user = assertCanRead(session(), def);
      const page = pageQuery(def, user, query);
      if (page === null) return { items: [], nextCursor: null };
      const snap = await guard(() => getDocsFromServer(page.built));
      return toPage(def, snap.docs, page.field, page.size) as TPage<TRecordOf<typeof name>>;
    },

    async count(name, query = {}) {
      const def = definition(name);
      const user = assertCanRead(session(), def);
      const listed = listConstraints(def, user, query);
      if (listed === null) return 0;
      const snap = await guard(() =>
        getCountFromServer(buildQuery(collectionRef(db, def.name), ...listed.constraints)),
      );
      return snap.data().count;
    },

    async get(name, id) {
      const def = definition(name);
      const user = assertCanRead(session(), def);
      let snap: DocumentSnapshot;
      try {
        snap = await getDocFromServer(doc(db, def.name, id));
      } catch (error) {
        throw hiddenAsNotFound(error);
      }
      if (!snap.exists()) throw notFound(def);
      const record = recordOf(def, snap);
      if (!canSeeRecord(user, def, record)) throw notFound(def);
      if (def.auditViews) await guard(() => audit(user, "view", def, record));
      return record as TRecordOf<typeof name>;
    },

    async create(name, data, options = {}) {
      const def = definition(name);
      const user = assertCanWrite(session(), def);
      const { ref, record, clientId } = prepareCreate(def, user, data, options.id);
      if (!clientId) {
        await guard(() => setDoc(ref, writeData(def, record)));
        return record as TRecordOf<typeof name>;
      }
      await inTransaction(async (tx) => {
        const existing = await tx.get(ref).catch((error: unknown) => {
          // A limited user may not read another facility's record: the id is taken all the same.
          if (toAppError(error).code === "FORBIDDEN") return null;
          throw error;
        });
        if (existing === null || existing.exists())
          throw new AppError("CONFLICT", `A ${def.label.toLowerCase()} with the id ${ref.id} already exists.`, {
            fields: { id: "This id is already in use" },
          });
        tx.set(ref, writeData(def, record));
      });
      return record as TRecordOf<typeof name>;
    },

    async update(name, id, patch, version) {
      const def = definition(name);
      const user = assertCanWrite(session(), def);
      const ref = doc(db, def.name, id);
      const next = await inTransaction(async (tx) => {
        const current = await readForWrite(tx, def, user, ref);
        const updated = applyUpdate(def, user, current, patch, version);
        tx.set(ref, writeData(def, updated));
        return updated;
      });
      return next as TRecordOf<typeof name>;
    },

    async remove(name, id, version) {
      const def = definition(name);
      const user = assertCanWrite(session(), def);
      const mode = removable(def);
      const ref = doc(db, def.name, id);
      await inTransaction(async (tx) => {
        const current = await readForWrite(tx, def, user, ref);
        if (current.version !== version) throw staleVersionError(def, current);
        if (mode === "delete") {
          tx.delete(ref);
        } else {
          const now = new Date().toISOString();
          tx.set(
            ref,
            writeData(def, { ...current, version: version + 1, updatedAt: now, updatedBy: user.id, archivedAt: now }),
          );
        }
      });
    },

    async commit(ops: TWriteOp[]) {
      if (ops.length === 0) return;
      if (ops.length > 500)
        throw new AppError("VALIDATION", "A commit may hold at most 500 writes.", {
          fields: { ops: "At most 500 writes" },
        });
      const user = session();
      // Checks that need no read come first, so a refused op never starts a transaction.
      const planned = ops.map((op) => {
        const def = definition(op.collection);
        const writer = assertCanWrite(user, def);
        if (op.op === "create") return { op, def, ...prepareCreate(def, writer, op.data, op.id) };
        if (op.op === "remove") removable(def);
        return { op, def, ref: doc(db, def.name, op.id), record: null, clientId: true };
      });
      await inTransaction(async (tx) => {
        const writer = user as TSessionUser;
        // Firestore transactions read everything before they write.
        const reads = await Promise.all(
          planned.map(async (p) => {
            if (p.op.op === "create")
              return p.clientId
                ? tx.get(p.ref).then(
                    (s) => s.exists(),
                    (e: unknown) => (toAppError(e).code === "FORBIDDEN" ? true : Promise.reject(e)),
                  )
                : false;
            return readForWrite(tx, p.def, writer, p.ref);
          }),
        );
        planned.forEach((p, i) => {
          const read = reads[i];
          const { op, def, ref } = p;
          if (op.op === "create") {
            if (read === true)
              throw new AppError("CONFLICT", `A ${def.label.toLowerCase()} with the id ${ref.id} already exists.`, {
                fields: { id: "This id is already in use" },
              });
            tx.set(ref, writeData(def, p.record as TRecord));
          } else if (op.op === "update") {
            tx.set(ref, writeData(def, applyUpdate(def, writer, read as TRecord, op.patch, op.version)));
          } else {
            const current = read as TRecord;
            if (current.version !== op.version) throw staleVersionError(def, current);
            if (removable(def) === "delete") {
              tx.delete(ref);
            } else {
              const now = new Date().toISOString();
              tx.set(
                ref,
                writeData(def, {
                  ...current,
                  version: op.version + 1,
                  updatedAt: now,
                  updatedBy: writer.id,
                  archivedAt: now,
                }),
              );
            }
          }
        });
      });
    },

    watch(name, query, onChange, onError) {
      const def = definition(name);
      const user = assertCanRead(session(), def);
      const page = pageQuery(def, user, query);
      if (page === null) {
        onChange({ items: [], nextCursor: null });
        return () => {};
      }
      return onSnapshot(
        page.built,
        (snap) => onChange(toPage(def, snap.docs, page.field, page.size) as TPage<TRecordOf<typeof name>>),
        (error) => onError(toAppError(error)),
      );
    },
  };
  return port;
}
