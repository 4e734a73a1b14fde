/**
 * The first administrator of a new Firebase project (docs/firebase.md, set-up step 9): what a group
 * starts with (`groupDefaults`: the default roles, which the rules read on every request, the RCFE
 * document types and California's training requirements, as the server seeds them; roles already there
 * are kept, and types or requirements only go into a collection that has none yet) and the
 * account's users record with the Administrator role for every home, and its claims. Run once with the
 * Admin SDK from a trusted machine, after creating the account under Authentication → Users:
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/first-admin.ts admin@acme-care.example`
 */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { collections } from "@care/core/registry";
import { groupDefaults, type TDefaultCollection } from "../src/group-defaults.ts";
import { toStoredData } from "../src/firestore-records.ts";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npx tsx adapters/firebase/scripts/first-admin.ts <e-mail of the account>");
  process.exit(2);
}

initializeApp();
const db = getFirestore();
const user = await getAuth().getUserByEmail(email);
const meta = { version: 1, createdBy: null, updatedBy: null, archivedAt: null };
/** A record as the adapter stores it, its times the server's. */
const stored = (name: TDefaultCollection | "users", id: string, fields: Record<string, unknown>) => {
  const now = FieldValue.serverTimestamp();
  return {
    ...toStoredData(collections[name], { ...fields, ...meta, id }),
    createdAt: now,
    updatedAt: now,
    _writtenAt: now,
  };
};

let created = 0;
/** A collection the administrator's choices already shaped is left alone (as the server seeds an empty one only). */
const started = new Map<string, boolean>();
for (const { collection, id, fields } of groupDefaults()) {
  if (collection !== "roles") {
    if (!started.has(collection)) started.set(collection, !(await db.collection(collection).limit(1).get()).empty);
    if (started.get(collection)) continue;
  }
  const ref = db.doc(`${collection}/${id}`);
  if ((await ref.get()).exists) continue;
  await ref.set(stored(collection, id, fields));
  created++;
}
await db.doc(`users/${user.uid}`).set(
  stored("users", user.uid, {
    email: user.email,
    displayName: null,
    role: "administrator",
    facilityIds: null,
    active: true,
  }),
);
await getAuth().setCustomUserClaims(user.uid, { role: "administrator", facilityIds: null });
console.log(
  `${created} default roles, document types and training requirements created; ${user.email} is the administrator of every home.`,
);
