/**
 * The access policy as pure functions: the server, the memory adapter and the Firestore rules
 * generator all derive from these, so a user sees and changes the same records on every backend.
 * A user's role gives each area none / read / write (collections/roles.collection.ts); their
 * facilities limit which homes' records they see; group-wide records (scope `global`) are changed only
 * by users who see every home (a facility-limited administrator manages their homes, not the group).
 */
import { AppError } from "../app-error.ts";
import type { CollectionDef } from "../collection.ts";
import { HOME_SUBJECTS, type TDocumentSubject } from "../collections/documents.collection.ts";
import { AREA_LABELS, type TAccessLevel, type TArea } from "../collections/roles.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { can } from "./permissions.rules.ts";
import { collections, isCollectionName } from "../registry.ts";

export { can };

/** Does the user see every home (the group-wide permission: group settings, document types, roles)? */
export function isGroupWide(user: Pick<TSessionUser, "facilityIds">): boolean {
  return user.facilityIds === null;
}

export function canReadCollection(user: TSessionUser, def: CollectionDef): boolean {
  return def.access.read === "signed-in" || can(user, def.access.read, "read");
}

export function canWriteCollection(user: TSessionUser, def: CollectionDef): boolean {
  const { write } = def.access;
  if (write === "server") return false;
  if (def.scope.kind === "global" && !def.access.grantsFacilities && !isGroupWide(user)) return false;
  return write === "signed-in" || can(user, write, "write");
}

/**
 * Whose paperwork the user may see in compliance and the derived reminders: the homes' subjects whose
 * documents they may read (`subjectsAllowed`: residents with residents read, staff with staff read,
 * facilities always); nobody's without documents read.
 */
export function documentSubjectsFor(user: Pick<TSessionUser, "permissions">): TDocumentSubject[] {
  if (!can(user, "documents", "read")) return [];
  const allowed = subjectsAllowed(user, collections.documents, "read");
  return HOME_SUBJECTS.filter((subject) => allowed === null || allowed.includes(subject));
}

/**
 * For a collection whose records follow their subject's area (`access.subjectAreas`): the subject
 * values whose records this user may read (or write), those needing no area among them; null when the
 * collection declares none or the user may see every subject (a list then needs no condition).
 */
export function subjectsAllowed(
  user: Pick<TSessionUser, "permissions">,
  def: CollectionDef,
  level: Exclude<TAccessLevel, "none">,
): string[] | null {
  const declared = def.access.subjectAreas;
  if (declared === undefined) return null;
  const values = (def.schema.shape[declared.field] as { options?: readonly string[] } | undefined)?.options ?? [];
  const allowed = values.filter((value) => {
    const area = declared.areas[value];
    return area === undefined || can(user, area, level);
  });
  return allowed.length === values.length ? null : allowed;
}

/**
 * The subject values whose records this user may read, every value for a role that reads them all;
 * undefined when the collection declares no `access.subjectAreas`. What a Firestore query names (the
 * rules decide by the subject, which a query proves only by filtering on it).
 */
export function readableSubjects(user: Pick<TSessionUser, "permissions">, def: CollectionDef): string[] | undefined {
  const declared = def.access.subjectAreas;
  if (declared === undefined) return undefined;
  return (
    subjectsAllowed(user, def, "read") ?? [
      ...((def.schema.shape[declared.field] as { options?: readonly string[] } | undefined)?.options ?? []),
    ]
  );
}

/**
 * May the user see a file these records name (every record naming it, archived ones too)? A file follows
 * the subject of its document: a staff member's scan needs Staff as the document does. A file no record
 * names yet (an upload before its document) follows its home alone.
 */
export function canSeeNamedFile(
  user: Pick<TSessionUser, "permissions">,
  naming: readonly { def: CollectionDef; record: Record<string, unknown> }[],
): boolean {
  return naming.length === 0 || naming.some(({ def, record }) => canSubject(user, def, record, "read"));
}

/** May the user read (or write) this record as its subject's area says (`access.subjectAreas`)? */
export function canSubject(
  user: Pick<TSessionUser, "permissions">,
  def: CollectionDef,
  record: Record<string, unknown>,
  level: Exclude<TAccessLevel, "none">,
): boolean {
  const allowed = subjectsAllowed(user, def, level);
  return allowed === null || allowed.includes(record[def.access.subjectAreas!.field] as string);
}

/**
 * For a collection read as another's (`access.readFollows`): the collection names its records may name
 * that this user may read (a list adds "<field> in these" to its conditions).
 */
export function readableFollowed(user: TSessionUser, def: CollectionDef): string[] {
  const follows = def.access.readFollows;
  if (follows === undefined) return [];
  const named = (def.schema.shape[follows] as { options?: readonly string[] } | undefined)?.options ?? [];
  return named.filter((name) => isCollectionName(name) && canReadCollection(user, collections[name]));
}

