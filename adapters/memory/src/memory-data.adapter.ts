/**
 * DataPort over the memory backend, with the server's semantics: the shared list-query validation,
 * keyset cursors, the access rules, the record rules, versions, audit rows and atomic commits.
 */
import { DEFAULT_TIME_ZONE, newRecordMeta } from "@care/core/common.schema";
import { AppError } from "@care/core/app-error";
import { FILES_TARGET, type CollectionDef } from "@care/core/collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import {
  decodeCursor,
  encodeCursor,
  inTimeRange,
  normalizeListQuery,
  type TFilterValue,
  type TListFilters,
  type TListQuery,
  type TPage,
} from "@care/core/list-query";
import type { TCollectionName, TInputOf, TPatchOf, TRecordOf } from "@care/core/registry";
import { listAuditAction, listViewFacilities, listViewSummary } from "@care/core/rules/audit.rules";
import { nameOnly } from "@care/core/rules/record-name.rules";
import { RecentRecordViews, listedEntriesOf } from "@care/core/rules/record-views.rules";
import {
  assertCanGrantFacilities,
  assertCanRead,
  assertCanWrite,
  assertCanWriteFields,
  assertCanWriteRecord,
  can,
  canSeeFacility,
  canSeeRecord,
  facilitiesOfRecord,
  redactRecord,
  facilityIdsOf,
} from "@care/core/rules/access.rules";
import { checkLinks, linkFieldsInto, recordInUseError } from "@care/core/rules/links.rules";
import { reminderStateRefusal } from "@care/core/collections/reminders.collection";
import { feeEntryError, type TFeeEntryRecords } from "@care/core/rules/referral-deadlines.rules";
import { tourRecordError } from "@care/core/rules/referral-outcome.rules";
import { hiddenSisters, justMovedIn, sisterClosePatch } from "@care/core/rules/referral-move-in.rules";
import { ADMINISTRATOR_ROLE_ID, administratorRoleRefusal } from "@care/core/collections/roles.collection";
import { assertActionsHeld } from "@care/core/rules/role-actions.rules";
import { grantSummary, roleGrantError, userRoleGrantError, withGrant } from "@care/core/rules/grants.rules";
import {
  callerName,
  takenIdError,
  fieldsOf,
  staleVersionError,
  validateClientId,
  stampCaller,
  validateCreate,
  validateUpdate,
} from "@care/core/rules/records.rules";
import { auditFacilityOf, type MemoryBackend, type TAuditInput, type TStoredRecord } from "./memory-backend.ts";
import { copyRecord } from "./memory-copy.ts";
import type { MemorySession } from "./memory-session.ts";
import { recordChange } from "@care/core/rules/history.rules";
import { capacityRefusal, exceptionRefusal, holdsBed, takesNewBed } from "@care/core/rules/census.rules";
import { eventUndoRefusal, readmissionRefusal } from "@care/core/rules/status-undo.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import { billCurrentMonths, derivedWrites, refreshAccount } from "./memory-rent.ts";
import {
  asTransferError,
  CARRIED_COLLECTIONS,
  carriedId,
  facilityChangeRefusal,
  isCarried,
  movedPerson,
  parseTransferRequest,
  TRANSFER_COLLECTION,
  transferEvents,
  transferPersonOf,
  transferRefusal,
  transferSummary,
  type TTransfer,
  type TTransferRequest,
  type TTransferResult,
} from "@care/core/rules/transfer.rules";
import { otherHomesChanged, otherHomesRefusal } from "@care/core/rules/staff-homes.rules";
import {
  beforeMove,
  carriedRefusal,
  isShiftLeftBehind,
  movedAlways,
  shiftsLeftSummary,
  transferAnswer,
  type TShiftAtHome,
} from "@care/core/rules/transfer-access.rules";
import { staffLinkError, userUpdateError } from "@care/core/rules/users.rules";

/** Reads that show rent: the home's current month is billed before them (the server's schedule). */
const BILLED_READS = new Set(["rentCharges", "rentAccounts", "payments"]);

