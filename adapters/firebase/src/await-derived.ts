/**
 * The browser's side of what the Cloud Functions derive after a write (derived-records.ts): waiting,
 * bounded, for the history row and rent accounts a write makes, so a page read right after the write
 * shows them as the server's answer would; and naming who saved a record's newer version in a
 * CONFLICT, from that version's history row (readable by whoever may read the record) or their user
 * record.
 */
import { doc, getDocFromServer, Timestamp, type Firestore } from "firebase/firestore";
import { AppError } from "@care/core/app-error";
import type { CollectionDef } from "@care/core/collection";
import { DERIVED_AT_FIELD, DERIVED_WAIT_MS, historyRowId, type TDerivedWait } from "./derived-records.ts";

const POLL_MS = 200;

/** A document's data, or null while it is missing or not yet readable (the rules refuse a missing one). */
async function dataOf(db: Firestore, path: string): Promise<Record<string, unknown> | null> {
  try {
    const snap = await getDocFromServer(doc(db, path));
    return snap.exists() ? snap.data() : null;
  } catch (error) {
    if ((error as { code?: unknown }).code === "permission-denied") return null;
    throw error;
  }
}

/** Whether Firestore timestamp `a` is at or after `b`. */
function atOrAfter(a: unknown, b: unknown): boolean {
  if (!(a instanceof Timestamp) || !(b instanceof Timestamp)) return false;
  return a.seconds > b.seconds || (a.seconds === b.seconds && a.nanoseconds >= b.nanoseconds);
}

/** Whether one wait is over: the history row exists; the account was derived after its source was written. */
async function isDone(db: Firestore, wait: TDerivedWait, writtenAt: Map<string, unknown>): Promise<boolean> {
  if (wait.kind === "history") return (await dataOf(db, wait.path)) !== null;
  if (wait.kind === "receipt") return ((await dataOf(db, wait.path))?.balanceAfterCents ?? null) !== null;
  if (!writtenAt.has(wait.source)) writtenAt.set(wait.source, (await dataOf(db, wait.source))?._writtenAt);
  const account = await dataOf(db, `rentAccounts/${wait.residentId}`);
  return account !== null && atOrAfter(account[DERIVED_AT_FIELD], writtenAt.get(wait.source));
}

/**
 * Resolves once every wait is over; polls the documents (a few reads a second) for at most
 * `DERIVED_WAIT_MS`, then fails with UNAVAILABLE saying the write itself was saved.
 */
export async function awaitDerived(db: Firestore, waits: readonly TDerivedWait[]): Promise<void> {
  const deadline = Date.now() + DERIVED_WAIT_MS;
  const writtenAt = new Map<string, unknown>();
  let pending = [...waits];
  while (pending.length > 0) {
    const done = await Promise.all(pending.map((wait) => isDone(db, wait, writtenAt)));
    pending = pending.filter((_, i) => !done[i]);
    if (pending.length === 0) return;
    if (Date.now() >= deadline) {
      const what = pending.some((w) => w.kind !== "history") ? "the rent account" : "the record's history";
      throw new AppError(
        "UNAVAILABLE",
        `Your change was saved, but ${what} was not updated within ${DERIVED_WAIT_MS / 1000} seconds. Reload the page in a moment; do not enter the change again.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Who saved `current` (a record's newer version), by their name as its history row or their user
 * record gives it; undefined when neither is readable to this user.
 */
export async function savedByName(
  db: Firestore,
  def: CollectionDef,
  current: { id: string; version?: unknown; updatedBy?: unknown },
): Promise<string | undefined> {
  try {
    const row = await dataOf(db, `recordChanges/${historyRowId(def.name, current.id, Number(current.version))}`);
    if (typeof row?.actorName === "string" && row.actorName !== "") return row.actorName;
    if (typeof current.updatedBy !== "string") return undefined;
    const user = await dataOf(db, `users/${current.updatedBy}`);
    const name = user?.displayName ?? user?.email;
    return typeof name === "string" ? name : undefined;
  } catch {
    // Naming who saved is a courtesy: a read that fails leaves the conflict unnamed, as before.
    return undefined;
  }
}