/**
 * The record as this user may receive it: without the restricted fields they may not see and, for a
 * record read as another collection's (history), without the changes of such fields.
 */
export function redactRecord<R extends Record<string, unknown>>(user: TSessionUser, def: CollectionDef, record: R): R {
  const visible = withoutHiddenFields(user, def, record);
  const follows = def.access.readFollows;
  const target = follows === undefined ? undefined : record[follows];
  if (typeof target !== "string" || !isCollectionName(target) || !Array.isArray(record.changes)) return visible;
  const hidden = hiddenFieldsFor(user, collections[target]);
  if (hidden.length === 0) return visible;
  return { ...visible, changes: (record.changes as { field: string }[]).filter((c) => !hidden.includes(c.field)) };
}

/** The restricted fields (`CollectionDef.restrictedFields`) this user may not see. */
export function hiddenFieldsFor(user: TSessionUser, def: CollectionDef): string[] {
  const restricted = def.restrictedFields;
  if (!restricted) return [];
  return Object.entries(restricted)
    .filter(([, area]) => !can(user, area, "read"))
    .map(([field]) => field);
}

/** The record without the fields the user may not see (the record itself when they see all). */
export function withoutHiddenFields<R extends Record<string, unknown>>(
  user: TSessionUser,
  def: CollectionDef,
  record: R,
): R {
  const hidden = hiddenFieldsFor(user, def);
  if (hidden.length === 0) return record;
  const copy: Record<string, unknown> = { ...record };
  for (const field of hidden) delete copy[field];
  return copy as R;
}

/**
 * VALIDATION on the first restricted field a write sets (or clears) without write on its area. `fields`
 * are the fields the client sent (a patch: only what it changes).
 */
export function assertCanWriteFields(user: TSessionUser, def: CollectionDef, fields: Record<string, unknown>): void {
  const restricted = def.restrictedFields;
  if (!restricted) return;
  for (const [field, area] of Object.entries(restricted)) {
    if (fields[field] !== undefined && !can(user, area, "write"))
      throw new AppError(
        "FORBIDDEN",
        `You may not change this field (it needs ${AREA_LABELS[area].toLowerCase()} permission).`,
        {
          fields: { [field]: `Needs ${AREA_LABELS[area].toLowerCase()} permission` },
        },
      );
  }
}

/** FORBIDDEN unless the user's role gives `level` on `area`. */
export function assertCan(user: TSessionUser | null, area: TArea, level: Exclude<TAccessLevel, "none">): TSessionUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  if (!can(user, area, level))
    throw new AppError(
      "FORBIDDEN",
      level === "read"
        ? `You don't have access to ${AREA_LABELS[area].toLowerCase()}.`
        : `You may not change ${AREA_LABELS[area].toLowerCase()}.`,
    );
  return user;
}

/** Why the backend refuses every call but a password change while a one-time password is in use. */
export const PASSWORD_CHANGE_REQUIRED = "PASSWORD_CHANGE_REQUIRED";

/** The refusal of a call made with a one-time password not yet changed. */
export function passwordChangeRequired(): AppError {
  return new AppError("FORBIDDEN", "Choose your own password before you continue.", {
    reason: PASSWORD_CHANGE_REQUIRED,
  });
}

/** May the user see records of this facility? Group-wide records (null) need an unrestricted user. */
export function canSeeFacility(user: Pick<TSessionUser, "facilityIds">, facilityId: string | null): boolean {
  if (user.facilityIds === null) return true;
  return facilityId !== null && user.facilityIds.includes(facilityId);
}

/** The facility a record belongs to, as the collection's scope says; undefined for global records. */
export function facilityOfRecord(
  def: CollectionDef,
  record: { id?: string } & Record<string, unknown>,
): string | null | undefined {
  switch (def.scope.kind) {
    case "global":
      return undefined;
    case "facility-id":
      return typeof record.id === "string" ? record.id : null;
    case "facility": {
      const value = record[def.scope.field];
      return typeof value === "string" ? value : null;
    }
  }
}

/**
 * Every facility a record is shown in: its own, then the further homes of its scope's `alsoIn` field
 * (a staff member's other homes). Empty for group-wide records.
 */
export function facilitiesOfRecord(
  def: CollectionDef,
  record: { id?: string } & Record<string, unknown>,
): (string | null)[] {
  const own = facilityOfRecord(def, record);
  if (own === undefined) return [];
  const also = def.scope.kind === "facility" && def.scope.alsoIn ? record[def.scope.alsoIn] : undefined;
  const more = Array.isArray(also) ? (also as string[]).filter((id) => id !== own) : [];
  return [own, ...new Set(more)];
}

