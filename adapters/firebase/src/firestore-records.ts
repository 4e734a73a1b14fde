/**
 * How a record is laid out in a Firestore document, shared by the data adapter, the file adapter and
 * the rules generator: the collection's fields, the metadata (its times stored as the server's
 * timestamps, read as ISO strings as on every backend) and
 * private fields the client never sees — `_facility` (the facility the record belongs to, what
 * the security rules and facility-limited lists check), `_facilities` (for a collection shown in further
 * homes, `scope.alsoIn`: its own facility and those, which lists and rules check instead), `_search`
 * (search tokens), `_writtenAt`
 * (the server's time of the last write, which the rules pin to `request.time`), a user's `_grantKey`
 * (their facilities as one key, for a limited administrator's list) and a user's session fields
 * (user-sessions.ts). A collection's
 * restricted fields are not in its documents: they live in sibling documents (restricted-fields.ts).
 */
import type { CollectionDef } from "@care/core/collection";
import { META_FIELDS } from "@care/core/common.schema";
import { ID_FILTER, MAX_IN_VALUES, META_SORT_FIELDS } from "@care/core/list-query";
import { facilitiesOfRecord, facilityOfRecord } from "@care/core/rules/access.rules";
import { fileLinkFields } from "@care/core/rules/links.rules";
import { isPackedList, packList, unpackList } from "./packed-lists.ts";
import { isRestrictedField } from "./restricted-fields.ts";
import { searchTokens } from "./search-tokens.ts";
import { storedField } from "./stored-field.ts";
import { SESSION_FIELDS } from "./user-sessions.ts";

/**
 * A user record's facilities as one key, stored as `_grantKey`: their ids sorted and joined by commas,
 * null for every home (or a list of another shape: no limited administrator lists it). A query cannot
 * ask "facilities among mine", so a facility-limited administrator's list of users asks for the key of
 * every set of their homes (`grantKeysWithin`), which the rules prove within their reach from the
 * query's own filter.
 */
export const GRANT_KEY_FIELD = "_grantKey";

/**
 * The id of the audit row a Cloud Function wrote with the document in the same commit, naming the user
 * who called it (`writeCheckedRecord`): the `auditChanges` trigger, which would see only the Admin SDK,
 * leaves that write to it. The rules let no browser write it, so a client's next write drops it.
 */
export const AUDITED_FIELD = "_audited";

export const PRIVATE_FIELDS = [
  "_facility",
  "_facilities",
  "_search",
  "_writtenAt",
  GRANT_KEY_FIELD,
  AUDITED_FIELD,
  ...SESSION_FIELDS,
] as const;

/** The `_grantKey` of a user record's facilities. */
export function grantKeyOf(facilityIds: unknown): string | null {
  if (!Array.isArray(facilityIds)) return null;
  return [...new Set(facilityIds.map(String))].sort().join(",");
}

/** The most homes a facility-limited administrator may have for their list of users: 255 keys, 9 queries. */
export const MAX_GRANT_HOMES = 8;

/** The `_grantKey` of every non-empty set of these homes: the users a limited administrator may see. */
export function grantKeysWithin(facilityIds: readonly string[]): string[] {
  const homes = [...new Set(facilityIds)].sort();
  const keys: string[] = [];
  for (let mask = 1; mask < 2 ** homes.length; mask += 1) keys.push(homes.filter((_, i) => mask & (2 ** i)).join(","));
  return keys;
}

/** The field listing every home of a record shown in further homes (`scope.alsoIn`), or null. */
export function facilitiesField(def: CollectionDef): "_facilities" | null {
  return def.scope.kind === "facility" && def.scope.alsoIn ? "_facilities" : null;
}

/** Meta fields stored in the document (the id is the document id). */
export const STORED_META_FIELDS = META_FIELDS.filter((f) => f !== "id");

/**
 * The meta times, stored as Firestore timestamps set by the server (`serverTimestamp()`), which the
 * rules require to equal `request.time`: a browser cannot back-date or post-date a record. Records
 * carry them as ISO strings with milliseconds, as on every backend; Firestore keeps microseconds, so a
 * time the adapter sends back (a kept `createdAt`, a page cursor) is taken from the document itself.
 */
export const SERVER_TIME_FIELDS = ["createdAt", "updatedAt", "archivedAt"] as const;

/** The collection whose rows say when they happened (`at`): the server's time of the row's write too. */
export const AUDIT_COLLECTION = "auditLog";

/** The fields of a collection's documents stored as server timestamps: the meta times, and an audit row's `at`. */
export function serverTimeFields(def: CollectionDef): readonly string[] {
  return def.name === AUDIT_COLLECTION ? [...SERVER_TIME_FIELDS, "at"] : SERVER_TIME_FIELDS;
}

