/**
 * A staff member's transfer on Firestore takes their future shifts off the old home's rota, as every
 * backend does (`isShiftLeftBehind` in @care/core/rules/transfer-access.rules): a web SDK transaction
 * reads documents, not queries, so the shifts are found by a query first, then read again and deleted
 * in the transfer's first transaction (the rules' delete of a shift needs schedule write at that home).
 */
import {
  collection,
  doc,
  getDocFromServer,
  getDocsFromServer,
  query,
  where,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from "firebase/firestore";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import { isShiftLeftBehind, type TShiftAtHome } from "@care/core/rules/transfer-access.rules";
import { guard } from "./firebase-errors.ts";

/** The moved staff member's shifts at `from` that the move removes (`moved` as it will be stored). */
export async function shiftsLeftBehind(
  db: Firestore,
  moved: { id: string; otherFacilityIds?: readonly string[] | undefined },
  from: string,
  now: Date = new Date(),
): Promise<DocumentReference[]> {
  const home = (await guard(() => getDocFromServer(doc(db, "facilities", from)))).data();
  const timeZone = typeof home?.timeZone === "string" && home.timeZone ? home.timeZone : DEFAULT_TIME_ZONE;
  const since = addDays(todayIn(timeZone, now), -1); // a night shift of yesterday may still be ahead
  const snap = await guard(() =>
    getDocsFromServer(
      query(
        collection(db, "shifts"),
        where("_facility", "==", from),
        where("staffId", "==", moved.id),
        where("date", ">=", since),
      ),
    ),
  );
  return snap.docs
    .filter((found) => isShiftLeftBehind(found.data() as TShiftAtHome, moved, from, timeZone, now))
    .map((found) => found.ref);
}

/** Reads the shifts again in `tx` (before its writes); returns a function deleting those still there. */
export async function deleteShiftsIn(tx: Transaction, refs: readonly DocumentReference[]): Promise<() => number> {
  const found = await Promise.all(refs.map((ref) => tx.get(ref)));
  return () => {
    const present = found.filter((snap) => snap.exists());
    for (const snap of present) tx.delete(snap.ref);
    return present.length;
  };
}
