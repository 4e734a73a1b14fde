/** Validation of writes, shared by every adapter so a bad record is refused the same way everywhere. */
import { AppError, validationError } from "../app-error.ts";
import type { CollectionDef } from "../collection.ts";
import { META_FIELDS, ZId } from "../common.schema.ts";
import { z } from "zod";
import type { TSessionUser } from "../ports/auth.port.ts";

/** Parses a new record's fields with the collection's schema (defaults applied). */
export function validateCreate(def: CollectionDef, data: unknown): Record<string, unknown> {
  const parsed = def.schema.safeParse(data);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data as Record<string, unknown>;
}

/** How a record names the user who wrote it (`CollectionDef.callerFields`): their display name, else e-mail. */
export function callerName(user: Pick<TSessionUser, "displayName" | "email">): string {
  return user.displayName?.trim() || user.email;
}

/**
 * The validated fields with what the backend sets itself: the collection's `callerFields` (on create, no
 * `before`, the signed-in user's id and name, whatever the client sent; on update the stored ones, which
 * never change: an entry recorded before the fields existed keeps its typed name), its `backendFields`
 * (dropped on create, the stored values kept on update), and its `signedField`'s signature (this user
 * and now when the field is given or changed, else as stored). A client giving a backend field (or a caller field the collection refuses)
 * (on create) or changing one (on update) is refused with VALIDATION naming it, as a metadata field
 * is: its value would not be stored, and a silent drop would hide that.
 */
export function stampCaller(
  def: CollectionDef,
  fields: Record<string, unknown>,
  user: Pick<TSessionUser, "id" | "displayName" | "email">,
  before?: Record<string, unknown>,
): Record<string, unknown> {
  const caller = def.callerFields;
  const signed = def.signedField;
  const backendSet = [...(def.backendFields ?? []), ...(caller?.refuseGiven ? [caller.id, caller.name] : [])].filter(
    (field) => (fields[field] ?? null) !== (before?.[field] ?? null),
  );
  if (backendSet.length > 0)
    throw new AppError("VALIDATION", "The record is not valid.", {
      fields: Object.fromEntries(backendSet.map((f) => [f, "Set by the system: leave it out"])),
    });
  const out = { ...fields };
  const set = (field: string, value: unknown) => {
    if (value === undefined || value === null) delete out[field];
    else out[field] = value;
  };
  for (const field of def.backendFields ?? []) set(field, before?.[field]);
  if (caller) {
    set(caller.id, before ? before[caller.id] : user.id);
    set(caller.name, before ? before[caller.name] : callerName(user));
  }
  if (signed) {
    // Given or changed now: signed by this user now; kept as it was: as signed then; removed: unsigned.
    const given = out[signed.field] !== undefined && out[signed.field] !== null;
    const kept = given && before !== undefined && before[signed.field] === out[signed.field];
    set(signed.by, !given ? null : kept ? before[signed.by] : callerName(user));
    set(signed.at, !given ? null : kept ? before[signed.at] : new Date().toISOString());
  }
  return out;
}

/** Only the collection's own fields of a stored record, without the metadata. */
export function fieldsOf(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!(META_FIELDS as readonly string[]).includes(key)) out[key] = value;
  }
  return out;
}

/**
 * Merges a patch into the stored record's fields and validates the result as a whole, so rules that
 * span fields hold after a partial update. `null` for a key removes that field (JSON cannot carry
 * `undefined`, so this is how an emptied optional field is cleared); a required field removed this way
 * fails validation with its field message. Unknown and metadata keys in the patch are refused, and so
 * is a change of a field the collection keeps `fixed` once recorded.
 */
export function validateUpdate(
  def: CollectionDef,
  current: Record<string, unknown>,
  patch: unknown,
): Record<string, unknown> {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    throw new AppError("VALIDATION", "The change is not valid.", { fields: { _: "Expected an object of fields" } });
  }
  if (def.frozen && current[def.frozen.field] === def.frozen.value)
    throw new AppError("VALIDATION", def.frozen.message, { fields: { _: def.frozen.message } });
  const known = Object.keys(def.schema.shape);
  const unknownKeys = Object.keys(patch).filter((k) => !known.includes(k));
  if (unknownKeys.length > 0) {
    throw new AppError("VALIDATION", "The change is not valid.", {
      fields: Object.fromEntries(unknownKeys.map((k) => [k, "This field cannot be changed"])),
    });
  }
  const changedFixed = Object.entries(def.fixed ?? {}).filter(
    ([field]) => field in patch && ((patch as Record<string, unknown>)[field] ?? null) !== (current[field] ?? null),
  );
  if (changedFixed.length > 0) {
    throw new AppError("VALIDATION", changedFixed[0]![1], { fields: Object.fromEntries(changedFixed) });
  }
  const merged: Record<string, unknown> = { ...fieldsOf(current), ...patch };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null && !acceptsNull(def, key)) delete merged[key];
  }
  const parsed = def.schema.safeParse(merged);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  // A fixed field (unchanged: see above) was judged when the record was written. A rule of the whole
  // record added or moved since (a date range that follows today) must not keep it from every later
  // change, least of all from being voided: when every issue is on a fixed field, the fields are judged
  // one by one and the record is taken as stored.
  const fixed = Object.keys(def.fixed ?? {});
  const others = parsed.error.issues.filter((issue) => !fixed.includes(String(issue.path[0])));
  if (others.length > 0) throw validationError(fixed.length === 0 ? parsed.error : new z.ZodError(others));
  return validateCreate({ ...def, schema: z.object(def.schema.shape) }, merged);
}

