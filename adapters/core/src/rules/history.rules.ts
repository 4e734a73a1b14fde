/**
 * What a record's history says about a write: the fields it changed, each from what to what, with
 * values as text. Every backend writes the same change rows from these (server, memory, Firebase).
 */
import type { CollectionDef } from "../collection.ts";
import {
  HISTORY_COLLECTIONS,
  type TFieldChange,
  type THistoryCollection,
  type TRecordChange,
} from "../collections/record-changes.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { facilityOfRecord } from "./access.rules.ts";

/** Whether edits of this collection are kept as history. */
export function keepsHistory(name: string): name is THistoryCollection {
  return (HISTORY_COLLECTIONS as readonly string[]).includes(name);
}

/** A value as the history stores it: text as is, anything else as JSON; nothing for empty. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The schema fields whose value differs between two versions of a record (none for an unchanged one). */
export function fieldChanges(
  def: CollectionDef,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): TFieldChange[] {
  const changes: TFieldChange[] = [];
  for (const field of Object.keys(def.schema.shape)) {
    const was = asText(before[field]);
    const now = asText(after[field]);
    if (was !== now)
      changes.push({
        field,
        ...(was !== undefined ? { before: was } : {}),
        ...(now !== undefined ? { after: now } : {}),
      });
  }
  return changes;
}

/**
 * The history row of a write to a record of a collection that keeps history, or null when the write
 * changed no field. `before` is absent for a creation.
 */
export function recordChange(
  def: CollectionDef,
  action: TRecordChange["action"],
  actor: Pick<TSessionUser, "id" | "email" | "displayName">,
  at: string,
  after: Record<string, unknown> & { id: string },
  before?: Record<string, unknown>,
): TRecordChange | null {
  if (!keepsHistory(def.name)) return null;
  const changes = action === "archive" ? [] : fieldChanges(def, before ?? {}, after);
  if (action === "update" && changes.length === 0) return null;
  return {
    collection: def.name,
    recordId: after.id,
    facilityId: facilityOfRecord(def, after) ?? after.id,
    at,
    actorId: actor.id,
    actorName: actor.displayName ?? actor.email,
    action,
    changes,
  };
}
