/**
 * Brings staff documents written before the Live Scan statuses were widened to the new ones
 * (`upgradedClearance` in the staff collection: "pending" → "submitted" with its date as the
 * submission's, "not_cleared" → "denied"), one batched update per 400 documents. Documents already in the
 * new shape are left alone, so it may run again. Run with the Admin SDK from a trusted machine
 * (docs/firebase.md, "Upgrading the Live Scan clearance statuses"):
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/migrate-clearance-statuses.ts`
 */
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { upgradedClearance } from "@care/core/collections/staff.collection";

initializeApp();
const db = getFirestore();
let batch = db.batch();
let pending = 0;
let changed = 0;
for (const snap of (await db.collection("staff").get()).docs) {
  const patch = upgradedClearance(snap.data());
  if (!patch) continue;
  const { clearanceDate, ...rest } = patch;
  batch.update(snap.ref, { ...rest, ...(clearanceDate === null ? { clearanceDate: FieldValue.delete() } : {}) });
  changed++;
  if (++pending === 400) {
    await batch.commit();
    batch = db.batch();
    pending = 0;
  }
}
if (pending > 0) await batch.commit();
console.log(`staff: upgraded the clearance of ${changed} records`);
