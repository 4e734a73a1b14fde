/**
 * Brings a Firebase project's documents written by an earlier version up to this one
 * (`src/firestore-upgrades.ts`): staff (the widened Live Scan statuses and the `_facilities` list
 * limited users' lists match on) and roles (the referral fees permission), one batched update per 400
 * documents. Documents already current are left alone, so it may run again. Run with the Admin SDK from
 * a trusted machine (docs/firebase.md, "Upgrading an existing project"):
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/upgrade-firestore.ts`
 */
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { roleDocumentUpgrade, staffDocumentUpgrade } from "../src/firestore-upgrades.ts";

initializeApp();
const db = getFirestore();
let batch = db.batch();
let pending = 0;

async function queue(ref: FirebaseFirestore.DocumentReference, patch: Record<string, unknown>): Promise<void> {
  batch.update(ref, patch);
  if (++pending === 400) {
    await batch.commit();
    batch = db.batch();
    pending = 0;
  }
}

let staff = 0;
for (const snap of (await db.collection("staff").get()).docs) {
  const patch = staffDocumentUpgrade(snap.data());
  if (!patch) continue;
  const { clearanceDate, ...rest } = patch;
  await queue(snap.ref, { ...rest, ...(clearanceDate === null ? { clearanceDate: FieldValue.delete() } : {}) });
  staff++;
}
let roles = 0;
for (const snap of (await db.collection("roles").get()).docs) {
  const patch = roleDocumentUpgrade(snap.id, snap.data());
  if (!patch) continue;
  await queue(snap.ref, patch);
  roles++;
}
if (pending > 0) await batch.commit();
console.log(`brought ${staff} staff records and ${roles} roles up to date`);
