/**
 * Brings staff documents written by an earlier version up to this one (`staffDocumentUpgrade`: the
 * widened Live Scan statuses and the `_facilities` list limited users' lists match on), one batched
 * update per 400 documents. Documents already current are left alone, so it may run again. Run with the
 * Admin SDK from a trusted machine (docs/firebase.md, "Upgrading the staff records of an existing
 * project"): `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/upgrade-staff-records.ts`
 */
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { staffDocumentUpgrade } from "../src/staff-upgrade.ts";

initializeApp();
const db = getFirestore();
let batch = db.batch();
let pending = 0;
let changed = 0;
for (const snap of (await db.collection("staff").get()).docs) {
  const patch = staffDocumentUpgrade(snap.data());
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
console.log(`staff: brought ${changed} records up to date`);
