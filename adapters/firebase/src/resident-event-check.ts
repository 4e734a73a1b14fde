/**
 * A resident's status event written on Firestore, as every backend checks it
 * (@care/core/rules/status-undo.rules): an undo of a kind that can be undone, of the resident's latest
 * event that still counts, on the home's today, within its window of the event's recording, under the
 * undoer's name, kept once done; a readmission dated after the resident's discharge, read from the
 * resident as stored before the write. The Firestore rules refuse what they can of the same writes
 * (event-undo-rules.ts; they cannot query the resident's other events nor know the home's today, see
 * docs/firebase.md); this check runs first so the refusal names the field.
 */
import { collection, doc, getDoc, getDocs, query, where, type Firestore } from "firebase/firestore";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { todayIn } from "@care/core/rules/date-only.rules";
import { callerName } from "@care/core/rules/records.rules";
import { eventUndoRefusal, readmissionRefusal } from "@care/core/rules/status-undo.rules";
import { guard } from "./firebase-errors.ts";
import { exactStoredValue } from "./firestore-records.ts";

/** The resident's events as stored, and the home's today, for an undo of one of them. */
async function undoContext(db: Firestore, before: Record<string, unknown>) {
  const facilityId = String(before.facilityId);
  const [events, facility] = await Promise.all([
    guard(() =>
      getDocs(
        query(
          collection(db, "residentEvents"),
          where("_facility", "==", facilityId),
          where("residentId", "==", String(before.residentId)),
        ),
      ),
    ),
    guard(() => getDoc(doc(db, "facilities", facilityId))),
  ]);
  return {
    events: events.docs.map((d) => {
      const data = d.data();
      return {
        id: d.id,
        type: String(data.type),
        date: String(data.date),
        undoReason: (data.undoReason as string | null | undefined) ?? undefined,
        createdAt: String(exactStoredValue(data.createdAt)),
      };
    }),
    today: todayIn(String(facility.data()?.timeZone ?? "UTC")),
  };
}

/** Throws the core rules' VALIDATION for a residentEvents write `after` (from `before`, as stored). */
export async function assertEventWrite(
  db: Firestore,
  user: TSessionUser,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const id = String(before?.id ?? after.id);
  const undoing = before && !before.undoReason && after.undoReason;
  const context = undoing ? await undoContext(db, before) : { events: [], today: "" };
  const recordedAt = typeof before?.createdAt === "string" ? before.createdAt : undefined;
  const undo = eventUndoRefusal(id, before, after, { undoerName: callerName(user), recordedAt, ...context });
  if (undo) throw undo;
  if (before || after.type !== "readmission" || typeof after.residentId !== "string") return;
  const resident = await guard(() => getDoc(doc(db, "residents", String(after.residentId))));
  const refused = readmissionRefusal(String(after.date), resident.data()?.dischargeDate as string | undefined);
  if (refused) throw refused;
}