export function canSeeRecord(
  user: TSessionUser,
  def: CollectionDef,
  record: { id?: string } & Record<string, unknown>,
): boolean {
  if (!canReadCollection(user, def)) return false;
  const follows = def.access.readFollows;
  if (follows !== undefined && !readableFollowed(user, def).includes(record[follows] as string)) return false;
  // A user record is visible to an administrator who could have granted its facilities.
  const granted = def.access.grantsFacilities;
  if (granted && !canGrantFacilities(user, undefined, facilityIdsOf(record[granted]))) return false;
  if (seesPublishedOnly(user, def) && record[def.access.publishedField!] !== true) return false;
  if (!canSubject(user, def, record, "read")) return false;
  if (def.scope.kind === "global") return true;
  return facilitiesOfRecord(def, record).some((facilityId) => canSeeFacility(user, facilityId));
}

/** Does this user see only the published records of the collection (`access.publishedField`)? */
export function seesPublishedOnly(user: TSessionUser, def: CollectionDef): boolean {
  const write = def.access.write;
  return (
    def.access.publishedField !== undefined &&
    !(write !== "server" && (write === "signed-in" || can(user, write, "write")))
  );
}

/** A stored facility list: an array of ids, or null / anything else for every facility. */
export function facilityIdsOf(value: unknown): string[] | null {
  return Array.isArray(value) ? (value as string[]) : null;
}

/**
 * The facility restriction a list must apply for this user: null when unrestricted, else the ids
 * (possibly empty: then nothing is visible).
 */
export function facilityRestriction(user: TSessionUser, def: CollectionDef): string[] | null {
  if (def.scope.kind === "global" || user.facilityIds === null) return null;
  return user.facilityIds;
}

export function assertCanRead(user: TSessionUser | null, def: CollectionDef): TSessionUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  if (user.mustChangePassword) throw passwordChangeRequired();
  if (!canReadCollection(user, def))
    throw new AppError("FORBIDDEN", `You do not have access to ${def.label.toLowerCase()} records.`);
  return user;
}

export function assertCanWrite(user: TSessionUser | null, def: CollectionDef): TSessionUser {
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  if (user.mustChangePassword) throw passwordChangeRequired();
  if (!canWriteCollection(user, def))
    throw new AppError(
      "FORBIDDEN",
      def.scope.kind === "global" && !def.access.grantsFacilities && !isGroupWide(user)
        ? `${def.label} records belong to the whole group: only a user who sees every home may change them.`
        : `You may not change ${def.label.toLowerCase()} records.`,
    );
  return user;
}

/**
 * A write that would put a record into (or take it out of) a facility the user may not see, or about a
 * subject whose area they may not change (a staff member's document without staff write).
 */
export function assertCanWriteRecord(
  user: TSessionUser,
  def: CollectionDef,
  record: { id?: string } & Record<string, unknown>,
): void {
  const facilityId = facilityOfRecord(def, record);
  if (facilityId !== undefined && !canSeeFacility(user, facilityId)) {
    throw new AppError("FORBIDDEN", "You do not have access to that facility.");
  }
  if (!canSubject(user, def, record, "write")) {
    const area = def.access.subjectAreas!.areas[record[def.access.subjectAreas!.field] as string]!;
    throw new AppError(
      "FORBIDDEN",
      `You may not change these ${def.label.toLowerCase()} records: they need ${AREA_LABELS[area].toLowerCase()} permission.`,
    );
  }
}

/**
 * May `actor` give a user these facilities? An administrator limited to some facilities manages only
 * users limited to those facilities: they may not widen anyone's access (their own included) beyond
 * what they see, nor give all facilities (null), nor edit a user whose current access exceeds theirs.
 * `before` is the user's current facilities (undefined when creating the user), `after` the new ones.
 */
export function canGrantFacilities(
  actor: Pick<TSessionUser, "facilityIds">,
  before: readonly string[] | null | undefined,
  after: readonly string[] | null,
): boolean {
  const mine = actor.facilityIds;
  if (mine === null) return true;
  const within = (ids: readonly string[] | null) => ids !== null && ids.every((id) => mine.includes(id));
  return (before === undefined || within(before)) && within(after);
}

/** FORBIDDEN unless `canGrantFacilities` allows the change. */
export function assertCanGrantFacilities(
  actor: Pick<TSessionUser, "facilityIds">,
  before: readonly string[] | null | undefined,
  after: readonly string[] | null,
): void {
  if (!canGrantFacilities(actor, before, after)) {
    throw new AppError("FORBIDDEN", "You may only manage users limited to the facilities you can see.");
  }
}
