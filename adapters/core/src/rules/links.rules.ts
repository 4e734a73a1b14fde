/**
 * Links between records: a medical entry names its resident, a document its file and its subject, a
 * reminder state the record its key is about. Each collection declares its links (`links` in its
 * definition, see collection.ts); this module checks them the same way for every backend. The server's
 * repository and the memory and Firebase adapters call `checkLinks` on every write; the Firestore
 * rules generator turns the same declarations into `getAfter()` / `existsAfter()` checks.
 */
import { AppError } from "../app-error.ts";
import { FILES_TARGET, type CollectionDef, type TLink, type TLinkTarget, type TLinkValue } from "../collection.ts";
import { collections, isCollectionName } from "../registry.ts";
import { facilitiesOfRecord, facilityOfRecord } from "./access.rules.ts";

type TFields = Record<string, unknown>;

/**
 * Answers the referenced record if it exists and the signed-in user may see it, else null (a record
 * beyond the user's facilities does not exist for them). For `files`, the stored file's description.
 * Archived records still exist: an entry keeps naming its discharged resident.
 */
export type TLinkLookup = (collection: string, id: string) => TFields | null;

/** One link of a record as it applies to the record's values now: the declaration, its target and the id. */
export interface TAppliedLink {
  readonly link: TLink;
  readonly target: TLinkTarget;
  readonly id: string;
}

/** A link's value in the record: the field, or one `|`-separated part of it; undefined when absent or empty. */
export function linkValue(record: TFields, value: TLinkValue): string | undefined {
  const raw = record[value.field];
  if (typeof raw !== "string") return undefined;
  const text = value.part === undefined ? raw : raw.split("|")[value.part];
  return text === undefined || text === "" ? undefined : text;
}

/** The fields a link reads (its id, its choice of target, its condition, what it shares with its target). */
export function linkFields(def: CollectionDef, link: TLink): string[] {
  const fields = [link.id.field, ...Object.keys(link.sameAs ?? {})];
  if (link.requires) fields.push(link.requires.field);
  if (link.guard) fields.push(link.guard.record.field, link.guard.field);
  if ("by" in link.to) fields.push(link.to.by.field);
  if (link.when) fields.push(link.when.value.field);
  // A group-wide target (a document type) is the same whatever home the record is in.
  const targets = "by" in link.to ? Object.values(link.to.targets) : [link.to];
  if (def.scope.kind === "facility" && targets.some((t) => t.kind !== "group-wide")) fields.push(def.scope.field);
  return [...new Set(fields)];
}

/**
 * The links a write must check, in declaration order: on create (no `before`) every link that names a
 * record; on update those whose fields (see linkFields, the record's facility included) changed, so
 * an edit that keeps its links needs no lookups (and an entry of a resident who has since moved can
 * still be corrected).
 */
export function linksToCheck(def: CollectionDef, record: TFields, before?: TFields): TAppliedLink[] {
  const applied: TAppliedLink[] = [];
  for (const link of def.links ?? []) {
    if (before && linkFields(def, link).every((f) => JSON.stringify(record[f]) === JSON.stringify(before[f]))) continue;
    if (link.when && linkValue(record, link.when.value) !== link.when.equals) continue;
    const id = linkValue(record, link.id);
    if (id === undefined) continue;
    const choice = "by" in link.to ? linkValue(record, link.to.by) : undefined;
    const target = "by" in link.to ? (choice === undefined ? undefined : link.to.targets[choice]) : link.to;
    if (target && target.kind !== "cross-home-match") applied.push({ link, target, id });
  }
  return applied;
}

/** The facility a referenced record belongs to: null for a group-wide one, undefined for a global collection's. */
function facilityOfTarget(collection: string, target: TFields): string | null | undefined {
  if (collection === FILES_TARGET) return typeof target.facilityId === "string" ? target.facilityId : null;
  if (!isCollectionName(collection)) throw new Error(`A link names "${collection}", which is not a collection.`);
  return facilityOfRecord(collections[collection], target);
}

/** "resident", "staff member", "file": how messages name a link's target. */
function targetLabel(collection: string): string {
  if (collection === FILES_TARGET) return "file";
  if (!isCollectionName(collection)) throw new Error(`A link names "${collection}", which is not a collection.`);
  return collections[collection].label.toLowerCase();
}

function invalid(field: string, message: string): AppError {
  return new AppError("VALIDATION", "The record is not valid.", { fields: { [field]: message } });
}

