/**
 * Brings a Firebase project's documents written by an earlier version up to this one
 * (`src/firestore-upgrades.ts`): staff (the widened Live Scan statuses and the `_facilities` list
 * limited users' lists match on), roles (the referral fees permission) and every document's times
 * (ISO strings become server timestamps), one batched update per 400
 * documents. Documents already current are left alone, so it may run again. Run with the Admin SDK from
 * a trusted machine (docs/firebase.md, "Upgrading an existing project"):
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/upgrade-firestore.ts`
 */
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore, Timestamp } from "firebase-admin/firestore";
import { collections } from "@care/core/registry";
import { FILES_COLLECTION, serverTimeFields } from "../src/firestore-records.ts";
import { roleDocumentUpgrade, staffDocumentUpgrade, timesUpgrade } from "../src/firestore-upgrades.ts";

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
let times = 0;
const timed = [
  ...Object.values(collections).map((def) => [def.name, serverTimeFields(def)] as const),
  [FILES_COLLECTION, ["createdAt"]] as const,
];
for (const [name, fields] of timed) {
  for (const snap of (await db.collection(name).get()).docs) {
    const patch = timesUpgrade(fields, snap.data());
    if (!patch) continue;
    const stamps = Object.entries(patch).map(([field, t]) => [field, new Timestamp(t.seconds, t.nanoseconds)]);
    await queue(snap.ref, Object.fromEntries(stamps));
    times++;
  }
}
if (pending > 0) await batch.commit();
console.log(`brought ${staff} staff records, ${roles} roles and the times of ${times} documents up to date`);