/** Orders sort values like the server's database: nulls after every value ascending, strings by code point. */
export function compareValues(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Writes applied directly to the store with an undo log; rolled back if any step fails. */
class Transaction {
  private readonly undo: (() => void)[] = [];
  private readonly audits: TAuditInput[] = [];

  constructor(private readonly backend: MemoryBackend) {}

  put(collection: string, record: TStoredRecord): void {
    const table = this.backend.table(collection);
    const previous = table.get(record.id);
    this.undo.push(() => (previous ? table.set(record.id, previous) : table.delete(record.id)));
    table.set(record.id, record);
  }

  delete(collection: string, id: string): void {
    const table = this.backend.table(collection);
    const previous = table.get(id);
    if (!previous) return;
    this.undo.push(() => table.set(id, previous));
    table.delete(id);
  }

  audit(entry: TAuditInput): void {
    this.audits.push(entry);
  }

  /** Files a stored file under another facility (a transferred person's document's file). */
  moveFile(id: string, facilityId: string): void {
    const file = this.backend.files.get(id);
    if (!file) return;
    this.undo.push(() => this.backend.files.set(id, file));
    this.backend.files.set(id, { ...file, meta: { ...file.meta, facilityId } });
  }

  rollback(): void {
    for (const step of this.undo.reverse()) step();
  }

  /** Writes the audit rows of the applied changes. */
  finish(): void {
    for (const entry of this.audits) this.backend.audit(entry);
  }
}

export class MemoryDataAdapter implements DataPort {
  /** The signed-in account's recent record views: lists of a viewed record's entries write no row of their own. */
  private readonly recentViews = new RecentRecordViews();

  constructor(
    private readonly backend: MemoryBackend,
    private readonly session: MemorySession,
  ) {}

  async list<N extends TCollectionName>(collection: N, query: TListQuery = {}): Promise<TPage<TRecordOf<N>>> {
    const page = this.listNow(collection, query);
    const def = this.def(collection);
    const user = this.session.user();
    const action = listAuditAction(def, query);
    const covered = action === "view" && !!user && this.recentViews.covers(user.id, listedEntriesOf(def, query));
    if (action && user && !covered) {
      for (const facilityId of listViewFacilities(def, query, page.items, user))
        this.backend.audit({
          actor: user,
          action,
          collection: def.name,
          facilityId,
          summary: listViewSummary(query),
        });
    }
    if (query.purpose === "names") return { ...page, items: page.items.map(nameOnly) } as TPage<TRecordOf<N>>;
    return page as TPage<TRecordOf<N>>;
  }

  async count<N extends TCollectionName>(collection: N, query: TListFilters = {}): Promise<number> {
    const def = this.def(collection);
    const user = assertCanRead(this.session.user(), def);
    this.billBefore(collection);
    const q = normalizeListQuery(def, {
      where: query.where,
      search: query.search,
      includeArchived: query.includeArchived,
      range: query.range,
    });
    return this.matching(user, def, q).length;
  }

  async get<N extends TCollectionName>(collection: N, id: string): Promise<TRecordOf<N>> {
    const def = this.def(collection);
    const user = assertCanRead(this.session.user(), def);
    this.billBefore(collection);
    const record = this.findVisible(user, def, id);
    if (def.auditViews) {
      this.backend.audit({
        actor: user,
        action: "view",
        collection: def.name,
        recordId: id,
        facilityId: auditFacilityOf(def, record),
      });
      this.recentViews.viewed(user.id, { collection: def.name, recordId: id });
    }
    return redactRecord(user, def, copyRecord(record)) as TRecordOf<N>;
  }

  async create<N extends TCollectionName>(
    collection: N,
    data: TInputOf<N>,
    options: { id?: string } = {},
  ): Promise<TRecordOf<N>> {
    const record = this.transact((tx) => this.createIn(tx, collection, data, options.id));
    return this.redact(collection, record) as TRecordOf<N>;
  }

  async update<N extends TCollectionName>(
    collection: N,
    id: string,
    patch: TPatchOf<N>,
    version: number,
  ): Promise<TRecordOf<N>> {
    const record = this.transact((tx) => this.updateIn(tx, collection, id, patch, version));
    return this.redact(collection, record) as TRecordOf<N>;
  }

  /** A written record as the signed-in user may receive it (see `redactRecord`). */
  private redact(collection: string, record: TStoredRecord): TStoredRecord {
    const user = this.session.user();
    return user ? redactRecord(user, this.def(collection), record) : record;
  }

  async remove(collection: TCollectionName, id: string, version: number): Promise<void> {
    this.transact((tx) => this.removeIn(tx, collection, id, version));
  }

  async commit(ops: TWriteOp[]): Promise<void> {
    if (!this.session.user()) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    this.transact((tx) => {
      for (const op of ops) {
        if (op.op === "create") this.createIn(tx, op.collection, op.data, op.id);
        else if (op.op === "update") this.updateIn(tx, op.collection, op.id, op.patch, op.version);
        else if (op.op === "remove") this.removeIn(tx, op.collection, op.id, op.version);
        else throw new AppError("VALIDATION", "The change is not valid.", { fields: { op: "Unknown operation" } });
      }
    });
  }

  async transfer(input: TTransferRequest): Promise<TTransferResult> {
    const request = parseTransferRequest(input);
    return this.transact((tx) => this.transferIn(tx, request));
  }

  /** The transfer's writes (see DataPort.transfer), all in `tx`. */
  private transferIn(tx: Transaction, request: TTransfer): TTransferResult {
    const def = this.def(TRANSFER_COLLECTION[request.subject]);
    const user = assertCanWrite(this.session.user(), def);
    const always = carriedRefusal(user, movedAlways(request.subject));
    if (always) throw always;
    const current = this.findVisible(user, def, request.id);
    if (current.version !== request.version) throw staleVersionError(def, copyRecord(current), this.savedBy(current));
    const from = String(current.facilityId);
    const to = request.toFacilityId;
    const destination = this.backend.table("facilities").get(to);
    const refusal = transferRefusal(
      user,
      transferPersonOf(current),
      request,
      destination
        ? {
            name: String(destination.name),
            archivedAt: destination.archivedAt,
            timeZone: destination.timeZone as string | undefined,
          }
        : null,
      new Date(this.backend.now()),
    );
    if (refusal) throw refusal;
    const now = this.backend.now();
    const moved: TStoredRecord = movedPerson(copyRecord(current), request);
    assertCanWriteRecord(user, def, moved);
    try {
      this.writeCheck(user, def, current.id, fieldsOf(moved), beforeMove(fieldsOf(current)));
    } catch (error) {
      throw asTransferError(error);
    }
    const origin = this.backend.table("facilities").get(from);
    const record = { ...moved, version: current.version + 1, updatedAt: now, updatedBy: user.id };
    tx.put(def.name, record);
    this.history(tx, user, def, "update", record, current);

    const carried: TTransferResult["carried"] = {};
    const documentIds = new Set<string>();
    for (const collection of CARRIED_COLLECTIONS) {
      for (const row of [...this.backend.table(collection).values()]) {
        if (row.facilityId !== from || !isCarried(collection, row, request.subject, current.id, documentIds)) continue;
        const refused = carriedRefusal(user, [collection]);
        if (refused) throw refused;
        const id = carriedId(this.def(collection), row, to);
        if (id === row.id) {
          tx.put(collection, {
            ...copyRecord(row),
            facilityId: to,
            version: row.version + 1,
            updatedAt: now,
            updatedBy: user.id,
          });
        } else {
          if (this.backend.table(collection).has(id)) continue;
          tx.delete(collection, row.id);
          tx.put(collection, { ...copyRecord(row), id, facilityId: to, ...newRecordMeta(user.id, now) });
        }
        if (collection === "documents") {
          documentIds.add(row.id);
          if (typeof row.fileId === "string") tx.moveFile(row.fileId, to);
        }
        carried[collection] = (carried[collection] ?? 0) + 1;
      }
    }
    const shiftsLeft = request.subject === "staff" ? this.removeFutureShifts(tx, record, from, origin) : 0;
    if (request.subject === "resident") {
      for (const event of transferEvents(current.id, from, request)) {
        tx.put("residentEvents", { ...event, id: this.backend.newId(), ...newRecordMeta(user.id, now) });
      }
      if (this.backend.table("rentAccounts").has(current.id)) refreshAccount(this.backend, tx, current.id, to);
    }
    tx.audit({
      actor: user,
      action: "transfer",
      collection: def.name,
      recordId: current.id,
      facilityId: to,
      summary:
        transferSummary(String(origin?.name ?? from), String(destination!.name), request, carried) +
        shiftsLeftSummary(shiftsLeft),
    });
    const result = {
      fromFacilityId: from,
      toFacilityId: to,
      record: { ...copyRecord(record), facilityId: to },
      carried,
    };
    return transferAnswer(user, def, result);
  }

  /**
   * Takes a moved staff member's future shifts off the old home's rota (`isShiftLeftBehind`; the
   * mover's schedule write was checked first, `movedAlways`); how many.
   */
  private removeFutureShifts(
    tx: Transaction,
    moved: TStoredRecord,
    from: string,
    origin: TStoredRecord | undefined,
  ): number {
    const timeZone = (origin?.timeZone as string | undefined) || DEFAULT_TIME_ZONE;
    const now = new Date(this.backend.now());
    const staff = { id: moved.id, otherFacilityIds: moved.otherFacilityIds as string[] | undefined };
    const left = [...this.backend.table("shifts").values()].filter((shift) =>
      isShiftLeftBehind(shift as unknown as TShiftAtHome, staff, from, timeZone, now),
    );
    for (const shift of left) tx.delete("shifts", shift.id);
    return left.length;
  }

  /** Bills each home's current month before a read that shows rent, once a day per home. */
  private billBefore(collection: string): void {
    if (BILLED_READS.has(collection) && this.session.user()) this.transact((tx) => billCurrentMonths(this.backend, tx));
  }

  private listNow(collection: string, query: TListQuery): TPage<TStoredRecord> {
    const def = this.def(collection);
    const user = assertCanRead(this.session.user(), def);
    this.billBefore(collection);
    const q = normalizeListQuery(def, query);
    const { field, direction } = q.orderBy;
    const sign = direction === "asc" ? 1 : -1;
    const order = (a: { value: unknown; id: string }, b: { value: unknown; id: string }) =>
      sign * (compareValues(a.value, b.value) || compareValues(a.id, b.id));
    let rows = this.matching(user, def, q).sort((a, b) =>
      order({ value: a[field], id: a.id }, { value: b[field], id: b.id }),
    );
    if (q.cursor) {
      const after = decodeCursor(q.cursor);
      const start = { value: after.sortValue, id: after.id };
      rows = rows.filter((row) => order({ value: row[field], id: row.id }, start) > 0);
    }
    const items = rows.slice(0, q.limit);
    const last = items.at(-1);
    const nextCursor =
      rows.length > q.limit && last ? encodeCursor((last[field] ?? null) as TFilterValue, last.id) : null;
    return { items: items.map((item) => redactRecord(user, def, copyRecord(item))), nextCursor };
  }

  /** The visible records matching the filters, search and archive flag, unsorted. */
  private matching(user: TSessionUser, def: CollectionDef, q: TListFilters): TStoredRecord[] {
    const search = q.search?.toLowerCase();
    return [...this.backend.table(def.name).values()].filter((record) => {
      if (!canSeeRecord(user, def, record)) return false;
      if (!q.includeArchived && record.archivedAt !== null) return false;
      if (def.rangeField && !inTimeRange(record[def.rangeField], q.range)) return false;
      for (const [field, wanted] of Object.entries(q.where ?? {})) {
        const options = Array.isArray(wanted) ? wanted : [wanted];
        // The facility field of a record shown in further homes matches any of them (a staff member's other homes).
        const values = alsoInScope(def, field) ? facilitiesOfRecord(def, record) : [record[field] ?? null];
        if (!options.some((option) => values.includes(option as never))) return false;
      }
      if (search) {
        return def.searchable.some((field) => {
          const value = record[field];
          return typeof value === "string" && value.toLowerCase().includes(search);
        });
      }
      return true;
    });
  }

  private createIn(tx: Transaction, collection: string, data: unknown, clientId: string | undefined): TStoredRecord {
    const def = this.def(collection);
    const user = assertCanWrite(this.session.user(), def);
    if (def.access.create === "auth-port")
      throw new AppError("FORBIDDEN", "Accounts are created with the create-user action, not as records.");
    if (data && typeof data === "object") assertCanWriteFields(user, def, data as Record<string, unknown>);
    const fields = stampCaller(def, validateCreate(def, data), user);
    assertActionsHeld(user, def, { kind: "create", after: fields });
    const givenId = validateClientId(def, clientId, fields);
    const id = givenId ?? this.backend.newId();
    assertCanWriteRecord(user, def, { ...fields, id });
    this.assertLinks(user, def, fields);
    this.writeCheck(user, def, id, fields);
    const taken = this.backend.table(def.name).get(id);
    if (taken) throw takenIdError(def, id, canSeeRecord(user, def, taken));
    const now = this.backend.now();
    const record: TStoredRecord = copyRecord({ ...fields, id, ...newRecordMeta(user.id, now) });
    tx.put(def.name, record);
    this.history(tx, user, def, "create", record);
    derivedWrites(this.backend, tx, def.name, record);
    if (def.name === "referrals") this.closeHiddenSisters(tx, user, record);
    tx.audit({
      actor: user,
      action: "create",
      collection: def.name,
      recordId: id,
      facilityId: auditFacilityOf(def, record),
      summary: withGrant(Object.keys(fieldsOf(record)).join(", "), grantSummary(def.name, undefined, record)),
    });
    // As stored after the derived writes (a payment's balance after it).
    return copyRecord(this.backend.table(def.name).get(id) ?? record);
  }

  /**
   * The checks of a write that need other records (the server runs the same ones in its transaction):
   * a resident's admission, move or readmission fits the home's licensed capacity; a user's edit keeps
   * the auth backend's fields and the editor's own access, and their staff record is of a facility they
   * see; a fee entry never pays a fee twice; a referral is marked toured only once a tour is recorded.
   */
  private writeCheck(
    user: TSessionUser,
    def: CollectionDef,
    id: string,
    fields: Record<string, unknown>,
    before?: Record<string, unknown>,
  ): void {
    if (def.name === "residentEvents") {
      this.eventCheck(user, id, fields, before);
      return;
    }
    if (def.name === "roles") {
      const refusal = administratorRoleRefusal(id, fields) ?? roleGrantError(user, id, before, fields);
      if (refusal) throw refusal;
    }
    if (def.name === "reminderStates") {
      const refusal = reminderStateRefusal(user, fields);
      if (refusal) throw refusal;
    }
    if (def.name === "referrals") {
      const hasTour = [...this.backend.table("referralContacts").values()].some(
        (c) => c.referralId === id && c.kind === "tour" && c.archivedAt === null,
      );
      const refused = tourRecordError(fields as never, before as never, hasTour);
      if (refused) throw refused;
      return;
    }
    if (def.name === "referralFees") {
      const refused = this.feeEntryRefusal(id, fields);
      if (refused) throw refused;
      return;
    }
    if (def.name === "users") {
      const roles = this.backend.table("roles");
      const refused =
        (before ? userUpdateError(user, id, fields, before) : null) ??
        (before
          ? userRoleGrantError(user, roles.get(String(before.role)), roles.get(String(fields.role)) ?? {})
          : null) ??
        staffLinkError(
          fields,
          typeof fields.staffId === "string" ? this.backend.table("staff").get(fields.staffId) : undefined,
        );
      if (refused) throw refused;
      return;
    }
    if (def.name === "staff") {
      const changed = otherHomesChanged(
        fields.otherFacilityIds as string[] | undefined,
        before?.otherFacilityIds as string[] | undefined,
      );
      const homes = new Set(this.backend.table("facilities").keys());
      const refused = otherHomesRefusal(user, changed, homes);
      if (refused) throw refused;
      return;
    }
    if (def.name !== "residents") return;
    const after = fields as { facilityId: string; status: TResidentStatus; capacityException?: string };
    const previous = before as typeof after | undefined;
    const notAllowed = exceptionRefusal(
      can(user, "facilities", "write"),
      after.capacityException,
      previous?.capacityException,
    );
    if (notAllowed) throw notAllowed;
    if (!takesNewBed(after, previous)) return;
    const home = this.backend.table("facilities").get(after.facilityId);
    if (!home) return;
    const taken = [...this.backend.table("residents").values()].filter(
      (r) => r.id !== id && r.facilityId === after.facilityId && r.archivedAt === null && holdsBed(r as never),
    ).length;
    const full = capacityRefusal(
      { name: String(home.name), licensedCapacity: home.licensedCapacity as number | undefined },
      taken,
      after.capacityException,
    );
    if (full) throw full;
  }

  /**
   * An undo of a kind that can be undone, of the resident's latest event that counts, on the home's
   * today, within its window, by name, kept once done; a readmission after the discharge (status-undo.rules).
   */
  private eventCheck(
    user: TSessionUser,
    id: string,
    fields: Record<string, unknown>,
    before?: Record<string, unknown>,
  ): void {
    const events = this.backend.table("residentEvents");
    const now = new Date(this.backend.now());
    const facility = before ? this.backend.table("facilities").get(String(before.facilityId)) : undefined;
    const undo = eventUndoRefusal(id, before, fields, {
      undoerName: callerName(user),
      recordedAt: before ? String(events.get(id)?.createdAt) : undefined,
      today: todayIn(String(facility?.timeZone ?? "UTC"), now),
      events: [...events.values()]
        .filter((e) => e.residentId === before?.residentId && !e.archivedAt)
        .map((e) => ({
          id: String(e.id),
          type: String(e.type),
          date: String(e.date),
          undoReason: (e.undoReason as string | null) ?? undefined,
          createdAt: String(e.createdAt),
        })),
      now,
    });
    if (undo) throw undo;
    if (before || fields.type !== "readmission") return;
    const resident = this.backend.table("residents").get(String(fields.residentId));
    // The discharge it follows: the resident's, or (their update first in the same commit) the last on record.
    const lastDischarge = [...events.values()]
      .filter((e) => e.residentId === fields.residentId && e.type === "discharge" && !e.undoReason && !e.archivedAt)
      .map((e) => String(e.date))
      .sort()
      .at(-1);
    const refused = readmissionRefusal(
      String(fields.date),
      (resident?.dischargeDate as string | undefined) ?? lastDischarge,
    );
    if (refused) throw refused;
  }

  /** A fee entry checked against its referral's fee as stored (the server's `assertFeeEntryAllowed`). */
  private feeEntryRefusal(id: string, fields: Record<string, unknown>): AppError | null {
    const entry = fields as Parameters<typeof feeEntryError>[0] & { referralId: string };
    const referral = this.backend.table("referrals").get(entry.referralId) as TFeeEntryRecords["referral"] | undefined;
    if (!referral) return null; // the link check names the missing referral
    const fees = [...this.backend.table("referralFees").values()].filter(
      (f) => f.id !== id && f.archivedAt === null,
    ) as unknown as (TFeeEntryRecords["entries"][number] & {
      referralId: string;
      agentId: string;
      invoiceNumber?: string;
    })[];
    return feeEntryError(entry, {
      referral,
      terms: this.backend.table("agentFeeTerms").get(entry.agentId) as TFeeEntryRecords["terms"],
      entries: fees.filter((f) => f.referralId === entry.referralId),
      agentInvoices: fees.filter((f) => f.agentId === entry.agentId && f.kind === "invoice"),
      today: new Date().toISOString().slice(0, 10),
    });
  }

  /**
   * A referral's move-in closes its prospect's open referrals in the homes the mover does not see, in
   * the same transaction (the server's `closeHiddenSisterReferrals`); the mover's commit closes the rest.
   */
  private closeHiddenSisters(tx: Transaction, user: TSessionUser, record: TStoredRecord, before?: TStoredRecord): void {
    const referral = record as unknown as TRecordOf<"referrals">;
    if (user.facilityIds === null || !justMovedIn(referral, before as Partial<TRecordOf<"referrals">> | undefined))
      return;
    const def = this.def("referrals");
    const stored = [...this.backend.table("referrals").values()].filter((r) => r.archivedAt === null);
    const candidates = stored as unknown as TRecordOf<"referrals">[];
    const moveInDate = referral.moveInDate ?? this.backend.now().slice(0, 10);
    for (const sister of hiddenSisters(referral, candidates, (id) => canSeeFacility(user, id))) {
      const current = this.backend.table("referrals").get(sister.id)!;
      const closed = this.nextVersion(
        current,
        validateUpdate(def, current, sisterClosePatch(sister, moveInDate)),
        user,
      );
      tx.put("referrals", closed);
      this.history(tx, user, def, "update", closed, current);
      tx.audit({
        actor: user,
        action: "update",
        collection: "referrals",
        recordId: sister.id,
        facilityId: auditFacilityOf(def, closed),
        summary: "status, closeReason, nextFollowUp, outcomeNotes (the prospect moved in at another home)",
      });
    }
  }

  /** A record's next version with these fields, saved by `user` now. */
  private nextVersion(current: TStoredRecord, fields: Record<string, unknown>, user: TSessionUser): TStoredRecord {
    return copyRecord({
      ...fields,
      id: current.id,
      version: current.version + 1,
      createdAt: current.createdAt,
      updatedAt: this.backend.now(),
      createdBy: current.createdBy,
      updatedBy: user.id,
      archivedAt: current.archivedAt,
    });
  }

  /** The history row of a write to a record whose collection keeps history, in the write's transaction. */
  private history(
    tx: Transaction,
    user: TSessionUser,
    def: CollectionDef,
    action: "create" | "update" | "archive",
    record: TStoredRecord,
    before?: TStoredRecord,
  ): void {
    const at = this.backend.now();
    const change = recordChange(def, action, user, at, record, before);
    if (!change) return;
    const id = this.backend.newId();
    tx.put("recordChanges", {
      ...change,
      id,
      ...newRecordMeta(user.id, at),
    } as TStoredRecord);
  }

  /** Who saved a record's current version: their name or e-mail, when they are a known user. */
  private savedBy(record: TStoredRecord): string | undefined {
    const id = record.updatedBy;
    const saver = typeof id === "string" ? this.backend.records.get("users")?.get(id) : undefined;
    return saver ? String(saver.displayName ?? saver.email) : undefined;
  }

  private updateIn(tx: Transaction, collection: string, id: string, patch: unknown, version: number): TStoredRecord {
    const def = this.def(collection);
    const user = assertCanWrite(this.session.user(), def);
    const current = this.findVisible(user, def, id);
    if (current.version !== version)
      throw staleVersionError(def, redactRecord(user, def, copyRecord(current)), this.savedBy(current));
    if (patch && typeof patch === "object") assertCanWriteFields(user, def, patch as Record<string, unknown>);
    const fields = stampCaller(def, validateUpdate(def, current, patch), user, current);
    assertActionsHeld(user, def, { kind: "update", before: fieldsOf(current), after: fields });
    const moving = facilityChangeRefusal(def.name, fields, fieldsOf(current));
    if (moving) throw moving;
    assertCanWriteRecord(user, def, { ...fieldsOf(current), id });
    assertCanWriteRecord(user, def, { ...fields, id });
    this.assertLinks(user, def, fields, fieldsOf(current));
    this.writeCheck(user, def, id, fields, fieldsOf(current));
    if (def.access.grantsFacilities) {
      const field = def.access.grantsFacilities;
      assertCanGrantFacilities(user, facilityIdsOf(current[field]), facilityIdsOf(fields[field]));
    }
    if (def.name === "users" && fields.email !== current.email && this.backend.findUserByEmail(String(fields.email))) {
      throw new AppError("CONFLICT", "An account with this e-mail already exists.", {
        fields: { email: "Already in use" },
      });
    }
    const record = this.nextVersion(current, fields, user);
    const touched = Object.keys({ ...fieldsOf(current), ...fieldsOf(record) }).filter(
      (key) => JSON.stringify(current[key]) !== JSON.stringify(record[key]),
    );
    tx.put(def.name, record);
    // A deactivated user's sessions all end at once.
    if (def.name === "users" && current.active === true && record.active === false) this.backend.endSessions(id);
    this.history(tx, user, def, "update", record, current);
    derivedWrites(this.backend, tx, def.name, record, current);
    if (def.name === "referrals") this.closeHiddenSisters(tx, user, record, current);
    tx.audit({
      actor: user,
      action: "update",
      collection: def.name,
      recordId: id,
      facilityId: auditFacilityOf(def, record),
      summary: withGrant(touched.join(", "), grantSummary(def.name, fieldsOf(current), fieldsOf(record))),
    });
    return copyRecord(record);
  }

  private removeIn(tx: Transaction, collection: string, id: string, version: number): void {
    const def = this.def(collection);
    const user = assertCanWrite(this.session.user(), def);
    if (def.removal === "none")
      throw new AppError("FORBIDDEN", def.removalRefusal ?? `${def.label} records cannot be removed.`);
    const current = this.findVisible(user, def, id);
    assertActionsHeld(user, def, { kind: "remove", before: fieldsOf(current) });
    if (current.version !== version)
      throw staleVersionError(def, redactRecord(user, def, copyRecord(current)), this.savedBy(current));
    // Seen through another home (a staff member's other homes) is not enough: write where it belongs.
    assertCanWriteRecord(user, def, { ...fieldsOf(current), id });
    if (def.name === "roles" && id === ADMINISTRATOR_ROLE_ID)
      throw new AppError("VALIDATION", "The Administrator role cannot be removed.", { fields: { id: "Always kept" } });
    const beyond =
      def.name === "roles"
        ? roleGrantError(user, id, current, undefined)
        : def.name === "reminderStates"
          ? reminderStateRefusal(user, current)
          : null;
    if (beyond) throw beyond;
    if (def.removal === "delete") {
      // Not while a record names it by a declared link (a role given to a user), as on the server.
      for (const field of linkFieldsInto(def.name)) {
        const rows = this.backend.records.get(field.collection)?.values() ?? [];
        for (const row of rows) if (row[field.field] === id) throw recordInUseError(def, field);
      }
    }
    const facilityId = auditFacilityOf(def, current);
    if (def.removal === "archive") {
      const now = this.backend.now();
      tx.put(def.name, {
        ...copyRecord(current),
        version: current.version + 1,
        updatedAt: now,
        updatedBy: user.id,
        archivedAt: current.archivedAt ?? now,
      });
      this.history(tx, user, def, "archive", current);
      derivedWrites(this.backend, tx, def.name, current);
    } else {
      tx.delete(def.name, id);
    }
    tx.audit({
      actor: user,
      action: def.removal === "archive" ? "archive" : "remove",
      collection: def.name,
      recordId: id,
      facilityId,
      summary: def.removal === "archive" ? "archived" : "deleted",
    });
  }

  private transact<T>(work: (tx: Transaction) => T): T {
    const tx = new Transaction(this.backend);
    let result: T;
    try {
      result = work(tx);
    } catch (error) {
      tx.rollback();
      throw error;
    }
    tx.finish();
    return result;
  }

  private def(collection: string): CollectionDef {
    const def = Object.hasOwn(this.backend.collections, collection) ? this.backend.collections[collection] : undefined;
    if (!def) throw new AppError("NOT_FOUND", `There is no collection "${collection}".`);
    return def;
  }

  /**
   * The record's declared links hold (`checkLinks`): what it names exists, is the user's to see and,
   * where declared, of the record's facility. Records written earlier in the same commit count.
   */
  private assertLinks(
    user: TSessionUser,
    def: CollectionDef,
    fields: Record<string, unknown>,
    before?: Record<string, unknown>,
  ): void {
    const error = checkLinks(
      def,
      fields,
      (collection, id) => {
        if (collection === FILES_TARGET) {
          const meta = this.backend.files.get(id)?.meta;
          return meta && canSeeFacility(user, meta.facilityId) ? { ...meta } : null;
        }
        const record = this.backend.table(collection).get(id);
        const target = this.backend.collections[collection];
        return record && target && canSeeRecord(user, target, record) ? record : null;
      },
      before,
    );
    if (error) throw error;
  }

  /** The stored record if it exists and the user may see it; NOT_FOUND otherwise (never FORBIDDEN). */
  private findVisible(user: TSessionUser, def: CollectionDef, id: string): TStoredRecord {
    const record = this.backend.table(def.name).get(id);
    if (!record || !canSeeRecord(user, def, record)) {
      throw new AppError("NOT_FOUND", `This ${def.label.toLowerCase()} does not exist or was removed.`);
    }
    return record;
  }
}

/** Is `field` the facility field of a collection shown in further homes (`scope.alsoIn`)? */
function alsoInScope(def: CollectionDef, field: string): boolean {
  return def.scope.kind === "facility" && def.scope.alsoIn !== undefined && def.scope.field === field;
}