/** Fields whose schema stores null as a value of its own (e.g. a user's `facilityIds: null`), not as "absent". */
function acceptsNull(def: CollectionDef, key: string): boolean {
  const field = def.schema.shape[key] as { safeParse(value: unknown): { success: boolean } };
  return field.safeParse(null).success;
}

/** A random (version 4) UUID, as `crypto.randomUUID()` makes: the only client id of a facility's record. */
export const RANDOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The id a new record gets from the client, checked: none (generated), the collection's derived id
 * (the only one it accepts), or a free id where the collection allows client ids. Call it with the
 * validated fields.
 */
export function validateClientId(
  def: CollectionDef,
  id: string | undefined,
  fields: Record<string, unknown>,
): string | undefined {
  const expected = def.derivedId?.derive(fields);
  if (def.derivedId && expected === undefined) {
    // A record of a derived-id collection that stands for nothing unique (a credit line): generated.
    if (id !== undefined)
      throw new AppError("VALIDATION", "The record is not valid.", {
        fields: { id: "Ids are assigned automatically" },
      });
    return undefined;
  }
  if (def.derivedId && expected !== undefined) {
    if (id !== undefined && id !== expected)
      throw new AppError("VALIDATION", "The record is not valid.", {
        fields: { id: `The id follows from ${def.derivedId.from.join(" and ")}: leave it out or use ${expected}` },
      });
    return expected;
  }
  if (id === undefined) return undefined;
  if (!def.clientIds)
    throw new AppError("VALIDATION", "The record is not valid.", { fields: { id: "Ids are assigned automatically" } });
  // In a collection of several homes an id a person chose could be one another home already holds, and
  // its CONFLICT would tell them so: such ids are random UUIDs, which nobody can guess.
  if (def.scope.kind === "facility" && !RANDOM_ID.test(id)) throw notRandomIdError();
  const parsed = ZId.safeParse(id);
  if (!parsed.success) {
    throw new AppError("VALIDATION", "The record is not valid.", {
      fields: { id: parsed.error.issues[0]?.message ?? "Invalid id" },
    });
  }
  return parsed.data;
}

/** The refusal of a client id in a collection of several homes that is no random UUID. */
function notRandomIdError(): AppError {
  return new AppError("VALIDATION", "The record is not valid.", {
    fields: { id: "Leave the id out, or use a random UUID (crypto.randomUUID())" },
  });
}

/** The CONFLICT every adapter raises for a client id a record the user may see already holds. */
export function duplicateIdError(def: CollectionDef, id: string): AppError {
  return new AppError("CONFLICT", `A ${def.label.toLowerCase()} with the id ${id} already exists.`, {
    fields: { id: "This id is already in use" },
  });
}

/**
 * The refusal of a client id another record already holds, the same on every adapter. `visible`: the
 * user may see that record (their own retry, say), and hears CONFLICT. In a collection of several homes
 * a record they may not see (another home's) is never confirmed: they get the very answer an id that is
 * no random UUID gets, as GET answers NOT_FOUND for it. An id derived from the record's fields (a rent
 * charge's resident and month) confirms nothing the user does not know: its record belongs to what they
 * just named, so it is CONFLICT even when it could not be read (a concurrent write took it).
 */
export function takenIdError(def: CollectionDef, id: string, visible: boolean): AppError {
  return visible || def.scope.kind !== "facility" || def.derivedId !== undefined
    ? duplicateIdError(def, id)
    : notRandomIdError();
}

/** The CONFLICT every adapter raises for a stale version. */
export function staleVersionError(def: CollectionDef, current: unknown, savedBy?: string): AppError {
  return new AppError(
    "CONFLICT",
    `This ${def.label.toLowerCase()} was changed by ${savedBy ?? "someone else"} after you opened it. Their version is shown; apply your changes again.`,
    { current, ...(savedBy ? { savedBy } : {}) },
  );
}
