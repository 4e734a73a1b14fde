/**
 * The one Prisma repository behind every collection of the registry: lists with filters, search and
 * keyset pagination, gets, and versioned writes with their audit rows, all under the access policy of
 * `@care/core/rules/access.rules`. A new collection needs its registry entry, its Prisma model (listed
 * in PRISMA_MODELS) and, only when its table differs from its fields, a row mapper.
 */
import { newRecordMeta } from "@care/core/common.schema";
import { randomUUID } from "node:crypto";
import { AppError } from "@care/core/app-error";
import { z } from "zod";
import { FILES_TARGET, type CollectionDef } from "@care/core/collection";
import {
  decodeCursor,
  encodeCursor,
  ID_FILTER,
  normalizeListQuery,
  type TFilterValue,
  type TListFilters,
  type TListQuery,
  type TPage,
} from "@care/core/list-query";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { collections, isCollectionName, type TCollectionName } from "@care/core/registry";
import {
  assertCanGrantFacilities,
  assertCanRead,
  assertCanWrite,
  assertCanWriteFields,
  assertCanWriteRecord,
  canSeeFacility,
  canSeeRecord,
  seesPublishedOnly,
  facilityIdsOf,
  facilityOfRecord,
  facilityRestriction,
  readableFollowed,
  subjectsAllowed,
  redactRecord,
} from "@care/core/rules/access.rules";
import {
  takenIdError,
  fieldsOf,
  staleVersionError,
  validateClientId,
  stampCaller,
  validateCreate,
  validateUpdate,
} from "@care/core/rules/records.rules";
import { listAuditAction, listViewFacilities, listViewSummary } from "@care/core/rules/audit.rules";
import { nameOnly } from "@care/core/rules/record-name.rules";
import { RecentRecordViews, listedEntriesOf } from "@care/core/rules/record-views.rules";
import { checkLinks, linkFieldsInto, linksToCheck, recordInUseError } from "@care/core/rules/links.rules";
import { facilityChangeRefusal, movedPerson, RESIDENT_PLACE, type TTransfer } from "@care/core/rules/transfer.rules";
import { beforeMove } from "@care/core/rules/transfer-access.rules";
import { assertActionsHeld } from "@care/core/rules/role-actions.rules";
import { AuditBatcher, insertAuditRows } from "../audit/audit-batch.ts";
import { auditRowFor, writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import { TRANSACTION_OPTIONS } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { grantSummary, withGrant } from "@care/core/rules/grants.rules";
import { recordChange } from "@care/core/rules/history.rules";
import { listSql } from "./list-sql.ts";
import { hasMapperOverride, rowMapperOf, type RowMapper, type TRecord, type TRow } from "./row-mappers.ts";
import { REMOVE_CHECKS, WRITE_CHECKS } from "./write-checks.ts";
import { DERIVED_WRITES } from "./derived-writes.ts";

/** The Prisma model (client property) storing each collection. */
export const PRISMA_MODELS = {
  facilities: "facility",
  users: "user",
  auditLog: "auditEntry",
  residents: "resident",
  residentEvents: "residentEvent",
  diagnoses: "diagnosis",
  allergies: "allergy",
  medications: "medication",
  vitals: "vitals",
  incidents: "incident",
  appointments: "appointment",
  rentRates: "rentRate",
  rentCharges: "rentCharge",
  payments: "payment",
  rentAccounts: "rentAccount",
  documentTypes: "documentType",
  documents: "document",
  staff: "staff",
  trainingRequirements: "trainingRequirement",
  trainingEntries: "trainingEntry",
  referralAgents: "referralAgent",
  agentFeeTerms: "agentFeeTerms",
  referrals: "referral",
  referralContacts: "referralContact",
  referralFees: "referralFee",
  shifts: "shift",
  shiftTemplates: "shiftTemplate",
  reminders: "reminder",
  reminderStates: "reminderState",
  recordChanges: "recordChange",
  roles: "role",
  portalSettings: "portalSettings",
} as const satisfies Record<TCollectionName, keyof PrismaClient>;

type TDb = PrismaClient | Prisma.TransactionClient;

type TWhere = Record<string, unknown>;

/** The subset of a Prisma model delegate the repository uses, typed loosely so it works for any model. */
interface ModelDelegate {
  findMany(args: { where: TWhere; orderBy: TWhere[]; take: number }): Promise<TRow[]>;
  findUnique(args: { where: { id: string } }): Promise<TRow | null>;
  count(args: { where: TWhere }): Promise<number>;
  findFirst(args: { where: TWhere; select: { id: true } }): Promise<{ id: string } | null>;
  create(args: { data: TRow }): Promise<TRow>;
  updateMany(args: { where: TWhere; data: TRow }): Promise<{ count: number }>;
  deleteMany(args: { where: TWhere }): Promise<{ count: number }>;
}

export interface TCreateInput {
  id?: unknown;
  data: unknown;
}

/** Who a recent record view belongs to: the session (a sign-in), else the account. */
function viewerOf(caller: TCaller, user: TSessionUser): string {
  return caller.sessionId ?? user.id;
}

function notFound(def: CollectionDef): AppError {
  return new AppError("NOT_FOUND", `This ${def.label.toLowerCase()} does not exist or was removed.`);
}

/** The names of the fields whose value differs; never the values themselves. */
function changedFields(def: CollectionDef, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(def.schema.shape).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
}

function presentFields(def: CollectionDef, fields: Record<string, unknown>): string[] {
  return Object.keys(def.schema.shape).filter((key) => fields[key] !== undefined);
}

const repositories = new WeakMap<PrismaClient, CollectionRepository>();

/** The repository of a database client, made once: its batcher of view rows serves every request. */
export function repositoryOf(prisma: PrismaClient): CollectionRepository {
  let repository = repositories.get(prisma);
  if (!repository) {
    repository = new CollectionRepository(prisma);
    repositories.set(prisma, repository);
  }
  return repository;
}

export class CollectionRepository {
  private readonly mappers = new Map<TCollectionName, RowMapper>();
  /** "view" rows of concurrent reads go to the audit log in multi-row inserts; each read awaits its row. */
  private readonly views = new AuditBatcher((rows) => insertAuditRows(this.prisma, rows));
  /** Each session's recent record views: lists of a viewed record's entries write no row of their own. */
  private readonly recentViews = new RecentRecordViews();

  constructor(private readonly prisma: PrismaClient) {
    for (const name of Object.keys(collections) as TCollectionName[])
      this.mappers.set(name, rowMapperOf(name, collections[name]));
  }

  /** One page of the records the caller may see, filtered, searched and sorted as the collection allows. */
  async list(caller: TCaller, name: TCollectionName, query: TListQuery): Promise<TPage<TRecord>> {
    const def: CollectionDef = collections[name];
    const user = assertCanRead(caller.user, def);
    const normalized = normalizeListQuery(def, query);
    const { field, direction } = normalized.orderBy;
    const conditions = this.conditions(def, user, normalized);
    const granted = await this.grantRestriction(this.prisma, def, user);
    if (granted) conditions.push(granted);
    if (normalized.cursor)
      conditions.push(keysetAfter(field, direction, decodeCursor(normalized.cursor), mayBeNull(def, field)));
    const rows = await this.pageRows(name, conditions, normalized.orderBy, normalized.limit + 1);
    const page = rows.slice(0, normalized.limit);
    const last = page.at(-1);
    const mapper = this.mapper(name);
    const records = page.map((row) => redactRecord(user, def, mapper.toRecord(row)));
    const items = normalized.purpose === "names" ? records.map(nameOnly) : records;
    const action = listAuditAction(def, normalized);
    const covered =
      action === "view" && this.recentViews.covers(viewerOf(caller, user), listedEntriesOf(def, normalized));
    if (action && !covered) {
      await Promise.all(
        listViewFacilities(def, normalized, items, user).map((facilityId) =>
          this.views.record(
            auditRowFor(caller, { action, collection: name, facilityId, summary: listViewSummary(normalized) }),
          ),
        ),
      );
    }
    return {
      items,
      nextCursor:
        rows.length > normalized.limit && last ? encodeCursor(sortValueOf(last[field]), last.id as string) : null,
    };
  }

  /**
   * A list page's rows in plain SQL (list-sql.ts: on PostgreSQL a third of Prisma's CPU); for users (their
   * own row mapping) or a condition the SQL does not cover, Prisma's.
   */
  private async pageRows(
    name: TCollectionName,
    conditions: TWhere[],
    orderBy: { field: string; direction: "asc" | "desc" },
    take: number,
  ): Promise<TRow[]> {
    const sql = hasMapperOverride(name) ? null : listSql(name, conditions, orderBy, take);
    if (sql) return sqlRows(this.prisma, sql.text, sql.values);
    return this.delegate(this.prisma, name).findMany({
      where: { AND: conditions },
      orderBy: [{ [orderBy.field]: orderBy.direction }, { id: orderBy.direction }],
      take,
    });
  }

  /** How many records the caller may see match the filters and search. */
  async count(caller: TCaller, name: TCollectionName, query: TListFilters): Promise<number> {
    const def: CollectionDef = collections[name];
    const user = assertCanRead(caller.user, def);
    const normalized = normalizeListQuery(def, { ...query });
    const conditions = this.conditions(def, user, normalized);
    const granted = await this.grantRestriction(this.prisma, def, user);
    if (granted) conditions.push(granted);
    return this.delegate(this.prisma, name).count({ where: { AND: conditions } });
  }

  /** One record, archived or not; NOT_FOUND also when it lies outside the caller's facilities. */
  async get(caller: TCaller, name: TCollectionName, id: string): Promise<TRecord> {
    const def: CollectionDef = collections[name];
    const user = assertCanRead(caller.user, def);
    const record = redactRecord(user, def, await this.visible(this.prisma, user, name, id));
    if (def.auditViews) {
      await this.views.record(
        auditRowFor(caller, {
          action: "view",
          collection: name,
          recordId: id,
          facilityId: facilityOfRecord(def, record) ?? null,
        }),
      );
      this.recentViews.viewed(viewerOf(caller, user), { collection: name, recordId: id });
    }
    return record;
  }

  /** Creates a record; answers it as the caller may see it (see `redactRecord`). */
  async create(caller: TCaller, name: TCollectionName, input: TCreateInput): Promise<TRecord> {
    const record = await this.prisma.$transaction((db) => this.createIn(db, caller, name, input), TRANSACTION_OPTIONS);
    return redactRecord(requireUser(caller), collections[name], record);
  }

  /** Updates a record; answers it as the caller may see it. */
  async update(caller: TCaller, name: TCollectionName, id: string, version: number, patch: unknown): Promise<TRecord> {
    const record = await this.prisma.$transaction(
      (db) => this.updateIn(db, caller, name, id, version, patch),
      TRANSACTION_OPTIONS,
    );
    return redactRecord(requireUser(caller), collections[name], record);
  }

  async remove(caller: TCaller, name: TCollectionName, id: string, version: number): Promise<void> {
    await this.prisma.$transaction((db) => this.removeIn(db, caller, name, id, version), TRANSACTION_OPTIONS);
  }

  /**
   * Creates a record inside the transaction `db` (its own, or a use case's holding several writes, as
   * a commit does); its audit row is written in the same transaction.
   */
  async createIn(db: TDb, caller: TCaller, name: TCollectionName, input: TCreateInput): Promise<TRecord> {
    const def: CollectionDef = collections[name];
    const user = assertCanWrite(caller.user, def);
    if (def.access.create === "auth-port") {
      throw new AppError("FORBIDDEN", "Create users with POST /api/v1/auth/users (it sets their password).");
    }
    if (input.id !== undefined && typeof input.id !== "string") {
      throw new AppError("VALIDATION", "The record is not valid.", { fields: { id: "Expected a string" } });
    }
    if (input.data && typeof input.data === "object")
      assertCanWriteFields(user, def, input.data as Record<string, unknown>);
    const fields = stampCaller(def, validateCreate(def, input.data), user);
    assertActionsHeld(user, def, { kind: "create", after: fields });
    const clientId = validateClientId(def, input.id, fields);
    const id = clientId ?? randomUUID();
    assertCanWriteRecord(user, def, { ...fields, id });
    await this.assertLinks(db, user, def, fields);
    await WRITE_CHECKS[name]?.(db, user, id, fields);
    const delegate = this.delegate(db, name);
    // A taken id: CONFLICT if the user may see its record, else the answer an invalid id gets.
    const taken = async () => {
      const row = await delegate.findUnique({ where: { id } });
      return row && takenIdError(def, id, canSeeRecord(user, def, this.mapper(name).toRecord(row)));
    };
    const refusal = clientId !== undefined ? await taken() : null;
    if (refusal) throw refusal;
    const now = new Date();
    let row: TRow;
    try {
      row = await delegate.create({
        data: {
          ...this.mapper(name).toColumns(fields),
          id,
          ...newRecordMeta(user.id, now),
        },
      });
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === "P2002" && clientId !== undefined)
        throw (await taken().catch(() => null)) ?? takenIdError(def, id, false);
      throw error;
    }
    let record = this.mapper(name).toRecord(row);
    await writeAudit(db, caller, {
      action: "create",
      collection: name,
      recordId: id,
      facilityId: facilityOfRecord(def, record) ?? null,
      summary: withGrant(presentFields(def, fields).join(", "), grantSummary(name, undefined, fields)),
    });
    await this.writeHistory(db, user, def, "create", record);
    await DERIVED_WRITES[name]?.(db, caller, record);
    // Fields the backend sets in the same write (a payment's balance after it): answered as stored.
    if (def.backendFields) record = this.mapper(name).toRecord((await delegate.findUnique({ where: { id } })) as TRow);
    return record;
  }

  /** Updates a record inside the transaction `db` (see createIn). */
  async updateIn(
    db: TDb,
    caller: TCaller,
    name: TCollectionName,
    id: string,
    version: number,
    patch: unknown,
  ): Promise<TRecord> {
    const def: CollectionDef = collections[name];
    const user = assertCanWrite(caller.user, def);
    const current = await this.visible(db, user, name, id);
    if (current.version !== version) throw await this.staleError(db, user, def, current);
    if (patch && typeof patch === "object") assertCanWriteFields(user, def, patch as Record<string, unknown>);
    const merged = stampCaller(def, validateUpdate(def, current, patch), user, current);
    assertActionsHeld(user, def, { kind: "update", before: fieldsOf(current), after: merged });
    const moving = facilityChangeRefusal(name, merged, fieldsOf(current));
    if (moving) throw moving;
    assertCanWriteRecord(user, def, current);
    assertCanWriteRecord(user, def, { ...merged, id });
    await this.assertLinks(db, user, def, merged, fieldsOf(current));
    await WRITE_CHECKS[name]?.(db, user, id, merged, beforeMove(fieldsOf(current)));
    if (def.access.grantsFacilities) {
      const field = def.access.grantsFacilities;
      assertCanGrantFacilities(user, facilityIdsOf(current[field]), facilityIdsOf(merged[field]));
    }
    const delegate = this.delegate(db, name);
    const { count } = await delegate.updateMany({
      where: { id, version },
      data: {
        ...this.mapper(name).toColumns(merged),
        version: { increment: 1 },
        updatedAt: new Date(),
        updatedBy: user.id,
      },
    });
    if (count === 0) await this.raceLost(db, user, name, id);
    const updated = await this.visible(db, user, name, id);
    await this.writeHistory(db, user, def, "update", updated, fieldsOf(current));
    await writeAudit(db, caller, {
      action: "update",
      collection: name,
      recordId: id,
      facilityId: facilityOfRecord(def, updated) ?? null,
      summary: withGrant(
        changedFields(def, fieldsOf(current), merged).join(", "),
        grantSummary(name, fieldsOf(current), merged),
      ),
    });
    await DERIVED_WRITES[name]?.(db, caller, updated, fieldsOf(current));
    return updated;
  }

  /** The record inside the transaction `db` if it exists and the user may see it, else NOT_FOUND. */
  async visibleIn(db: TDb, user: TSessionUser, name: TCollectionName, id: string): Promise<TRecord> {
    return this.visible(db, user, name, id);
  }

  /**
   * Files a resident or staff member (at `version`) under another facility inside the transaction
   * `db`, for the transfer use case, which writes the audit row of the whole move: the checks of an
   * update (access to the record at both homes, the home's capacity) and its history row.
   */
  async moveIn(db: TDb, caller: TCaller, name: "residents" | "staff", request: TTransfer): Promise<TRecord> {
    const { id, version } = request;
    const def: CollectionDef = collections[name];
    const user = assertCanWrite(caller.user, def);
    const current = await this.visible(db, user, name, id);
    if (current.version !== version) throw await this.staleError(db, user, def, current);
    const merged = movedPerson(fieldsOf(current), request);
    assertCanWriteRecord(user, def, { ...merged, id });
    await WRITE_CHECKS[name]?.(db, user, id, merged, beforeMove(fieldsOf(current)));
    // The fields the move changes (movedPerson): the home, and a resident's room and bed and the old
    // home's capacity exception (null clears one).
    const moved =
      name === "residents"
        ? Object.fromEntries(
            [...RESIDENT_PLACE, "capacityException"].map((field) => [
              field,
              (merged[field] as string | undefined) ?? null,
            ]),
          )
        : {};
    const { count } = await this.delegate(db, name).updateMany({
      where: { id, version },
      data: {
        facilityId: request.toFacilityId,
        ...moved,
        version: { increment: 1 },
        updatedAt: new Date(),
        updatedBy: user.id,
      },
    });
    if (count === 0) await this.raceLost(db, user, name, id);
    const updated = await this.visible(db, user, name, id);
    await this.writeHistory(db, user, def, "update", updated, fieldsOf(current));
    return updated;
  }

  /** Archives or deletes a record inside the transaction `db` (see createIn). */
  async removeIn(db: TDb, caller: TCaller, name: TCollectionName, id: string, version: number): Promise<void> {
    const def: CollectionDef = collections[name];
    const user = assertCanWrite(caller.user, def);
    if (def.removal === "none")
      throw new AppError("FORBIDDEN", def.removalRefusal ?? `${def.label} records cannot be removed.`);
    const current = await this.visible(db, user, name, id);
    assertActionsHeld(user, def, { kind: "remove", before: fieldsOf(current) });
    if (current.version !== version) throw await this.staleError(db, user, def, current);
    assertCanWriteRecord(user, def, current);
    await REMOVE_CHECKS[name]?.(user, id, fieldsOf(current));
    if (def.removal === "delete") await this.assertNotLinked(db, def, id);
    const delegate = this.delegate(db, name);
    const { count } =
      def.removal === "archive"
        ? await delegate.updateMany({
            where: { id, version },
            data: { archivedAt: new Date(), version: { increment: 1 }, updatedAt: new Date(), updatedBy: user.id },
          })
        : await delegate.deleteMany({ where: { id, version } });
    if (count === 0) await this.raceLost(db, user, name, id);
    if (def.removal === "archive") await this.writeHistory(db, user, def, "archive", current);
    await writeAudit(db, caller, {
      action: def.removal === "archive" ? "archive" : "remove",
      collection: name,
      recordId: id,
      facilityId: facilityOfRecord(def, current) ?? null,
      summary: def.removal === "archive" ? "archived" : "deleted",
    });
    await DERIVED_WRITES[name]?.(db, caller, current);
  }

  /**
   * The record's declared links hold (`checkLinks` of `@care/core/rules/links.rules`): each record it
   * names exists, is visible to the user and, where the link says so, is of the record's facility;
   * VALIDATION naming the field otherwise, instead of a foreign-key failure. On an update (`before`
   * given), only links whose fields changed are looked up.
   */
  private async assertLinks(
    db: TDb,
    user: TSessionUser,
    def: CollectionDef,
    fields: Record<string, unknown>,
    before?: Record<string, unknown>,
  ): Promise<void> {
    const found = new Map<string, Record<string, unknown> | null>();
    for (const { target, id } of linksToCheck(def, fields, before)) {
      const key = `${target.collection}/${id}`;
      if (!found.has(key)) found.set(key, await this.linked(db, user, target.collection, id));
    }
    const error = checkLinks(def, fields, (collection, id) => found.get(`${collection}/${id}`) ?? null, before);
    if (error) throw error;
  }

  /** CONFLICT while a record of the registry still names this one by a declared link (a role given to a user). */
  private async assertNotLinked(db: TDb, def: CollectionDef, id: string): Promise<void> {
    for (const field of linkFieldsInto(def.name)) {
      const delegate = this.delegate(db, field.collection as TCollectionName);
      if (await delegate.findFirst({ where: { [field.field]: id }, select: { id: true } }))
        throw recordInUseError(def, field);
    }
  }

  /** A record (or stored file) a link names, if it exists and the user may see it; null otherwise. */
  private async linked(
    db: TDb,
    user: TSessionUser,
    collection: string,
    id: string,
  ): Promise<Record<string, unknown> | null> {
    if (collection === FILES_TARGET) {
      // FOR SHARE: the file cannot be removed (remove-file.ts locks it FOR UPDATE) until this write commits.
      const [file] = await db.$queryRaw<{ id: string; facilityId: string | null; contentType: string; size: number }[]>`
        SELECT id, "facilityId", "contentType", size FROM files WHERE id = ${id} FOR SHARE`;
      return file && canSeeFacility(user, file.facilityId) ? file : null;
    }
    if (!isCollectionName(collection)) throw new Error(`A link names "${collection}", which is not a collection.`);
    const row = await this.delegate(db, collection).findUnique({ where: { id } });
    const record = row ? this.mapper(collection).toRecord(row) : null;
    return record && canSeeRecord(user, collections[collection], record) ? record : null;
  }

  /** A versioned write matched no row: someone else changed or removed the record meanwhile. */
  private async raceLost(db: TDb, user: TSessionUser, name: TCollectionName, id: string): Promise<never> {
    const now = await this.visible(db, user, name, id);
    throw await this.staleError(db, user, collections[name], now);
  }

  /** The history row of a write to a record whose collection keeps history, in the write's transaction. */
  private async writeHistory(
    db: TDb,
    user: TSessionUser,
    def: CollectionDef,
    action: "create" | "update" | "archive",
    record: TRecord,
    before?: Record<string, unknown>,
  ): Promise<void> {
    const change = recordChange(def, action, user, new Date().toISOString(), record, before);
    if (!change) return;
    await db.recordChange.create({ data: { ...change, id: randomUUID(), createdBy: user.id, updatedBy: user.id } });
  }

  /** CONFLICT with the newer record and who saved it (their name or e-mail; users are not readable by all). */
  private async staleError(db: TDb, user: TSessionUser, def: CollectionDef, current: TRecord): Promise<AppError> {
    const savedById = typeof current.updatedBy === "string" ? current.updatedBy : null;
    const saver = savedById
      ? await db.user.findUnique({ where: { id: savedById }, select: { displayName: true, email: true } })
      : null;
    return staleVersionError(
      def,
      redactRecord(user, def, current),
      saver ? (saver.displayName ?? saver.email) : undefined,
    );
  }

  /** The record if it exists and the user may see it, else NOT_FOUND (existence is not revealed). */
  private async visible(db: TDb, user: TSessionUser, name: TCollectionName, id: string): Promise<TRecord> {
    const def: CollectionDef = collections[name];
    const row = await this.delegate(db, name).findUnique({ where: { id } });
    if (!row) throw notFound(def);
    const record = this.mapper(name).toRecord(row);
    if (!canSeeRecord(user, def, record)) throw notFound(def);
    return record;
  }

  /**
   * For a collection that grants facilities (users) and a facility-limited caller: only the records
   * whose granted facilities all lie among the caller's (`canSeeRecord`), as an id condition. The
   * containment (`<@`) has no Prisma filter, hence the one SQL read; users are the only such table.
   */
  private async grantRestriction(db: TDb, def: CollectionDef, user: TSessionUser): Promise<TWhere | null> {
    if (!def.access.grantsFacilities || user.facilityIds === null) return null;
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM users WHERE NOT "allFacilities" AND "facilityIds" <@ ${user.facilityIds}::text[]`;
    return { id: { in: rows.map((row) => row.id) } };
  }

  /** Filters, search, archive and facility restriction as Prisma conditions (ANDed). */
  private conditions(def: CollectionDef, user: TSessionUser, query: TListFilters): TWhere[] {
    const conditions: TWhere[] = [];
    const bad: Record<string, string> = {};
    for (const [field, value] of Object.entries(query.where ?? {})) {
      const values = Array.isArray(value) ? value : [value];
      // Ids are no field of the schema: normalizeListQuery took only strings.
      const schema = (field === ID_FILTER ? z.string() : def.schema.shape[field]) as TFieldSchema;
      if (!values.every((v) => (v === null ? mayBeNull(def, field) : schema.safeParse(v).success))) {
        bad[`where.${field}`] = `Not a valid value for ${field}`;
        continue;
      }
      conditions.push(inScope(def, field, values) ?? equalsAny(field, values));
    }
    if (Object.keys(bad).length > 0)
      throw new AppError("VALIDATION", "The list request is not valid.", { fields: bad });
    if (query.search) {
      conditions.push({
        OR: def.searchable.map((field) => ({ [field]: { contains: literalLike(query.search!), mode: "insensitive" } })),
      });
    }
    if (!query.includeArchived) conditions.push({ archivedAt: null });
    if (seesPublishedOnly(user, def)) conditions.push({ [def.access.publishedField!]: true });
    const follows = def.access.readFollows;
    if (follows !== undefined) conditions.push({ [follows]: { in: readableFollowed(user, def) } });
    const subjects = subjectsAllowed(user, def, "read");
    if (subjects !== null) conditions.push({ [def.access.subjectAreas!.field]: { in: subjects } });
    if (def.rangeField && query.range) {
      // Bounds of the range field in SQL (`at >= $from AND at < $to`), so an index range answers it.
      const { from, to } = query.range;
      conditions.push({
        [def.rangeField]: { ...(from ? { gte: new Date(from) } : {}), ...(to ? { lt: new Date(to) } : {}) },
      });
    }
    const facilityIds = facilityRestriction(user, def);
    if (facilityIds !== null) {
      conditions.push(
        def.scope.kind === "facility-id"
          ? { id: { in: facilityIds } }
          : (inScope(def, def.scope.kind === "facility" ? def.scope.field : "id", facilityIds) ?? {
              [def.scope.kind === "facility" ? def.scope.field : "id"]: { in: facilityIds },
            }),
      );
    }
    return conditions;
  }

  private delegate(db: TDb, name: TCollectionName): ModelDelegate {
    return (db as unknown as Record<string, ModelDelegate>)[PRISMA_MODELS[name]]!;
  }

  private mapper(name: TCollectionName): RowMapper {
    return this.mappers.get(name)!;
  }
}

/** A granted facility list as the access rules take it (the schema makes it a list or null = all). */

type TFieldSchema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

/** May the field's column hold null? Fields that accept null, and optional ones without a default. */
function mayBeNull(def: CollectionDef, field: string): boolean {
  const schema = def.schema.shape[field] as TFieldSchema | undefined;
  if (!schema) return field === "archivedAt";
  if (schema.safeParse(null).success) return true;
  const absent = schema.safeParse(undefined);
  return absent.success && absent.data === undefined;
}

/** A search text for Prisma's `contains` (SQL ILIKE): `%`, `_` and `\\` match themselves, not patterns. */
function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * For a collection shown in further homes (`scope.alsoIn`: a staff member's other homes), a condition on
 * its facility field means "in any of these homes": its own facility or one of the further ones.
 * Null for every other field and collection.
 */
function inScope(def: CollectionDef, field: string, values: readonly TFilterValue[]): TWhere | null {
  if (def.scope.kind !== "facility" || !def.scope.alsoIn || field !== def.scope.field) return null;
  const ids = values.filter((v): v is string => typeof v === "string");
  return { OR: [{ [field]: { in: ids } }, { [def.scope.alsoIn]: { hasSome: ids } }] };
}

function equalsAny(field: string, values: TFilterValue[]): TWhere {
  const present = values.filter((v) => v !== null);
  const alternatives: TWhere[] = [];
  // Prisma has no `in` for booleans; equalities ORed are the same query.
  if (present.length === 1 || present.some((v) => typeof v === "boolean"))
    alternatives.push(...present.map((v) => ({ [field]: v })));
  else if (present.length > 1) alternatives.push({ [field]: { in: present } });
  if (present.length < values.length) alternatives.push({ [field]: null });
  return alternatives.length === 1 ? alternatives[0]! : { OR: alternatives };
}

function sortValueOf(value: unknown): TFilterValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return Number(value);
  if (value === undefined) return null;
  return value as TFilterValue;
}

/**
 * Rows strictly after the cursor in the order `(field direction, id direction)`, with PostgreSQL's
 * default null placement (last when ascending, first when descending). Where no null can follow the
 * cursor, the OR is ANDed with `field >= v` (`<=` descending): the same rows, but a bound PostgreSQL
 * can start an index range at, so a deep page does not walk the index from its beginning.
 */
function keysetAfter(
  field: string,
  direction: "asc" | "desc",
  cursor: { sortValue: TFilterValue; id: string },
  nullable: boolean,
): TWhere {
  const idAfter = { id: direction === "asc" ? { gt: cursor.id } : { lt: cursor.id } };
  if (cursor.sortValue === null) {
    if (!nullable)
      throw new AppError("VALIDATION", "The list request is not valid.", { fields: { cursor: "Invalid cursor" } });
    const sameNull = { [field]: null, ...idAfter };
    return direction === "asc" ? sameNull : { OR: [sameNull, { [field]: { not: null } }] };
  }
  const beyond = { [field]: direction === "asc" ? { gt: cursor.sortValue } : { lt: cursor.sortValue } };
  const alternatives: TWhere[] = [beyond, { [field]: cursor.sortValue, ...idAfter }];
  if (direction === "asc" && nullable) return { OR: [...alternatives, { [field]: null }] };
  const from = { [field]: direction === "asc" ? { gte: cursor.sortValue } : { lte: cursor.sortValue } };
  return { AND: [from, { OR: alternatives }] };
}
