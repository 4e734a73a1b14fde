/**
 * A resident's child record (medical entry, stay event, rent record) belongs to the resident's facility:
 * otherwise a facility-limited user could see a resident's entries filed under another home. The server
 * checks it on every write; this is the rule and its messages.
 */
import { AppError } from "../app-error.ts";
import type { CollectionDef } from "../collection.ts";

/** Does this collection's record hang off a resident (a `residentId` field)? */
export function isResidentChild(def: CollectionDef): boolean {
  return def.name !== "residents" && Object.hasOwn(def.schema.shape, "residentId");
}

/**
 * VALIDATION when the record names a resident that does not exist (or the user cannot see), or sits in
 * another facility than that resident; nothing when the link holds.
 */
export function assertResidentLink(
  fields: Record<string, unknown>,
  resident: Record<string, unknown> | null | undefined,
): void {
  if (!resident) {
    throw new AppError("VALIDATION", "The record is not valid.", { fields: { residentId: "No such resident" } });
  }
  if (resident.facilityId !== fields.facilityId) {
    throw new AppError("VALIDATION", "The record is not valid.", {
      fields: { facilityId: "Must be the resident's facility" },
    });
  }
}
