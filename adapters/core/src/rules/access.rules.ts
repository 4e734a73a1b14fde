/**
 * The access policy as pure functions: the server, the memory adapter and the Firestore rules
 * generator all derive from these, so a limited user sees the same records on every backend.
 */
import { AppError } from "../app-error.ts";
import type { CollectionDef } from "../collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";

export function canReadCollection(user: TSessionUser, def: CollectionDef): boolean {
  return def.access.read === "signed-in" || user.role === "admin";
}

export function canWriteCollection(user: TSessionUser, def: CollectionDef): boolean {
  switch (def.access.write) {
    case "server":
      return false;
    case "signed-in":
      return true;
    case "admin":
      return user.role === "admin";
    case "group-admin":
      return user.role === "admin" && user.facilityIds === null;
  }
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
export function canSeeFacility(user: TSessionUser, facilityId: string | null): boolean {
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

export function canSeeRecord(
  user: TSessionUser,
  def: CollectionDef,
  record: { id?: string } & Record<string, unknown>,
): boolean {
  if (!canReadCollection(user, def)) return false;
  // A user record is visible to an administrator who could have granted its facilities.
  const granted = def.access.grantsFacilities;
  if (granted && !canGrantFacilities(user, undefined, facilityIdsOf(record[granted]))) return false;
  const facilityId = facilityOfRecord(def, record);
  return facilityId === undefined || canSeeFacility(user, facilityId);
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
    throw new AppError("FORBIDDEN", `You may not change ${def.label.toLowerCase()} records.`);
  return user;
}

/** A write that would put a record into (or take it out of) a facility the user may not see. */
export function assertCanWriteRecord(
  user: TSessionUser,
  def: CollectionDef,
  record: { id?: string } & Record<string, unknown>,
): void {
  const facilityId = facilityOfRecord(def, record);
  if (facilityId !== undefined && !canSeeFacility(user, facilityId)) {
    throw new AppError("FORBIDDEN", "You do not have access to that facility.");
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