/** Stands for "the server's time of this write" in `writtenTimes`; the adapter writes `serverTimestamp()` there. */
export const SERVER_TIME = Symbol("server time");

/**
 * What a write stores in each of the collection's server times (`serverTimeFields`): the server's time
 * for the times it sets (every write's `updatedAt`, a create's `createdAt` and audit `at`, an archive's
 * `archivedAt`); for those it keeps, the value of the document as read (`stored`, absent for a new
 * record) exactly as it is, since the rules require a kept time to equal the stored one.
 */
export function writtenTimes(
  def: CollectionDef,
  record: Record<string, unknown>,
  stored?: Record<string, unknown>,
): Record<string, unknown> {
  const kept = (field: string) => stored?.[field] ?? null;
  return {
    createdAt: stored ? kept("createdAt") : SERVER_TIME,
    updatedAt: SERVER_TIME,
    archivedAt: record.archivedAt == null ? null : (stored?.archivedAt ?? SERVER_TIME),
    ...(def.name === AUDIT_COLLECTION ? { at: stored ? kept("at") : SERVER_TIME } : {}),
  };
}

/** A Firestore timestamp of either SDK (web or Admin), as stored. */
interface TTimestampLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  toMillis(): number;
}

function isTimestamp(value: unknown): value is TTimestampLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TTimestampLike).seconds === "number" &&
    typeof (value as TTimestampLike).nanoseconds === "number" &&
    typeof (value as TTimestampLike).toMillis === "function"
  );
}

