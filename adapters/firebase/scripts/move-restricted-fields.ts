/**
 * Moves restricted fields written by an earlier version into their sibling documents (a resident's
 * `monthlyRateCents` kept in `residents/{id}`, where every reader of the resident could read it, goes
 * to `residents__rent/{id}`; see restricted-fields.ts), each record in one batch that also deletes the
 * field from the record's document. Records without such a field are left alone, so it may run again.
 * Run with the Admin SDK from a trusted machine (docs/firebase.md, "Moving restricted fields"):
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/move-restricted-fields.ts`
 */
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import type { CollectionDef } from "@care/core/collection";
import { collections } from "@care/core/registry";
import { restrictedDocument, restrictedParts } from "../src/restricted-fields.ts";

initializeApp();
const db = getFirestore();
for (const def of Object.values(collections) as CollectionDef[]) {
  const parts = restrictedParts(def);
  if (parts.length === 0) continue;
  let moved = 0;
  for (const snap of (await db.collection(def.name).get()).docs) {
    const record = { ...snap.data(), id: snap.id };
    const present = parts.filter((part) => part.fields.some((field) => field in record));
    if (present.length === 0) continue;
    const batch = db.batch();
    for (const part of present)
      batch.set(db.doc(`${part.collection}/${snap.id}`), {
        ...restrictedDocument(def, part, record),
        _writtenAt: FieldValue.serverTimestamp(),
      });
    const removed = present.flatMap((part) => part.fields).map((field) => [field, FieldValue.delete()]);
    batch.update(snap.ref, Object.fromEntries(removed));
    await batch.commit();
    moved++;
  }
  console.log(`${def.name}: moved the restricted fields of ${moved} records`);
}
