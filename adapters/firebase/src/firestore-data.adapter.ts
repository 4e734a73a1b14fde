/**
 * DataPort on Cloud Firestore: one Firestore collection per registry entry. The same shared rules as
 * every backend (validation, access, list-query checks) run here first; `firestore.rules` enforces the
 * access policy again on the server side, since a browser client cannot be trusted. A collection's
 * restricted fields (a resident's monthly rate) live in sibling documents that only their area's
 * readers ask for (restricted-fields.ts), written in the same transaction as the record. A collection
 * with checked fields (checked-fields.ts: a fee entry against its referral's ledger; a list too costly
 * for the rules) is created and updated through the `writeCheckedRecord` Cloud Function.
 */
import { newRecordMeta } from "@care/core/common.schema";
import {
  collection as collectionRef,
  doc,
  documentId,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  limit as limitTo,
  orderBy,
  query as buildQuery,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  Timestamp,
  where,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
  type Transaction,
} from "firebase/firestore";
import { AppError } from "@care/core/app-error";
import { FILES_TARGET, type CollectionDef } from "@care/core/collection";
import {
  decodeCursor,
  encodeCursor,
  ID_FILTER,
  MAX_IN_VALUES,
  normalizeListQuery,
  type TListQuery,
  type TPage,
} from "@care/core/list-query";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import { getCollection, isCollectionName, type TRecordOf } from "@care/core/registry";
import {
  assertCanRead,
  assertCanWrite,
  assertCanWriteFields,
  assertCanWriteRecord,
  canReadCollection,
  canSeeFacility,
  canSeeRecord,
  seesPublishedOnly,
  facilityRestriction,
  readableFollowed,
  readableSubjects,
} from "@care/core/rules/access.rules";
import { checkLinks, linkFieldsInto, linksToCheck, recordInUseError } from "@care/core/rules/links.rules";
import { listAuditAction, listViewFacilities, listViewSummary } from "@care/core/rules/audit.rules";
import { nameOnly } from "@care/core/rules/record-name.rules";
import { RecentRecordViews, listedEntriesOf } from "@care/core/rules/record-views.rules";
import {
  takenIdError,
  staleVersionError,
  validateClientId,
  stampCaller,
  validateCreate,
  validateUpdate,
} from "@care/core/rules/records.rules";
import { staffLinkError, userUpdateError } from "@care/core/rules/users.rules";
import { ADMINISTRATOR_ROLE_ID, administratorRoleRefusal } from "@care/core/collections/roles.collection";
import { assertActionsHeld } from "@care/core/rules/role-actions.rules";
import { roleGrantError } from "@care/core/rules/grants.rules";
import { reminderStateRefusal } from "@care/core/collections/reminders.collection";
import { awaitDerived, savedByName } from "./await-derived.ts";
import { clientAuditEntry, type TClientAuditFacts } from "./client-audit.ts";
import { assertResidentFits } from "./resident-capacity.ts";
import { assertEventWrite } from "./resident-event-check.ts";
import { deleteShiftsIn, shiftsLeftBehind } from "./transfer-shifts.ts";
import { assertOtherHomes } from "./staff-homes-check.ts";
import { assertTourRecorded, tourLoggedIn } from "./referral-tour-check.ts";
import { tourRecordError } from "@care/core/rules/referral-outcome.rules";
import { derivedWaits, type TWrittenRecord } from "./derived-records.ts";
import { KEPT_SESSION_FIELD, SESSION_FIELDS, SESSIONS_FROM_FIELD } from "./user-sessions.ts";
import { guard, toAppError } from "./firebase-errors.ts";
import {
  compareStoredValues,
  facilitiesField,
  disjunctionsOf,
  exactStoredValue,
  FILE_IN_USE_FIELD,
  FILES_COLLECTION,
  filesNamedAnew,
  fileMoveTo,
  fileSubjectOf,
  fromStoredData,
  GRANT_KEY_FIELD,
  grantKeysWithin,
  homeGroups,
  MAX_GRANT_HOMES,
  ordersInMemory,
  refusedFields,
  SERVER_TIME,
  serverTimeFields,
  storedFilterField,
  timestampParts,
  toStoredData,
  writtenTimes,
} from "./firestore-records.ts";
import { checkedFieldsOf } from "./checked-fields.ts";
import {
  mergeRestricted,
  readableParts,
  restrictedBatches,
  restrictedParts,
  restrictedWrites,
  writableAreas,
} from "./restricted-fields.ts";
import {
  commitReadPaths,
  commitReadsError,
  commitsWithinReads,
  linkedFirst,
  linkReadPaths,
  roleReadPaths,
  type TCommitPart,
} from "./rule-read-commits.ts";
import { matchesSearch, searchQuery } from "./search-tokens.ts";
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
  type TCarriedCollection,
  type TTransfer,
  type TTransferResult,
} from "@care/core/rules/transfer.rules";
import {
  beforeMove,
  carriedRefusal,
  movedAlways,
  originRefusal,
  shiftsLeftSummary,
  transferAnswer,
} from "@care/core/rules/transfer-access.rules";

/**
 * The query of the records of the old home that may travel (`isCarried` decides on each): Firestore
 * answers equality filters on the stored facility field without a composite index per collection.
 */
function carriedFilters(collection: TCarriedCollection, request: TTransfer): QueryConstraint[] | null {
  // The subject too: the rules read a document by its subject's area, which the query must name.
  if (collection === "documents")
    return [where("subjectId", "==", request.id), where("subject", "==", request.subject)];
  if (collection === "reminders") return [where("linkId", "==", request.id)];
  if (collection === "trainingEntries")
    return request.subject === "staff" ? [where("staffId", "==", request.id)] : null;
  if (collection === "reminderStates") return [];
  return request.subject === "resident" ? [where("residentId", "==", request.id)] : null;
}

type TRecord = Record<string, unknown> & { id: string };

/** A record a transfer carries, as planned: where it is, its new id's document if it takes one, its commit part. */
interface TCarriedWrite extends TCommitPart {
  collection: TCarriedCollection;
  target: CollectionDef;
  ref: DocumentReference;
  refiled: DocumentReference | null;
}

/**
 * How a transfer writes a carried record: updated at the new home, or removed and created under the
 * new home's id (`carriedId`); a document's file description is updated too. The documents the rules
 * of those writes read are those of its links (all of them: its home changes).
 */
function carriedWrite(
  collection: TCarriedCollection,
  target: CollectionDef,
  ref: DocumentReference,
  record: TRecord,
  to: string,
): TCarriedWrite {
  const id = carriedId(target, record, to);
  const moved = { ...record, id, facilityId: to };
  const refiled = id === record.id ? null : doc(ref.parent, id);
  return {
    collection,
    target,
    ref,
    refiled,
    writes: (refiled ? 2 : 1) + (collection === "documents" ? 1 : 0),
    reads: refiled ? linkReadPaths(target, moved) : linkReadPaths(target, moved, record),
  };
}

/**
 * The fields a schema kept: one it parsed to undefined (an optional e-mail left empty) is absent, as a
 * record read back from its document has it, and as every backend answers it.
 */
