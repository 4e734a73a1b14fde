/**
 * What the Cloud Functions write after a client's commit on Firebase, and which of it the adapter waits
 * for before a write returns (docs/firebase.md, "After a write"). The server writes these records in the
 * write's own transaction; on Firebase triggers write them seconds later, so:
 * - a record's history row (`recordChanges`), which the record's page shows right after a save, is
 *   written under an id of the record's version (`historyRowId`), and the adapter waits for it;
 * - a resident's rent account, whose balance the rent page shows right after a payment, carries the
 *   server time of its last derivation (`_derivedAt`), and the adapter waits until it is after the
 *   write that changes it (a charge, a payment, a rate, a billed resident's stay);
 * - audit rows are a log: nothing waits for them; they appear within a few seconds.
 * The functions and the adapter decide with the same functions here, so the adapter never waits for a
 * row the functions do not write.
 */
import type { CollectionDef } from "@care/core/collection";
import type { TRecordChange } from "@care/core/collections/record-changes.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { keepsHistory, recordChange } from "@care/core/rules/history.rules";
import { isRestrictedField, restrictedPartOf } from "./restricted-fields.ts";

/** How long a write waits for what a function derives from it before it says so (a few seconds). */
export const DERIVED_WAIT_MS = 10_000;

/** The field of a rent account holding the server time of its last derivation. */
export const DERIVED_AT_FIELD = "_derivedAt";

/** The id of the history row of a record's version: one per version, so a repeated trigger writes it once. */
export function historyRowId(collection: string, recordId: string, version: number): string {
  return `${collection}__${recordId}__v${version}`;
}

type TData = Record<string, unknown>;

/**
 * The history row a write of a record makes (`before` absent for a create), or null when it changes no
 * field the history shows; restricted fields are never part of it (rules cannot hide a field of a row
 * from the record's readers).
 */
export function historyChangeOf(
  def: CollectionDef,
  actor: Pick<TSessionUser, "id" | "email" | "displayName">,
  at: string,
  after: TData & { id: string },
  before?: TData,
): TRecordChange | null {
  if (!keepsHistory(def.name)) return null;
  const visible = (data: TData) =>
    Object.fromEntries(Object.entries(data).filter(([field]) => !isRestrictedField(def, field)));
  const action = !before ? "create" : after.archivedAt && !before.archivedAt ? "archive" : "update";
  return recordChange(def, action, actor, at, { ...visible(after), id: after.id }, before && visible(before));
}

/** A write as the adapter made it: the record before (absent for a create) and after (null: deleted). */
export interface TWrittenRecord {
  def: CollectionDef;
  id: string;
  before?: TData | undefined;
  after: (TData & { id: string }) | null;
}

/** What the adapter waits for after a write. */
export type TDerivedWait =
  | { kind: "history"; path: string }
  /** The account of `residentId`, derived after the write of the document at `source`. */
  | { kind: "account"; residentId: string; source: string }
  /** A payment just recorded, until the function has set the balance after it (its receipt's). */
  | { kind: "receipt"; path: string };

const ACCOUNT_SOURCES = new Set(["rentCharges", "payments"]);

/**
 * Whether a write of a resident (or of their rent rates) makes the functions bill them and write their
 * account (`billsResident` in the functions): a resident with a face-sheet rate, created or saved, and
 * any rent rate. A resident without a rate has nothing billed, so nothing to wait for.
 */
function billedResident(written: TWrittenRecord): string | null {
  const { def, after, before } = written;
  if (def.name === "rentRates") {
    const residentId = (after ?? before)?.residentId;
    return typeof residentId === "string" ? residentId : null;
  }
  if (def.name === "residents" && after && typeof after.monthlyRateCents === "number" && !after.archivedAt)
    return written.id;
  return null;
}

/**
 * What a reader must find derived after these writes: the history rows of their versions, and, for a
 * user who may read rent, the accounts they change (a charge or payment moved to another resident:
 * both accounts) and the receipt's balance of a payment they record.
 */
export function derivedWaits(writes: readonly TWrittenRecord[], mayReadRent: boolean): TDerivedWait[] {
  const waits: TDerivedWait[] = [];
  const accounts = new Set<string>();
  for (const written of writes) {
    const { def, id, before, after } = written;
    if (restrictedPartOf(def.name)) continue;
    if (after && historyChangeOf(def, { id: "", email: "", displayName: null }, "", after, before))
      waits.push({ kind: "history", path: `recordChanges/${historyRowId(def.name, id, Number(after.version))}` });
    if (!mayReadRent) continue;
    const source = `${def.name}/${id}`;
    // The receipt's balance is set with the account; waiting for it too keeps a write made right after
    // (voiding it, say) from reaching the function first.
    if (def.name === "payments" && !before && after) waits.push({ kind: "receipt", path: source });
    const named = ACCOUNT_SOURCES.has(def.name) ? [after?.residentId, before?.residentId] : [billedResident(written)];
    for (const residentId of named) {
      if (typeof residentId !== "string" || accounts.has(residentId)) continue;
      accounts.add(residentId);
      waits.push({ kind: "account", residentId, source });
    }
  }
  return waits;
}
