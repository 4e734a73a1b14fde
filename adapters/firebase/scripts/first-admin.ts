/**
 * The first administrator of a new Firebase project (docs/firebase.md, set-up step 9): the group's default
 * roles (`roles/{id}`, which the rules read on every request; roles already there are kept) and the
 * account's users record with the Administrator role for every home, and its claims. Run once with the
 * Admin SDK from a trusted machine, after creating the account under Authentication → Users:
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/first-admin.ts admin@acme-care.example`
 */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { FieldValue, getFirestore } from "firebase-admin/firestore";
import { DEFAULT_ROLES } from "@care/core/collections/roles.collection";
import { collections } from "@care/core/registry";
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
const stored = (name: "roles" | "users", id: string, fields: Record<string, unknown>) => {
  const now = FieldValue.serverTimestamp();
  return {
    ...toStoredData(collections[name], { ...fields, ...meta, id }),
    createdAt: now,
    updatedAt: now,
    _writtenAt: now,
  };
};

let created = 0;
for (const [id, role] of Object.entries(DEFAULT_ROLES)) {
  const ref = db.doc(`roles/${id}`);
  if ((await ref.get()).exists) continue;
  await ref.set(stored("roles", id, role));
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
console.log(`${created} default roles created; ${user.email} is the administrator of every home.`);
