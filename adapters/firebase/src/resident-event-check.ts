/**
 * A resident's status event written on Firestore, as every backend checks it
 * (@care/core/rules/status-undo.rules): an undo within its window of the event's recording, under the
 * undoer's name, kept once done; a readmission dated after the resident's discharge, read from the
 * resident as stored before the write. The Firestore rules refuse the same writes (event-undo-rules.ts);
 * this check runs first so the refusal names the field.
 */
import { doc, getDoc, type Firestore } from "firebase/firestore";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { callerName } from "@care/core/rules/records.rules";
import { eventUndoRefusal, readmissionRefusal } from "@care/core/rules/status-undo.rules";
import { guard } from "./firebase-errors.ts";

/** Throws the core rules' VALIDATION for a residentEvents write `after` (from `before`, as stored). */
export async function assertEventWrite(
  db: Firestore,
  user: TSessionUser,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const recordedAt = typeof before?.createdAt === "string" ? before.createdAt : undefined;
  const undo = eventUndoRefusal(before, after, callerName(user), recordedAt);
  if (undo) throw undo;
  if (before || after.type !== "readmission" || typeof after.residentId !== "string") return;
  const resident = await guard(() => getDoc(doc(db, "residents", String(after.residentId))));
  const refused = readmissionRefusal(String(after.date), resident.data()?.dischargeDate as string | undefined);
  if (refused) throw refused;
}
