/**
 * Where a collection's restricted fields live on Firestore. Security rules grant a whole document or
 * nothing: whoever may read `residents/{id}` reads every field of it, so a field only some roles may
 * see (`CollectionDef.restrictedFields`: a resident's monthly rate is rent's) cannot stay there. Each
 * area's fields are kept in a sibling document with the record's id, `<collection>__<area>/{id}`
 * (`residents__rent/{id}`), holding those fields, `_facility` (the record's, so the rules can scope it)
 * and `_writtenAt`; the generated rules let only that area's readers read it. The record's own document
 * never holds them. These pure functions say which documents a write puts and how a reader's record is
 * put back together; the data adapter reads and writes them, the rules generator guards them.
 */
import type { CollectionDef } from "@care/core/collection";
import type { TArea } from "@care/core/collections/roles.collection";
import { MAX_IN_VALUES } from "@care/core/list-query";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { collections } from "@care/core/registry";
import { can, facilityOfRecord, hiddenFieldsFor } from "@care/core/rules/access.rules";
import { storedField } from "./stored-field.ts";

type TRecord = Record<string, unknown> & { id: string };

/** One area's share of a collection's restricted fields, and the Firestore collection holding it. */
export interface TRestrictedPart {
  readonly area: TArea;
  /** `<collection>__<area>`: registry names are camelCase, so a double underscore never collides with one. */
  readonly collection: string;
  readonly fields: readonly string[];
}

/** The sibling collections of a collection, one per area its restricted fields belong to (none for most). */
export function restrictedParts(def: CollectionDef): TRestrictedPart[] {
  const byArea = new Map<TArea, string[]>();
  for (const [field, area] of Object.entries(def.restrictedFields ?? {}))
    byArea.set(area, [...(byArea.get(area) ?? []), field]);
  return [...byArea].map(([area, fields]) => ({ area, collection: `${def.name}__${area}`, fields }));
}

/** Is this field kept out of the record's own document (a restricted field of the collection)? */
export function isRestrictedField(def: CollectionDef, field: string): boolean {
  return def.restrictedFields !== undefined && Object.hasOwn(def.restrictedFields, field);
}

/**
 * The registry collection and part a sibling collection belongs to (`residents__rent` → residents,
 * rent), or undefined for any other name: the Cloud Function auditing writes recognises them by this.
 */
export function restrictedPartOf(name: string): { def: CollectionDef; part: TRestrictedPart } | undefined {
  for (const def of Object.values(collections) as CollectionDef[]) {
    const part = restrictedParts(def).find((p) => p.collection === name);
    if (part) return { def, part };
  }
  return undefined;
}

/**
 * The sibling document of one area for a record (without `_writtenAt`, which the writer sets to the
 * server time): the area's fields, null where absent so that a cleared value is overwritten, the
 * record's id as `_id` (a page's siblings are queried by it: see `restrictedBatches`) and the record's
 * facility when the collection has one.
 */
export function restrictedDocument(
  def: CollectionDef,
  part: TRestrictedPart,
  record: TRecord,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of part.fields) data[field] = storedField(record[field]);
  data._id = record.id;
  const facility = facilityOfRecord(def, record);
  if (facility !== undefined) data._facility = facility;
  return data;
}

/** A sibling document a write puts, beside the record's own document and in the same transaction. */
export interface TRestrictedWrite {
  readonly collection: string;
  /** The document's data, without `_writtenAt`. */
  readonly data: Record<string, unknown>;
  /**
   * Only the facility moves (a transfer by a user who may not write the area): merged into the
   * document, whose fields stay as they are; otherwise the document is replaced.
   */
  readonly merge: boolean;
}

/**
 * The sibling documents a write of `after` puts, `before` being the record as read (undefined for a new
 * record). An area's document is replaced when the write changes its fields (a new record: sets one),
 * which the user must be allowed (`writable`, the areas they may write). Otherwise, when the record
 * changes homes, only the document's facility moves, merged in: the user may not know the fields (a
 * role without the area) and they stay as they are. Nothing else is written.
 */
export function restrictedWrites(
  def: CollectionDef,
  writable: readonly TArea[],
  after: TRecord,
  before?: TRecord,
): TRestrictedWrite[] {
  const facility = facilityOfRecord(def, after);
  const moved = before !== undefined && facility !== facilityOfRecord(def, before);
  return restrictedParts(def).flatMap((part): TRestrictedWrite[] => {
    const data = restrictedDocument(def, part, after);
    const changed = part.fields.some(
      (field) => JSON.stringify(data[field]) !== JSON.stringify(before?.[field] ?? null),
    );
    if (changed && writable.includes(part.area)) return [{ collection: part.collection, data, merge: false }];
    return moved ? [{ collection: part.collection, data: { _id: after.id, _facility: facility }, merge: true }] : [];
  });
}

/**
 * The record with one area's fields taken from its sibling document (`data`, undefined when there is
 * none): nulls the schema does not allow become absent fields, as in the record's own document.
 */
export function mergeRestricted(
  def: CollectionDef,
  record: TRecord,
  part: TRestrictedPart,
  data: Record<string, unknown> | undefined,
): TRecord {
  const merged: TRecord = { ...record };
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean } } | undefined>;
  for (const field of part.fields) {
    const value = data?.[field];
    if (value === undefined || (value === null && !shape[field]?.safeParse(null).success)) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

/** The parts whose fields this user may see (`hiddenFieldsFor`): only these sibling documents are ever read. */
export function readableParts(user: TSessionUser, def: CollectionDef): TRestrictedPart[] {
  const hidden = hiddenFieldsFor(user, def);
  return restrictedParts(def).filter((part) => !part.fields.some((field) => hidden.includes(field)));
}

/** The areas of the collection's restricted fields that this user may write. */
export function writableAreas(user: TSessionUser, def: CollectionDef): TArea[] {
  return restrictedParts(def)
    .filter((part) => can(user, part.area, "write"))
    .map((part) => part.area);
}

/**
 * The reads of the sibling documents of many records: the ids grouped by the records' facility (what
 * the rules need a query to state for a facility-limited user) in chunks of at most 30, Firestore's
 * limit of values for an `in` filter. `facility` is undefined for a collection without facilities.
 */
export function restrictedBatches(
  def: CollectionDef,
  records: readonly TRecord[],
): { facility: string | null | undefined; ids: string[] }[] {
  const byFacility = new Map<string | null | undefined, string[]>();
  for (const record of records) {
    const facility = facilityOfRecord(def, record);
    byFacility.set(facility, [...(byFacility.get(facility) ?? []), record.id]);
  }
  return [...byFacility].flatMap(([facility, ids]) =>
    Array.from({ length: Math.ceil(ids.length / MAX_IN_VALUES) }, (_, i) => ({
      facility,
      ids: ids.slice(i * MAX_IN_VALUES, (i + 1) * MAX_IN_VALUES),
    })),
  );
}