/** A stored timestamp as an ISO string with microseconds (`2026-11-27T14:05:09.123456Z`), the stored instant exactly. */
export function isoOfTimestamp(value: { seconds: number; nanoseconds: number }): string {
  const whole = new Date(value.seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(Math.floor(value.nanoseconds / 1000)).padStart(6, "0")}Z`;
}

/** The seconds and nanoseconds of an ISO timestamp (any number of fraction digits), to build a Firestore timestamp. */
export function timestampParts(iso: string): { seconds: number; nanoseconds: number } {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/.exec(iso);
  if (!match) throw new Error(`Not an ISO timestamp: ${iso}`);
  return { seconds: Date.parse(`${match[1]}Z`) / 1000, nanoseconds: Number((match[2] ?? "").padEnd(9, "0")) };
}

/** A stored value as the record holds it: a timestamp becomes its ISO string with milliseconds, anything else stays. */
export function plainStoredValue(value: unknown): unknown {
  return isTimestamp(value)
    ? new Date(value.seconds * 1000 + Math.floor(value.nanoseconds / 1e6)).toISOString()
    : value;
}

/**
 * A stored value to order by and to page after (a cursor): a timestamp becomes its exact ISO string
 * (`isoOfTimestamp`), so two times within one millisecond keep their order and a page never repeats one.
 */
export function exactStoredValue(value: unknown): unknown {
  return isTimestamp(value) ? isoOfTimestamp(value) : value;
}

/**
 * Sort keys whose filtered lists are served without a composite index: the adapter reads every match
 * (equality filters only, which Firestore serves by merging its automatic single-field indexes) and
 * orders the page itself. They are the meta timestamps, always set, so the order is a plain string order.
 */
export const UNINDEXED_SORT_FIELDS: readonly string[] = META_SORT_FIELDS;

/**
 * Equality filters that narrow a list to one record's own (a person's documents, the reminders linked
 * to a record): few matches, so the adapter orders them itself and they need no composite index.
 */
export const NARROW_FILTER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  documents: ["subjectId"],
  trainingEntries: ["staffId"],
  shifts: ["staffId"],
  // The staff of some homes: tens to a few hundred people.
  staff: ["_facilities"],
  reminders: ["linkId"],
  recordChanges: ["recordId"],
  // A resident's own clinical entries and rent rates: tens of records.
  diagnoses: ["residentId"],
  allergies: ["residentId"],
  medications: ["residentId"],
  vitals: ["residentId"],
  incidents: ["residentId"],
  appointments: ["residentId"],
  residentEvents: ["residentId"],
  rentRates: ["residentId"],
  // An agent's referrals (hundreds at most), a referral's contacts and fee entries.
  referrals: ["agentId"],
  referralContacts: ["referralId"],
  referralFees: ["referralId", "agentId"],
};

/** Collections small enough (tens to a few hundred records: configuration, a group's users) that the adapter orders every filtered list. */
export const SMALL_COLLECTIONS: readonly string[] = [
  "documentTypes",
  "shiftTemplates",
  "trainingRequirements",
  "users",
  "referralAgents",
  "agentFeeTerms",
];

/**
 * Does the adapter read every match of a list and order it itself, instead of Firestore by a composite
 * index? `filters` are the stored fields of the list's equality filters. A list without filters is
 * served by the sort key's automatic single-field index; a list of records by id has at most
 * MAX_IN_VALUES of them.
 */
export function ordersInMemory(def: CollectionDef, filters: readonly string[], sort: string): boolean {
  if (filters.length === 0) return false;
  return (
    filters.includes(ID_FILTER) ||
    UNINDEXED_SORT_FIELDS.includes(sort) ||
    SMALL_COLLECTIONS.includes(def.name) ||
    filters.some((f) => NARROW_FILTER_FIELDS[def.name]?.includes(f) ?? false)
  );
}

/** Firestore's order of stored values: null first, then booleans, numbers and strings. */
export function compareStoredValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) =>
    v === null || v === undefined ? 0 : typeof v === "boolean" ? 1 : typeof v === "number" ? 2 : 3;
  const byRank = rank(a) - rank(b);
  if (byRank !== 0 || rank(a) === 0) return byRank;
  const [x, y] = rank(a) === 3 ? [String(a), String(b)] : [a as number, b as number];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The stored field a list filter applies to: a collection's facility field is `_facility` (the same value). */
export function storedFilterField(def: CollectionDef, field: string): string {
  return def.scope.kind === "facility" && def.scope.field === field ? "_facility" : field;
}

/** The Firestore collection holding file descriptions (beside the registry's collections). */
export const FILES_COLLECTION = "files";

/** The Storage folder of group-wide files (no facility). Not a valid facility id, so it cannot collide. */
export const GROUP_FOLDER = "_group";

/**
 * The field of a file description naming the Storage folder of its bytes once the file has moved to
 * another home with a transferred person's document: bytes cannot be moved, so they stay in the folder
 * they were stored in. Absent: the folder of the file's home.
 */
export const FILE_FOLDER_FIELD = "_folder";

/** The Storage folder of a file's bytes, from its description (`FILE_FOLDER_FIELD`, else its home's). */
function bytesFolder(description: Record<string, unknown>): string {
  const folder = description[FILE_FOLDER_FIELD];
  if (typeof folder === "string") return folder;
  return typeof description.facilityId === "string" ? description.facilityId : GROUP_FOLDER;
}

/** Where a file's bytes are in Cloud Storage, from its id and description: `files/{folder}/{id}`. */
export function fileBytesPath(id: string, description: Record<string, unknown>): string {
  return `files/${bytesFolder(description)}/${id}`;
}

/**
 * The update of a file description (`description`, as stored) that follows its document to home `to`:
 * its home, and the folder its bytes stay in, as the rules require of such a move; and the document's
 * subject (`subject`, from `fileSubjectOf`) where the description has none yet.
 */
export function fileMoveTo(
  description: Record<string, unknown>,
  to: string,
  subject: Record<string, unknown> = {},
): Record<string, unknown> {
  // A file marked in use before it carried its subject (`fileSubjectOf`) takes it now.
  const missing = Object.entries(subject).filter(([field]) => description[field] == null);
  return {
    facilityId: to,
    _facility: to,
    [FILE_FOLDER_FIELD]: bytesFolder(description),
    ...Object.fromEntries(missing),
  };
}

/**
 * What a file description takes from the record naming it (`record` of collection `def`), beside the
 * in-use mark: the field its access follows (`access.subjectAreas`: a document's `subject`), under the
 * same name, so the Firestore and Storage rules read the file as they read its document (a staff member's
 * scan needs Staff). Set once: a description that has it keeps it.
 */
export function fileSubjectOf(def: CollectionDef, record: Record<string, unknown>): Record<string, unknown> {
  const field = def.access.subjectAreas?.field;
  return field === undefined ? {} : { [field]: record[field] };
}

/**
 * The field of a file description that says a record has named the file, set in the commit that writes
 * that record and never cleared: the rules keep such a file's description and bytes from removal.
 */
export const FILE_IN_USE_FIELD = "inUse";

/**
 * The field of a file description naming who removes it, set by the remover just before the deletion
 * (the rules take it only as the caller's own uid, and delete only a description marked by the caller):
 * Firestore triggers get no auth context for a deletion, so `auditFileRemoval` reads the author here.
 */
export const FILE_REMOVED_BY_FIELD = "_removedBy";

/**
 * The files a write of `record` names anew (absent from `before`, the record as read; none for a record
 * that keeps its files): the adapter marks each in use in the same commit, as the rules require.
 */
export function filesNamedAnew(
  def: CollectionDef,
  record: Record<string, unknown>,
  before?: Record<string, unknown>,
): string[] {
  const fields = fileLinkFields()
    .filter((link) => link.collection === def.name)
    .map((link) => link.field);
  const named = fields.map((field) => record[field]).filter((id): id is string => typeof id === "string" && id !== "");
  const kept = new Set(before === undefined ? [] : fields.map((field) => before[field]));
  return [...new Set(named)].filter((id) => !kept.has(id));
}

/**
 * The document data for a record (without `_writtenAt`, which the caller sets to the server time, and
 * with the meta times as the record holds them: the caller stores them as `writtenTimes` says).
 * Absent optional fields are stored as null so that sorting by them never drops a document. Restricted
 * fields are left out: they go to the record's sibling documents (`restrictedWrites`).
 */
export function toStoredData(
  def: CollectionDef,
  record: Record<string, unknown> & { id: string },
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(def.schema.shape))
    if (!isRestrictedField(def, key))
      data[key] = storedField(isPackedList(def, key) ? packList(def, key, record[key]) : record[key]);
  for (const key of STORED_META_FIELDS) data[key] = record[key] === undefined ? null : record[key];
  const facility = facilityOfRecord(def, record);
  if (facility !== undefined) data._facility = facility;
  if (facilitiesField(def)) data._facilities = facilitiesOfRecord(def, record);
  if (def.access.grantsFacilities) data[GRANT_KEY_FIELD] = grantKeyOf(record[def.access.grantsFacilities]);
  if (def.searchable.length > 0) data._search = searchTokens(def.searchable.map((f) => record[f]));
  return data;
}

/**
 * Fields stored under an earlier name, read under their current one (a document written before the
 * rename keeps its old field until it is next saved): a staff member's job title was `role`.
 */
const RENAMED_FIELDS: Record<string, Record<string, string>> = { staff: { role: "position" } };

/**
 * The record a document holds: nulls that the schema does not allow are turned back into absent
 * fields, and renamed fields read under their current name. A restricted field still in the document
 * (written before such fields moved to sibling documents: see docs/firebase.md to move them) is
 * ignored, so it never reaches a reader without its area; readers with the area get it from the sibling.
 */
export function fromStoredData(
  def: CollectionDef,
  id: string,
  data: Record<string, unknown>,
): Record<string, unknown> & { id: string } {
  const record: Record<string, unknown> & { id: string } = { id };
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  for (const [stored, value] of Object.entries(data)) {
    if ((PRIVATE_FIELDS as readonly string[]).includes(stored) || isRestrictedField(def, stored)) continue;
    const key = RENAMED_FIELDS[def.name]?.[stored] ?? stored;
    if (key !== stored && data[key] !== undefined) continue;
    const field = shape[key];
    if (value === null && field && !field.safeParse(null).success) continue;
    record[key] = isPackedList(def, key) ? unpackList(def, key, value) : plainStoredValue(value);
  }
  return record;
}

/**
 * The fields of a record as read that its schema refuses, each checked on its own: a value of another
 * type, too long, out of its enum or range, a required field missing. The rules check what they can of a
 * write (field-rules.ts), but a document may still hold such a value (written before those checks, by
 * the Admin SDK, or refused only by a refinement): the adapter skips it rather than break the page that
 * shows it. Rules across fields are not checked here: a record they refuse still reads as what it is.
 */
export function refusedFields(def: CollectionDef, record: Record<string, unknown>): string[] {
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  return Object.keys(shape).filter((field) => !shape[field]!.safeParse(record[field]).success);
}

/** How many disjunctions the list's other `in` filters make (Firestore allows at most 30 per query). */
export function disjunctionsOf(def: CollectionDef, where: Record<string, unknown>): number {
  return Object.entries(where)
    .filter(([field, value]) => Array.isArray(value) && storedFilterField(def, field) !== "_facility")
    .reduce((product, [, value]) => product * (value as unknown[]).length, 1);
}

/**
 * The homes split so that each query stays within Firestore's 30 disjunctions: a user of two homes
 * asking for 30 residents' rent makes 60 in one query, which Firestore refuses; two queries of 30 do.
 * A record of one home is in one group, so the groups' pages merge and their counts add up; a record
 * shown in several homes (`facilitiesField`) may be in more than one, and is counted once by its id.
 */
export function homeGroups(facilities: (string | null)[], otherDisjunctions: number): (string | null)[][] {
  const size = Math.max(1, Math.floor(MAX_IN_VALUES / otherDisjunctions));
  return Array.from({ length: Math.ceil(facilities.length / size) }, (_, i) =>
    facilities.slice(i * size, (i + 1) * size),
  );
}