/** A value that counts as given for `TLink.requires`: present, not null, not false, not empty. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== "";
}

/**
 * Checks a record's links (see linksToCheck for which) against what `lookup` finds. Returns a
 * VALIDATION error naming the first broken link's field, or null when every link holds:
 * - the target is missing or hidden from the user: "No such resident" (file, facility, …) on the link's field;
 * - `same-facility` and the target is another facility's: "Must be the resident's facility" on the
 *   record's facility field ("Must be that facility" for a facility), or the link's own
 *   `otherFacility` message on its field; `works-at` and the record's facility is none of the person's
 *   homes: "Must be a home the staff member works at";
 * - a `sameAs` field differs from the target's: its message on the link's field;
 * - the target `requires` a field the record leaves empty: its message on that field;
 * - the target's state `guard`s the record's state and the record leaves the guard's field empty: its
 *   message on that field.
 * The last two judge a write by its target's state at the moment of writing (a clearance, whether a
 * document type expires). A record restored as it was (an import, `asWritten`) was judged when it was
 * written, and its target's state may have changed since, so they are left out.
 */
export function checkLinks(
  def: CollectionDef,
  record: TFields,
  lookup: TLinkLookup,
  before?: TFields,
  { asWritten = false }: { asWritten?: boolean } = {},
): AppError | null {
  for (const { link, target, id } of linksToCheck(def, record, before)) {
    const field = link.id.field;
    const found = lookup(target.collection, id);
    if (!found) return invalid(field, `No such ${targetLabel(target.collection)}`);
    if (target.kind === "same-facility" || target.kind === "works-at") {
      const facility = facilityOfRecord(def, record);
      const homes =
        target.kind === "works-at" && isCollectionName(target.collection)
          ? facilitiesOfRecord(collections[target.collection], found)
          : [facilityOfTarget(target.collection, found)];
      if (!homes.includes(facility)) {
        if (target.kind === "works-at")
          return invalid(
            def.scope.kind === "facility" ? def.scope.field : field,
            `Must be a home the ${targetLabel(target.collection)} works at`,
          );
        if (link.otherFacility) return invalid(field, link.otherFacility);
        const facilityField = def.scope.kind === "facility" ? def.scope.field : field;
        const itself =
          isCollectionName(target.collection) && collections[target.collection].scope.kind === "facility-id";
        return invalid(
          facilityField,
          itself ? "Must be that facility" : `Must be the ${targetLabel(target.collection)}'s facility`,
        );
      }
    }
    for (const [shared, message] of Object.entries(link.sameAs ?? {})) {
      if (record[shared] !== found[shared]) return invalid(field, message);
    }
    if (asWritten) continue;
    const { requires } = link;
    if (requires && requires.when.some((f) => isSet(found[f])) && !isSet(record[requires.field]))
      return invalid(requires.field, requires.message);
    const { guard } = link;
    if (
      guard &&
      record[guard.record.field] === guard.record.equals &&
      !guard.target.in.includes(found[guard.target.field] as string) &&
      !isSet(record[guard.field])
    )
      return invalid(guard.field, guard.message);
  }
  return null;
}

/** A field of a collection that names a record of another (a document's `fileId`, a user's `role`). */
export interface TFileLinkField {
  readonly collection: string;
  readonly label: string;
  readonly field: string;
}

/**
 * Every field of the registry that names a record of `target` (a collection, or `files`): such a
 * record stays while any record (any version, archived too) names it.
 */
export function linkFieldsInto(target: string): TFileLinkField[] {
  const fields: TFileLinkField[] = [];
  for (const def of Object.values(collections) as CollectionDef[]) {
    for (const link of def.links ?? []) {
      const targets = "by" in link.to ? Object.values(link.to.targets) : [link.to];
      if (targets.some((t) => t.collection === target) && link.id.part === undefined)
        fields.push({ collection: def.name, label: def.label, field: link.id.field });
    }
  }
  return fields;
}

/** Every field of the registry that names a file. */
export function fileLinkFields(): TFileLinkField[] {
  return linkFieldsInto(FILES_TARGET);
}

/** The refusal to delete a record another record still names (a role given to a user). */
export function recordInUseError(def: CollectionDef, field: TFileLinkField): AppError {
  return new AppError(
    "CONFLICT",
    `This ${def.label.toLowerCase()} is still in use by ${field.label.toLowerCase()} records; change them first.`,
  );
}

/** The refusal to remove a file a record still names (FilePort.remove). */
export function fileInUseError(field: TFileLinkField): AppError {
  return new AppError(
    "CONFLICT",
    `This file belongs to a ${field.label.toLowerCase()}. Archive or replace the ${field.label.toLowerCase()} instead; its file stays with it.`,
  );
}