function definedOnly(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

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

/** A create or an update the `writeCheckedRecord` Cloud Function makes (a collection with checked fields: checked-fields.ts). */
export type TCheckedWrite =
  | { collection: string; op: "create"; data: unknown; id?: string }
  | { collection: string; op: "update"; id: string; version: number; patch: unknown };

/** Calls `writeCheckedRecord`: the record as stored, or its AppError. */
export type TWriteChecked = (request: TCheckedWrite) => Promise<TRecord>;

export function createFirestoreDataAdapter(
  db: Firestore,
  session: () => TSessionUser | null,
  writeChecked: TWriteChecked,
): DataPort {
  /**
   * The document each record was read from, as stored: a write keeps its times exactly (Firestore holds
   * microseconds, a record milliseconds, and the rules require a kept time to equal the stored one).
   */
  const readFrom = new WeakMap<TRecord, Record<string, unknown>>();

  function recordOf(def: CollectionDef, snap: DocumentSnapshot): TRecord {
    const stored = snap.data() ?? {};
    const record = fromStoredData(def, snap.id, stored);
    readFrom.set(record, stored);
    return record;
  }

  /**
   * The document data of a record written now (`before`: the record as read, absent for a new one):
   * the times this write sets are the server's (`serverTimestamp()`, which the rules pin to
   * `request.time`), the times it keeps are those of the document it was read from, as stored.
   */
  function writeData(def: CollectionDef, record: TRecord, before?: TRecord): Record<string, unknown> {
    const stored = before && readFrom.get(before);
    if (before && !stored) throw new Error(`The ${def.name} record ${before.id} was not read from its document.`);
    const times = Object.entries(writtenTimes(def, record, stored)).map(([field, time]) => [
      field,
      time === SERVER_TIME ? serverTimestamp() : time,
    ]);
    return {
      ...toStoredData(def, record),
      ...Object.fromEntries(times),
      ...(def.name === "users" ? sessionFields(record, stored) : {}),
      _writtenAt: serverTimestamp(),
    };
  }

  /**
   * A user record's session fields (user-sessions.ts) as stored, kept by an edit; a deactivation ends
   * every session now, so they stay ended if the user is reactivated (the rules require it).
   */
  function sessionFields(record: TRecord, stored: Record<string, unknown> | undefined): Record<string, unknown> {
    if (stored?.active === true && record.active === false)
      return { [SESSIONS_FROM_FIELD]: serverTimestamp(), [KEPT_SESSION_FIELD]: null };
    return Object.fromEntries(SESSION_FIELDS.filter((f) => stored?.[f] !== undefined).map((f) => [f, stored![f]]));
  }

  /**
   * The records a page may show: one with a field its schema refuses (`refusedFields`) is left out and
   * reported on the console by collection, id and field names (never their values), so one malformed
   * document never breaks the page that lists it.
   */
  function readable(def: CollectionDef, records: TRecord[]): TRecord[] {
    return records.filter((record) => {
      const refused = refusedFields(def, record);
      if (refused.length > 0)
        console.warn(`Skipped ${def.name}/${record.id}: ${refused.join(", ")} not as the schema says.`);
      return refused.length === 0;
    });
  }

  /** A value a query compares with a stored field (a range end, a cursor): a server time is a timestamp there. */
  function storedValue(def: CollectionDef, field: string, value: unknown): unknown {
    if (!serverTimeFields(def).includes(field) || typeof value !== "string") return value;
    const { seconds, nanoseconds } = timestampParts(value);
    return new Timestamp(seconds, nanoseconds);
  }

  /**
   * The record as written, with the times the server gave it: a browser learns them only by reading
   * the document back (one read). Kept as they were when someone else has written it since.
   */
  async function withServerTimes<T extends TRecord>(def: CollectionDef, ref: DocumentReference, record: T): Promise<T> {
    const stored = recordOf(def, await guard(() => getDocFromServer(ref)));
    if (stored.version !== record.version) return record;
    return {
      ...record,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      archivedAt: stored.archivedAt ?? null,
    };
  }

  /**
   * A record just created with what a Cloud Function set on it since (a payment's balance after it,
   * which `settle` waited for): a create answers the record as stored, as the other backends do.
   */
  async function withBackendFields<T extends TRecord>(
    def: CollectionDef,
    ref: DocumentReference,
    record: T,
  ): Promise<T> {
    if (!def.backendFields) return record;
    const stored = recordOf(def, await guard(() => getDocFromServer(ref))) as Record<string, unknown>;
    return { ...record, ...Object.fromEntries(def.backendFields.map((f) => [f, stored[f]])) };
  }

  /**
   * A list's filters, for a collection read as another's (history: `access.readFollows`) narrowed to
   * the collections the user may read (`readableFollowed`), and for one whose records follow their
   * subject's area (`access.subjectAreas`: documents) to the subjects the user may read
   * (`subjectsAllowed`), which the rules decide on: Firestore takes a query only when its filters prove
   * every match readable. Null when none is left.
   */
  function readableWhere(
    def: CollectionDef,
    user: TSessionUser,
    filters: Record<string, unknown>,
  ): Record<string, unknown> | null {
    const follows = def.access.readFollows;
    const narrowed = follows === undefined ? filters : narrowTo(filters, follows, readableFollowed(user, def));
    const subjects = readableSubjects(user, def);
    if (narrowed === null || subjects === undefined) return narrowed;
    // Always named, every subject for a user who sees them all: the rules decide by the subject, which a
    // query proves only by filtering on it.
    return narrowTo(narrowed, def.access.subjectAreas!.field, subjects);
  }

  /**
   * The subjects a list names (`readableWhere`) are one more `in` of the query: where it would take the
   * query past Firestore's 30 disjunctions (30 people's papers of every subject), they are asked in
   * groups, one query each (a record has one subject: the pages merge and the counts add up). `filters`
   * without the subject's then; no groups when one query takes them.
   */
  function subjectGroupsOf(def: CollectionDef, filters: Record<string, unknown>) {
    const field = def.access.subjectAreas?.field;
    const subjects = field === undefined ? undefined : filters[field];
    if (!Array.isArray(subjects) || disjunctionsOf(def, filters) <= MAX_IN_VALUES) return { filters, groups: [] };
    const rest = Object.fromEntries(Object.entries(filters).filter(([name]) => name !== field));
    const size = Math.max(1, Math.floor(MAX_IN_VALUES / disjunctionsOf(def, rest)));
    const groups = Array.from({ length: Math.ceil(subjects.length / size) }, (_, i) =>
      subjects.slice(i * size, (i + 1) * size),
    );
    return { filters: rest, groups };
  }

  /** The most subjects one query of the groups asks for (1 without groups: the filters hold them). */
  function subjectGroupSize(groups: readonly unknown[][]): number {
    return Math.max(1, ...groups.map((group) => group.length));
  }

  /** The filters with `field` among `allowed` (and among what they asked for); null when none is left. */
  function narrowTo(filters: Record<string, unknown>, field: string, allowed: readonly string[]) {
    const asked = filters[field];
    const wanted =
      asked === undefined ? allowed : (Array.isArray(asked) ? asked : [asked]).filter((v) => allowed.includes(v));
    if (wanted.length === 0) return null;
    return { ...filters, [field]: wanted.length === 1 ? wanted[0] : wanted };
  }

  /**
   * The query constraints of a list (without sort, cursor and limit), or null when nothing can match.
   * The collection's facility filter is folded into the `_facility` filter (the same value), so it
   * needs no index of its own and meets a limited user's restriction as one `in`.
   */
  function listConstraints(def: CollectionDef, user: TSessionUser, query: TListQuery) {
    const q = normalizeListQuery(def, query);
    const constraints: QueryConstraint[] = [];
    /** The stored fields of the equality filters, for ordersInMemory. */
    const fields: string[] = [];
    const readableFilters = readableWhere(def, user, q.where);
    if (readableFilters === null) return null;
    const { filters, groups: subjectGroups } = subjectGroupsOf(def, readableFilters);
    const restriction = facilityRestriction(user, def);
    let facilities: (string | null)[] | null = restriction;
    for (const [field, value] of Object.entries(filters)) {
      if (storedFilterField(def, field) === "_facility") {
        const wanted = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === "string" ? v : null));
        facilities = facilities === null ? wanted : facilities.filter((f) => wanted.includes(f));
        continue;
      }
      // Records by id (ID_FILTER) are asked by document id: no stored field holds it.
      const path = field === ID_FILTER ? documentId() : field;
      constraints.push(Array.isArray(value) ? where(path, "in", value) : where(path, "==", value));
      fields.push(field);
    }
    const everyHome = facilitiesField(def);
    /** The homes' filter, one per query the list needs (none: one query over every home). */
    let homeFilters: QueryConstraint[] = [];
    if (facilities !== null) {
      if (facilities.length === 0) return null;
      if (everyHome && facilities.length > MAX_IN_VALUES)
        throw new AppError("VALIDATION", `Choose at most ${MAX_IN_VALUES} homes at once.`);
      homeFilters = homeGroups(facilities, disjunctionsOf(def, filters) * subjectGroupSize(subjectGroups)).map(
        (homes) =>
          everyHome
            ? // Shown in further homes: any of the record's homes is one of these (one array filter).
              where(everyHome, "array-contains-any", homes)
            : homes.length === 1
              ? where("_facility", "==", homes[0])
              : where("_facility", "in", homes),
      );
      fields.push(everyHome ?? "_facility");
    }
    // A facility-limited administrator's users: those whose facilities are among theirs, asked by the
    // key of each set of their homes (a record has one key: the queries never overlap).
    if (def.access.grantsFacilities && user.facilityIds !== null) {
      if (user.facilityIds.length > MAX_GRANT_HOMES)
        throw new AppError(
          "VALIDATION",
          `On Firebase an administrator limited to more than ${MAX_GRANT_HOMES} facilities cannot list users; give them all facilities.`,
        );
      homeFilters = homeGroups(grantKeysWithin(user.facilityIds), disjunctionsOf(def, q.where)).map((keys) =>
        keys.length === 1 ? where(GRANT_KEY_FIELD, "==", keys[0]) : where(GRANT_KEY_FIELD, "in", keys),
      );
      fields.push(GRANT_KEY_FIELD);
    }
    // Readers who may not write see published records only; the rules allow no other query.
    if (seesPublishedOnly(user, def)) {
      constraints.push(where(def.access.publishedField!, "==", true));
      fields.push(def.access.publishedField!);
    }
    // Only collections that archive have archived records to leave out (the others never set archivedAt).
    if (!q.includeArchived && def.removal === "archive") {
      constraints.push(where("archivedAt", "==", null));
      fields.push("archivedAt");
    }
    // The range is on the field the list is ordered by (normalizeListQuery), so it needs no index of its own.
    if (def.rangeField && q.range?.from)
      constraints.push(where(def.rangeField, ">=", storedValue(def, def.rangeField, q.range.from)));
    if (def.rangeField && q.range?.to)
      constraints.push(where(def.rangeField, "<", storedValue(def, def.rangeField, q.range.to)));
    /** The search text the adapter matches itself, when Firestore's query finds more than it (search-tokens.ts). */
    let searchInMemory: string | null = null;
    if (q.search) {
      const search = searchQuery(q.search);
      // A query takes one array filter: beside the homes' one, the adapter matches the text itself.
      if (!search.exact || fields.includes("_facilities")) searchInMemory = search.text;
      if (search.token !== null && !fields.includes("_facilities")) {
        constraints.push(where("_search", "array-contains", search.token));
        fields.push("_search");
      }
    }
    if (subjectGroups.length > 0) fields.push(def.access.subjectAreas!.field);
    const queries = (
      homeFilters.length === 0 ? [constraints] : homeFilters.map((home) => [...constraints, home])
    ).flatMap((built) =>
      subjectGroups.length === 0
        ? [built]
        : subjectGroups.map((group) => [
            ...built,
            group.length === 1
              ? where(def.access.subjectAreas!.field, "==", group[0])
              : where(def.access.subjectAreas!.field, "in", group),
          ]),
    );
    // A record shown in several homes may match more than one group's query.
    const overlapping = everyHome !== null && queries.length > 1;
    return { q, queries, fields, searchInMemory, overlapping };
  }

  interface TPageQuery {
    /** One query, or one per group of homes (homeGroups), whose pages the adapter merges. */
    built: Query[];
    field: string;
    direction: "asc" | "desc";
    size: number;
    cursor: { sortValue: unknown; id: string } | null;
    /** Ordered and cut by the adapter: a list with no composite index (see ordersInMemory), or several queries. */
    inMemory: boolean;
    /** A search text the adapter matches itself (a long one, or beside another array filter); always inMemory. */
    searchInMemory: string | null;
  }

  function pageQuery(def: CollectionDef, user: TSessionUser, query: TListQuery): TPageQuery | null {
    const listed = listConstraints(def, user, query);
    if (listed === null) return null;
    const { q, queries, fields, searchInMemory } = listed;
    const { field, direction } = q.orderBy;
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    const base = { field, direction, size: q.limit, cursor, searchInMemory };
    const build = (constraints: QueryConstraint[]) => buildQuery(collectionRef(db, def.name), ...constraints);
    if (
      searchInMemory !== null ||
      ordersInMemory(
        def,
        fields.filter((f) => f !== field),
        field,
      )
    )
      return { ...base, built: queries.map(build), inMemory: true };
    const paged: QueryConstraint[] = [orderBy(field, direction), orderBy(documentId(), direction)];
    if (cursor) paged.push(startAfter(storedValue(def, field, cursor.sortValue), cursor.id));
    paged.push(limitTo(q.limit + 1));
    // Several queries each return their own first page: merged in order, the first size + 1 are the page.
    return { ...base, built: queries.map((c) => build([...c, ...paged])), inMemory: queries.length > 1 };
  }

  /** The documents whose searchable fields contain `text` (null: every document). */
  function searchedInMemory(def: CollectionDef, text: string | null, docs: DocumentSnapshot[]): DocumentSnapshot[] {
    if (text === null) return docs;
    return docs.filter((d) =>
      matchesSearch(
        def.searchable.map((f) => d.get(f)),
        text,
      ),
    );
  }

  /** Orders every match by the sort field (as Firestore orders values) then id, and keeps the page after the cursor. */
  function orderInMemory(def: CollectionDef, page: TPageQuery, docs: DocumentSnapshot[]): DocumentSnapshot[] {
    // A time as its exact ISO string, as the cursor holds it.
    const key = (d: DocumentSnapshot) => [exactStoredValue(d.get(page.field)) ?? null, d.id] as const;
    const compare = (a: readonly [unknown, string], b: readonly [unknown, string]) => {
      const order = compareStoredValues(a[0], b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
      return page.direction === "asc" ? order : -order;
    };
    const found = searchedInMemory(def, page.searchInMemory, docs);
    const sorted = [...found].sort((a, b) => compare(key(a), key(b)));
    const after = page.cursor ? ([page.cursor.sortValue ?? null, page.cursor.id] as const) : null;
    return (after ? sorted.filter((d) => compare(key(d), after) > 0) : sorted).slice(0, page.size + 1);
  }

  function toPage(def: CollectionDef, page: TPageQuery, docs: DocumentSnapshot[]): TPage<TRecord> {
    const rows = page.inMemory ? orderInMemory(def, page, docs) : docs;
    const items = rows.slice(0, page.size).map((d) => recordOf(def, d));
    const last = items[items.length - 1];
    if (rows.length <= page.size || !last) return { items, nextCursor: null };
    // A time is paged after exactly as stored (the record has it to the millisecond only).
    const sortValue = serverTimeFields(def).includes(page.field)
      ? exactStoredValue(rows[page.size - 1]!.get(page.field))
      : last[page.field];
    return { items, nextCursor: encodeCursor(sortValue ?? null, last.id) };
  }

  /** The account's recent record views: lists of a viewed record's entries write no row of their own. */
  const recentViews = new RecentRecordViews();

  /** The document of an audit row the user appends (`clientAuditEntry`), at the server's time. */
  function auditRow(ref: DocumentReference, user: TSessionUser, facts: TClientAuditFacts): Record<string, unknown> {
    return writeData(getCollection("auditLog"), clientAuditEntry(ref.id, user, facts));
  }

  /** Appends an audit row as the user, which `firestore.rules` allows for the actions a client alone knows. */
  async function audit(user: TSessionUser, facts: TClientAuditFacts): Promise<void> {
    const ref = doc(collectionRef(db, "auditLog"));
    await setDoc(ref, auditRow(ref, user, facts));
  }

  /**
   * The `view` rows of a list, as on every backend (`@care/core/rules/audit.rules`): a facility-limited
   * user's rows name their facilities, so their homes' administrators can read them.
   */
  async function auditList(
    user: TSessionUser,
    def: CollectionDef,
    query: TListQuery,
    items: TRecord[],
    action: "view" | "export",
  ) {
    const normalized = normalizeListQuery(def, query);
    for (const facilityId of listViewFacilities(def, normalized, items, user))
      await audit(user, {
        action,
        collection: def.name,
        recordId: null,
        facilityId,
        summary: listViewSummary(normalized),
      });
  }

  /**
   * Records by id (`ID_FILTER`) for a facility-limited user, one read each: the rules check a query on
   * document ids document by document and refuse all of it when one lies in another home or is gone,
   * where a get of such a record is simply not found. Null for any other list (one query answers it).
   */
  async function limitedUserByIds(
    def: CollectionDef,
    user: TSessionUser,
    query: TListQuery,
  ): Promise<DocumentSnapshot[] | null> {
    const q = normalizeListQuery(def, query);
    const asked = q.where[ID_FILTER];
    if (asked === undefined || facilityRestriction(user, def) === null) return null;
    const read = async (id: string): Promise<DocumentSnapshot | null> => {
      try {
        const snap = await getDocFromServer(doc(db, def.name, id));
        return snap.exists() ? snap : null;
      } catch (error) {
        const appError = hiddenAsNotFound(error);
        if (appError.code === "NOT_FOUND") return null;
        throw appError;
      }
    };
    const snaps = await Promise.all((Array.isArray(asked) ? asked : [asked]).map((id) => read(String(id))));
    return snaps.filter((snap): snap is DocumentSnapshot => {
      if (!snap) return false;
      const record = recordOf(def, snap);
      if (!canSeeRecord(user, def, record) || (!q.includeArchived && record.archivedAt)) return false;
      return Object.entries(q.where).every(
        ([field, value]) =>
          field === ID_FILTER || (Array.isArray(value) ? value : [value]).includes(record[field] as never),
      );
    });
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
    // The restricted fields the user may read, so an update keeps and answers them (none are asked for otherwise).
    let merged = current;
    for (const part of readableParts(user, def)) {
      const sibling = await tx.get(doc(db, part.collection, current.id));
      merged = mergeRestricted(def, merged, part, sibling.data());
    }
    readFrom.set(merged, snap.data() ?? {});
    return merged;
  }

  /**
   * The records with the restricted fields this user may read, from their sibling documents; a user
   * without the area never asks for them. Read as queries (`_facility == f`, `_id in` at most
   * 30 ids), not one getDoc per record: a query is billed one read per document found (at least one)
   * and its rules run once, where each get is a request of its own whose rules read the caller's user
   * and role documents again (three billed reads per record instead of one). The facility filter lets
   * the rules accept the query from a facility-limited user (rules are not filters: a query must show
   * it asks only for the user's homes), and a record without a sibling document is simply not found.
   */
  async function withRestricted(def: CollectionDef, user: TSessionUser, records: TRecord[]): Promise<TRecord[]> {
    const parts = readableParts(user, def);
    if (parts.length === 0 || records.length === 0) return records;
    const found = new Map<string, Record<string, unknown>>();
    const reads = parts.flatMap((part) =>
      restrictedBatches(def, records).map(async ({ facility, ids }) => {
        const constraints = [
          ...(facility === undefined ? [] : [where("_facility", "==", facility)]),
          // The record's id as a field, not documentId(): rules check an `in` on document ids as one get
          // per id, and a missing sibling (a resident without a rate) has no facility to check.
          where("_id", "in", ids),
        ];
        const snap = await guard(() =>
          getDocsFromServer(buildQuery(collectionRef(db, part.collection), ...constraints)),
        );
        for (const sibling of snap.docs)
          if (ids.includes(sibling.id)) found.set(`${part.collection}/${sibling.id}`, sibling.data());
      }),
    );
    await Promise.all(reads);
    return records.map((record) =>
      parts.reduce(
        (merged, part) => mergeRestricted(def, merged, part, found.get(`${part.collection}/${record.id}`)),
        record,
      ),
    );
  }

  /**
   * Writes a record's document and, in the same transaction, the sibling documents of its restricted
   * fields that this write changes (`restrictedWrites`; `before` is the record as read, absent for a new one),
   * and marks each file it names anew in use (the rules require the mark, which keeps the file for good).
   */
  function setRecord(
    tx: Transaction,
    def: CollectionDef,
    user: TSessionUser,
    ref: DocumentReference,
    record: TRecord,
    before?: TRecord,
  ): void {
    tx.set(ref, writeData(def, record, before));
    for (const fileId of filesNamedAnew(def, record, before))
      tx.update(doc(db, FILES_COLLECTION, fileId), { [FILE_IN_USE_FIELD]: true, ...fileSubjectOf(def, record) });
    for (const { collection, data, merge } of restrictedWrites(def, writableAreas(user, def), record, before)) {
      const sibling = doc(db, collection, ref.id);
      const stored = { ...data, _writtenAt: serverTimestamp() };
      if (merge) tx.set(sibling, stored, { merge: true });
      else tx.set(sibling, stored);
    }
  }

  /** Deletes a record's document with its sibling documents (a deleted record keeps nothing behind). */
  function deleteRecord(tx: Transaction, def: CollectionDef, ref: DocumentReference): void {
    tx.delete(ref);
    for (const part of restrictedParts(def)) tx.delete(doc(db, part.collection, ref.id));
  }

  /**
   * The record's declared links hold (`checkLinks`), as `firestore.rules` checks them again: what it
   * names is read in the transaction (a record out of the user's reach does not exist for them), or
   * taken from `written`, what this commit wrote before (null: deleted).
   */
  async function assertLinks(
    tx: Transaction,
    user: TSessionUser,
    def: CollectionDef,
    record: TRecord,
    before: TRecord | undefined,
    written: ReadonlyMap<string, TRecord | null>,
  ): Promise<void> {
    const found = new Map<string, Record<string, unknown> | null>();
    for (const { target, id } of linksToCheck(def, record, before)) {
      const key = `${target.collection}/${id}`;
      if (!found.has(key))
        found.set(key, written.has(key) ? written.get(key)! : await readLinked(tx, user, target.collection, id));
    }
    const error = checkLinks(def, record, (collection, id) => found.get(`${collection}/${id}`) ?? null, before);
    if (error) throw error;
    // A user's staff record works at a facility the user may see (staffLinkError), as on every backend.
    if (def.name === "users" && typeof record.staffId === "string") {
      const key = `staff/${record.staffId}`;
      const staff = found.has(key) ? found.get(key) : await readLinked(tx, user, "staff", record.staffId);
      const refused = staffLinkError(record, staff ?? undefined);
      if (refused) throw refused;
    }
  }

  /** A record (or file description) a link names, if it exists and the user may see it; else null. */
  async function readLinked(
    tx: Transaction,
    user: TSessionUser,
    collection: string,
    id: string,
  ): Promise<Record<string, unknown> | null> {
    const isFile = collection === FILES_TARGET;
    let snap: DocumentSnapshot;
    try {
      snap = await tx.get(doc(db, isFile ? FILES_COLLECTION : collection, id));
    } catch (error) {
      if (toAppError(error).code === "FORBIDDEN") return null;
      throw error;
    }
    if (!snap.exists()) return null;
    if (isFile) {
      const file: Record<string, unknown> = { ...snap.data(), id: snap.id };
      return canSeeFacility(user, typeof file.facilityId === "string" ? file.facilityId : null) ? file : null;
    }
    const target = definition(collection);
    const linked = recordOf(target, snap);
    return canSeeRecord(user, target, linked) ? linked : null;
  }

  function newRecord(def: CollectionDef, user: TSessionUser, id: string, fields: Record<string, unknown>): TRecord {
    const now = new Date().toISOString();
    return { ...definedOnly(fields), id, ...newRecordMeta(user.id, now) };
  }

  function prepareCreate(
    def: CollectionDef,
    user: TSessionUser,
    data: unknown,
    id: string | undefined,
  ): { ref: DocumentReference; record: TRecord; clientId: boolean } {
    // Accounts come with their record from the callable `createUser` (the Admin SDK, beyond the rules).
    if (def.access.create === "auth-port")
      throw new AppError("FORBIDDEN", "Accounts are created with the create-user action, not as records.");
    if (data && typeof data === "object") assertCanWriteFields(user, def, data as Record<string, unknown>);
    const fields = stampCaller(def, validateCreate(def, data), user);
    assertActionsHeld(user, def, { kind: "create", after: fields });
    const clientId = validateClientId(def, id, fields);
    const ref = clientId ? doc(db, def.name, clientId) : doc(collectionRef(db, def.name));
    const record = newRecord(def, user, ref.id, fields);
    assertCanWriteRecord(user, def, record);
    const administrator =
      def.name === "roles"
        ? (administratorRoleRefusal(ref.id, fields) ?? roleGrantError(user, ref.id, undefined, fields))
        : null;
    if (administrator) throw administrator;
    const reminderState = def.name === "reminderStates" ? reminderStateRefusal(user, fields) : null;
    if (reminderState) throw reminderState;
    // A new referral has no contact log yet: "Toured" needs the tour's date and time.
    const untoured = def.name === "referrals" ? tourRecordError(record as never, undefined, false) : null;
    if (untoured) throw untoured;
    return { ref, record, clientId: clientId !== undefined };
  }

  function applyUpdate(
    def: CollectionDef,
    user: TSessionUser,
    current: TRecord,
    patch: unknown,
    version: number,
  ): TRecord {
    if (current.version !== version) throw stale(def, current);
    if (patch && typeof patch === "object") assertCanWriteFields(user, def, patch as Record<string, unknown>);
    const fields = stampCaller(def, validateUpdate(def, current, patch), user, current);
    assertActionsHeld(user, def, { kind: "update", before: current, after: fields });
    const moving = facilityChangeRefusal(def.name, fields, current);
    if (moving) throw moving;
    assertCanWriteRecord(user, def, current);
    // The rules refuse these too (as permission-denied); said here first with the field, as every backend says it.
    const ownAccess = def.name === "users" ? userUpdateError(user, current.id, fields, current) : null;
    if (ownAccess) throw ownAccess;
    const administrator =
      def.name === "roles"
        ? (administratorRoleRefusal(current.id, fields) ?? roleGrantError(user, current.id, current, fields))
        : null;
    if (administrator) throw administrator;
    const reminderState = def.name === "reminderStates" ? reminderStateRefusal(user, fields) : null;
    if (reminderState) throw reminderState;
    const next: TRecord = {
      ...definedOnly(fields),
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
    if (def.removal === "none")
      throw new AppError("FORBIDDEN", def.removalRefusal ?? `${def.label} records cannot be removed.`);
    return def.removal;
  }

  /** The collection of each stale-version CONFLICT thrown here, to name who saved the newer version. */
  const staleIn = new WeakMap<AppError, CollectionDef>();

  /** A CONFLICT carrying the record as it is now; `inTransaction` adds who saved it. */
  function stale(def: CollectionDef, current: TRecord): AppError {
    const error = staleVersionError(def, current);
    staleIn.set(error, def);
    return error;
  }

  /**
   * The refusals of a deletion every backend makes: the Administrator role stays, and a record another
   * names by a declared link (a role given to a user) stays while it is named. The second is a query
   * before the transaction (a web SDK transaction reads no queries) and the rules cannot make it: a
   * deletion that bypasses the adapter leaves that role's users with no access, never more.
   */
  async function assertDeletable(def: CollectionDef, id: string): Promise<void> {
    if (def.name === "roles" && id === ADMINISTRATOR_ROLE_ID)
      throw new AppError("VALIDATION", "The Administrator role cannot be removed.", { fields: { id: "Always kept" } });
    for (const field of linkFieldsInto(def.name)) {
      const naming = buildQuery(collectionRef(db, field.collection), where(field.field, "==", id), limitTo(1));
      if (!(await guard(() => getDocsFromServer(naming))).empty) throw recordInUseError(def, field);
    }
  }

  async function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await runTransaction(db, work);
    } catch (error) {
      const appError = toAppError(error);
      const def = staleIn.get(appError);
      if (!def) throw appError;
      const current = appError.current as TRecord;
      throw staleVersionError(def, current, await savedByName(db, def, current));
    }
  }

  /**
   * Waits for what the Cloud Functions derive from these writes that a page shows next (the history
   * rows of their versions, the rent accounts they change): see derived-records.ts.
   */
  async function settle(writes: readonly TWrittenRecord[]): Promise<void> {
    const user = session();
    const mayReadRent = user !== null && canReadCollection(user, definition("rentAccounts"));
    const waits = derivedWaits(writes, mayReadRent);
    if (waits.length > 0) await awaitDerived(db, waits);
  }

  const port: DataPort = {
    async list(name, query = {}) {
      const def = definition(name);
      const user = assertCanRead(session(), def);
      const page = pageQuery(def, user, query);
      if (page === null) return { items: [], nextCursor: null };
      const byId = await limitedUserByIds(def, user, query);
      const snaps = byId ? [] : await guard(() => Promise.all(page.built.map((built) => getDocsFromServer(built))));
      const docs = new Map(snaps.flatMap((snap) => snap.docs.map((d) => [d.id, d] as const)));
      const found = toPage(def, page, byId ?? [...docs.values()]);
      // The cursor is the last document read, shown or not: the next page starts after a skipped one too.
      const result = { ...found, items: readable(def, await withRestricted(def, user, found.items)) };
      const action = listAuditAction(def, query);
      const covered = action === "view" && recentViews.covers(user.id, listedEntriesOf(def, query));
      if (action && !covered) await guard(() => auditList(user, def, query, result.items, action));
      if (query.purpose === "names")
        return { ...result, items: result.items.map(nameOnly) } as TPage<TRecordOf<typeof name>>;
      return result as TPage<TRecordOf<typeof name>>;
    },

    async count(name, query = {}) {
      const def = definition(name);
      const user = assertCanRead(session(), def);
      const listed = listConstraints(def, user, query);
      if (listed === null) return 0;
      const queries = listed.queries.map((constraints) => buildQuery(collectionRef(db, def.name), ...constraints));
      if (listed.overlapping || listed.searchInMemory !== null) {
        // Counted by id (a record of several homes may be found by more than one query), of those
        // whose fields hold the search text where Firestore's query finds more.
        const snaps = await guard(() => Promise.all(queries.map((built) => getDocsFromServer(built))));
        const docs = snaps.flatMap((snap) => snap.docs);
        return new Set(searchedInMemory(def, listed.searchInMemory, docs).map((d) => d.id)).size;
      }
      const snaps = await guard(() => Promise.all(queries.map((built) => getCountFromServer(built))));
      return snaps.reduce((sum, snap) => sum + snap.data().count, 0);
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
      const stored = recordOf(def, snap);
      if (!canSeeRecord(user, def, stored)) throw notFound(def);
      const [record] = readable(def, await withRestricted(def, user, [stored]));
      if (!record)
        throw new AppError("NOT_FOUND", `That ${def.label.toLowerCase()} is stored in a form the portal cannot show.`);
      if (def.auditViews)
        await guard(() =>
          audit(user, {
            action: "view",
            collection: def.name,
            recordId: stored.id,
            facilityId: facilityOf(def, stored),
            summary: null,
          }),
        );
      if (def.auditViews) recentViews.viewed(user.id, { collection: def.name, recordId: stored.id });
      return record as TRecordOf<typeof name>;
    },

    async create(name, data, options = {}) {
      const def = definition(name);
      const user = assertCanWrite(session(), def);
      const { ref, record, clientId } = prepareCreate(def, user, data, options.id);
      // Checked in the function, in its transaction, and written there (what prepareCreate refuses never calls it).
      if (checkedFieldsOf(def)) {
        const request = { collection: def.name, op: "create", data, ...(clientId ? { id: ref.id } : {}) } as const;
        return (await writeChecked(request)) as TRecordOf<typeof name>;
      }
      if (def.name === "residents") await assertResidentFits(db, user, record);
      if (def.name === "staff") await assertOtherHomes(db, user, record);
      if (def.name === "residentEvents") await assertEventWrite(db, user, record);
      // A record with restricted fields may write sibling documents too: those go in a transaction.
      if (!clientId && !def.restrictedFields && linksToCheck(def, record).length === 0) {
        await guard(() => setDoc(ref, writeData(def, record)));
        const created = await withServerTimes(def, ref, record);
        await settle([{ def, id: ref.id, after: created }]);
        return (await withBackendFields(def, ref, created)) as TRecordOf<typeof name>;
      }
      await inTransaction(async (tx) => {
        const existing = clientId
          ? await tx.get(ref).catch((error: unknown) => {
              // A limited user may not read another facility's record: the id is taken all the same.
              if (toAppError(error).code === "FORBIDDEN") return null;
              throw error;
            })
          : undefined;
        // Links first, as every backend checks them: a record naming what the user cannot see is
        // refused for that, whether or not its id is taken in a home they cannot see.
        await assertLinks(tx, user, def, record, undefined, new Map());
        // Readable (the rules let the user see it): CONFLICT; refused: another home's, never confirmed.
        if (existing === null || existing?.exists()) throw takenIdError(def, ref.id, existing !== null);
        setRecord(tx, def, user, ref, record);
      });
      const created = await withServerTimes(def, ref, record);
      await settle([{ def, id: ref.id, after: created }]);
      return (await withBackendFields(def, ref, created)) as TRecordOf<typeof name>;
    },

    async update(name, id, patch, version) {
      const def = definition(name);
      const user = assertCanWrite(session(), def);
      if (checkedFieldsOf(def)) {
        if (patch && typeof patch === "object") assertCanWriteFields(user, def, patch as Record<string, unknown>);
        return (await writeChecked({ collection: def.name, op: "update", id, version, patch })) as TRecordOf<
          typeof name
        >;
      }
      const ref = doc(db, def.name, id);
      const { current, next } = await inTransaction(async (tx) => {
        const read = await readForWrite(tx, def, user, ref);
        const updated = applyUpdate(def, user, read, patch, version);
        if (def.name === "residents") await assertResidentFits(db, user, updated, read);
        if (def.name === "staff") await assertOtherHomes(db, user, updated, read);
        if (def.name === "residentEvents") await assertEventWrite(db, user, updated, read);
        if (def.name === "referrals") await assertTourRecorded(db, updated, read);
        await assertLinks(tx, user, def, updated, read, new Map());
        setRecord(tx, def, user, ref, updated, read);
        return { current: read, next: updated };
      });
      const updated = await withServerTimes(def, ref, next);
      await settle([{ def, id, before: current, after: updated }]);
      return updated as TRecordOf<typeof name>;
    },

    async remove(name, id, version) {
      const def = definition(name);
      const user = assertCanWrite(session(), def);
      const mode = removable(def);
      if (mode === "delete") await assertDeletable(def, id);
      const ref = doc(db, def.name, id);
      const written = await inTransaction(async (tx): Promise<TWrittenRecord> => {
        const current = await readForWrite(tx, def, user, ref);
        if (current.version !== version) throw stale(def, current);
        assertCanWriteRecord(user, def, current);
        assertActionsHeld(user, def, { kind: "remove", before: current });
        if (mode === "delete") {
          deleteRecord(tx, def, ref);
          return { def, id, before: current, after: null };
        }
        // An archived record keeps its restricted fields, as on every backend: its sibling documents stay.
        const now = new Date().toISOString();
        const archived = { ...current, version: version + 1, updatedAt: now, updatedBy: user.id, archivedAt: now };
        setRecord(tx, def, user, ref, archived, current);
        return { def, id, before: current, after: archived };
      });
      await settle([written]);
    },

    /**
     * Queries first (a web SDK transaction reads documents, not queries), then transactions that read
     * each person, home and carried record again and write them: the first the person, their events,
     * the audit row and as many carried records as its rules' document reads allow, each further one the
     * next carried records within the same limit (`commitsWithinReads`).
     */
    async transfer(input) {
      const request = parseTransferRequest(input);
      const def = definition(TRANSFER_COLLECTION[request.subject]);
      const user = assertCanWrite(session(), def);
      const always = carriedRefusal(user, movedAlways(request.subject));
      if (always) throw always;
      const personRef = doc(db, def.name, request.id);
      const person = await guard(() => getDocFromServer(personRef)).catch((error: unknown) => {
        throw hiddenAsNotFound(error);
      });
      if (!person.exists() || !canSeeRecord(user, def, recordOf(def, person))) throw notFound(def);
      const queried = recordOf(def, person);
      const from = String(queried.facilityId);
      const to = request.toFacilityId;
      // Refused before the queries of the old home's records (which the rules would refuse less clearly).
      const foreign = originRefusal(user, from);
      if (foreign) throw foreign;
      assertActionsHeld(user, def, { kind: "transfer" });
      // What goes along, in the order it is written: a document after the version it replaced, a
      // reminder state after the document it names (the rules check those links at the new home).
      const planned: TCarriedWrite[] = [];
      const documentIds = new Set<string>();
      for (const collection of CARRIED_COLLECTIONS) {
        const filters = carriedFilters(collection, request);
        if (!filters) continue;
        const snap = await guard(() =>
          getDocsFromServer(buildQuery(collectionRef(db, collection), where("_facility", "==", from), ...filters)),
        );
        const target = definition(collection);
        for (const record of linkedFirst(
          target,
          snap.docs.map((found) => recordOf(target, found)),
        )) {
          if (!isCarried(collection, record, request.subject, request.id, documentIds)) continue;
          if (collection === "documents") documentIds.add(record.id);
          planned.push(carriedWrite(collection, target, doc(db, collection, record.id), record, to));
        }
      }
      const carriedForbidden = carriedRefusal(
        user,
        planned.map((write) => write.collection),
      );
      if (carriedForbidden) throw carriedForbidden;
      const shiftsLeft =
        request.subject === "staff" ? await shiftsLeftBehind(db, movedPerson(queried, request) as TRecord, from) : [];
      const events = definition("residentEvents");
      const eventReads =
        request.subject === "resident"
          ? transferEvents(request.id, from, request).flatMap((event) => linkReadPaths(events, event))
          : [];
      const commits = commitsWithinReads(
        planned,
        { writes: 0, reads: roleReadPaths(user) },
        {
          // The person (and the sibling documents of their restricted fields), two events, the audit row.
          writes: 1 + restrictedParts(def).length + 2 + 1,
          reads: [personRef.path, ...linkReadPaths(def, { ...queried, facilityId: to }, queried), ...eventReads],
        },
      );
      /**
       * Writes the carried records of one commit, read again in `tx` (all reads before the writes): those
       * still at the old home; a document's file description follows it. How many per collection.
       */
      async function carry(tx: Transaction, indexes: readonly number[]): Promise<TTransferResult["carried"]> {
        const counts: TTransferResult["carried"] = {};
        const read = await Promise.all(
          indexes.map(async (i) => {
            const write = planned[i]!;
            const snap = await tx.get(write.ref);
            if (!snap.exists()) return null;
            const record = recordOf(write.target, snap);
            if (
              record.facilityId !== from ||
              !isCarried(write.collection, record, request.subject, request.id, documentIds) ||
              (write.refiled && (await tx.get(write.refiled)).exists())
            )
              return null;
            const file =
              write.collection === "documents" ? await tx.get(doc(db, FILES_COLLECTION, String(record.fileId))) : null;
            return { ...write, record, file };
          }),
        );
        const now = new Date().toISOString();
        for (const write of read) {
          if (!write) continue;
          const { collection, target, ref, refiled, record, file } = write;
          if (refiled) {
            tx.delete(ref);
            tx.set(refiled, writeData(target, newRecord(target, user, refiled.id, { ...record, facilityId: to })));
          } else {
            const moved = { ...record, facilityId: to, version: Number(record.version) + 1, updatedAt: now };
            tx.set(ref, writeData(target, { ...moved, updatedBy: user.id }, record));
          }
          if (file?.exists()) tx.update(file.ref, fileMoveTo(file.data(), to, fileSubjectOf(target, record)));
          counts[collection] = (counts[collection] ?? 0) + 1;
        }
        return counts;
      }
      const plannedCounts: TTransferResult["carried"] = {};
      for (const { collection } of planned) plannedCounts[collection] = (plannedCounts[collection] ?? 0) + 1;
      const result = await inTransaction(async (tx) => {
        const current = await readForWrite(tx, def, user, personRef);
        if (current.version !== request.version) throw stale(def, current);
        const [origin, destination] = await Promise.all([
          tx.get(doc(db, "facilities", String(current.facilityId))),
          tx.get(doc(db, "facilities", to)).catch(() => null),
        ]);
        const home = destination?.exists() ? recordOf(definition("facilities"), destination) : null;
        const refusal = transferRefusal(
          user,
          transferPersonOf(current),
          request,
          home && {
            name: String(home.name),
            archivedAt: home.archivedAt as string | null,
            timeZone: home.timeZone as string | undefined,
          },
        );
        if (refusal) throw refusal;
        // A resident moving takes a bed at the new home, as an admission does: refused when it is full
        // (an exception approved for the old home stays behind).
        if (request.subject === "resident")
          await assertResidentFits(db, user, movedPerson(current, request), beforeMove(current)).catch(
            (error: unknown) => Promise.reject(asTransferError(error)),
          );
        const deleteShifts = await deleteShiftsIn(tx, shiftsLeft);
        const carried = await carry(tx, commits[0]!);
        const shiftsRemoved = deleteShifts();
        const moved: TRecord = {
          ...movedPerson(current, request),
          version: Number(current.version) + 1,
          updatedAt: new Date().toISOString(),
          updatedBy: user.id,
        };
        if (request.subject === "resident") {
          for (const event of transferEvents(request.id, from, request)) {
            const ref = doc(collectionRef(db, "residentEvents"));
            tx.set(ref, writeData(events, newRecord(events, user, ref.id, event)));
          }
        }
        const originName = String(origin.get("name") ?? from);
        const auditRef = doc(collectionRef(db, "auditLog"));
        tx.set(
          auditRef,
          auditRow(auditRef, user, {
            action: "transfer",
            collection: def.name,
            recordId: request.id,
            facilityId: to,
            summary:
              transferSummary(originName, String(home!.name), request, plannedCounts) +
              shiftsLeftSummary(shiftsRemoved),
          }),
        );
        setRecord(tx, def, user, personRef, moved, current);
        return { record: moved, carried, originName, homeName: String(home!.name) };
      });
      const { carried } = result;
      for (const [n, indexes] of commits.slice(1).entries()) {
        try {
          const counts = await inTransaction((tx) => carry(tx, indexes));
          for (const [collection, count] of Object.entries(counts) as [TCarriedCollection, number][])
            carried[collection] = (carried[collection] ?? 0) + count;
        } catch (error) {
          const left = commits.slice(n + 1).reduce((count, commit) => count + commit.length, 0);
          const appError = toAppError(error);
          throw new AppError(
            appError.code,
            `Moved to ${result.homeName}, but ${left} of the records that go along are still at ${result.originName}: ${appError.message}`,
            { cause: error },
          );
        }
      }
      const record = await withServerTimes(def, personRef, result.record);
      const answer = { fromFacilityId: from, toFacilityId: to, record: record as TTransferResult["record"], carried };
      return transferAnswer(user, def, answer);
    },

    async commit(ops: TWriteOp[]) {
      if (ops.length === 0) return;
      if (ops.length > 500)
        throw new AppError("VALIDATION", "A commit may hold at most 500 writes.", {
          fields: { ops: "At most 500 writes" },
        });
      const user = session();
      // A write checked against other records is the function's own transaction: alone it is that call;
      // beside other writes it could not be all-or-nothing with them, so such a commit is refused.
      const checked = ops.find((op) => op.op !== "remove" && checkedFieldsOf(definition(op.collection)));
      if (checked && ops.length === 1) {
        if (checked.op === "create") await port.create(checked.collection, checked.data, { id: checked.id });
        else if (checked.op === "update")
          await port.update(checked.collection, checked.id, checked.patch, checked.version);
        return;
      }
      if (checked) {
        const label = definition(checked.collection).label.toLowerCase();
        throw new AppError(
          "VALIDATION",
          `On Firebase a ${label} is written on its own, not in a commit with other writes.`,
          {
            fields: { ops: `A ${label} on its own` },
          },
        );
      }
      // Checks that need no read come first, so a refused op never starts a transaction.
      const planned = ops.map((op) => {
        const def = definition(op.collection);
        const writer = assertCanWrite(user, def);
        if (op.op === "create") return { op, def, ...prepareCreate(def, writer, op.data, op.id) };
        if (op.op === "remove") removable(def);
        return { op, def, ref: doc(db, def.name, op.id), record: null, clientId: true };
      });
      for (const { op, def } of planned)
        if (op.op === "remove" && def.removal === "delete") await assertDeletable(def, op.id);
      const settled = await inTransaction(async (tx) => {
        const writer = user as TSessionUser;
        // Firestore transactions read everything before they write.
        const reads = await Promise.all(
          planned.map(async (p) => {
            if (p.op.op === "create")
              // Taken: "seen" when the user may read the record, "hidden" when the rules refuse it.
              return p.clientId
                ? tx.get(p.ref).then(
                    (s) => (s.exists() ? "seen" : false),
                    (e: unknown) => (toAppError(e).code === "FORBIDDEN" ? "hidden" : Promise.reject(e)),
                  )
                : false;
            return readForWrite(tx, p.def, writer, p.ref);
          }),
        );
        // Then what each op writes (null: deleted), its links checked against what the commit wrote before it.
        const written = new Map<string, TRecord | null>();
        const writes: {
          ref: DocumentReference;
          def: CollectionDef;
          record: TRecord | null;
          before: TRecord | undefined;
        }[] = [];
        for (const [i, p] of planned.entries()) {
          const { op, def, ref } = p;
          const key = `${def.name}/${ref.id}`;
          // A record this commit already wrote is taken as written (a second update of version 1 is stale).
          const earlier = writes.find((w) => w.ref.path === ref.path);
          let read = reads[i];
          if (earlier) {
            if (op.op === "create") read = earlier.record !== null ? "seen" : read;
            else if (earlier.record === null) throw notFound(def);
            else read = earlier.record;
          }
          let record: TRecord | null;
          if (op.op === "create") {
            record = p.record as TRecord;
            await assertLinks(tx, writer, def, record, undefined, written);
            if (def.name === "residentEvents") await assertEventWrite(db, writer, record);
            if (read === "seen" || read === "hidden") throw takenIdError(def, ref.id, read === "seen");
          } else if (op.op === "update") {
            record = applyUpdate(def, writer, read as TRecord, op.patch, op.version);
            if (def.name === "referrals")
              await assertTourRecorded(db, record, read as TRecord, tourLoggedIn(ops, ref.id));
            if (def.name === "residentEvents") await assertEventWrite(db, writer, record, read as TRecord);
            await assertLinks(tx, writer, def, record, read as TRecord, written);
          } else {
            const current = read as TRecord;
            if (current.version !== op.version) throw stale(def, current);
            assertCanWriteRecord(writer, def, current);
            assertActionsHeld(writer, def, { kind: "remove", before: current });
            const now = new Date().toISOString();
            record =
              removable(def) === "delete"
                ? null
                : { ...current, version: op.version + 1, updatedAt: now, updatedBy: writer.id, archivedAt: now };
          }
          written.set(key, record);
          // The document is written once, as the last op left it, over what it was before the commit.
          if (earlier) earlier.record = record;
          else writes.push({ ref, def, record, before: op.op === "create" ? undefined : (read as TRecord) });
        }
        // The emulator does not count the documents a commit's rules read; production refuses over 20.
        const overReads = commitReadsError(
          commitReadPaths(
            roleReadPaths(writer),
            writes.map(({ ref, def, record, before }) => ({ def, id: ref.id, record, before })),
          ),
        );
        if (overReads) throw overReads;
        for (const { ref, def, record, before } of writes) {
          if (record === null) deleteRecord(tx, def, ref);
          else setRecord(tx, def, writer, ref, record, before);
        }
        return writes.map(({ ref, def, record, before }) => ({ def, id: ref.id, before, after: record }));
      });
      await settle(settled);
    },
  };
  return port;
}
