/**
 * Brings a Firebase project's documents written by an earlier version up to this one
 * (`src/firestore-upgrades.ts`): staff (the widened Live Scan statuses and the `_facilities` list
 * limited users' lists match on), homes (the go-live date their reports count from), document types (a period means they expire; the shipped first aid /
 * CPR type, if never edited, expires after two years), roles (the referral fees permission, and their actions), users (the `_grantKey` a limited administrator's list asks for) and every document's times
 * (ISO strings become server timestamps), searchable records' search tokens (every piece of up to three
 * characters), the files records name (marked in use, which keeps them
 * from removal) and reminder states' ids (moved to the id their home and key give), in batches of
 * about 400 writes. Documents already current are left alone, so it may run again. Run with the Admin SDK from
 * a trusted machine (docs/firebase.md, "Upgrading an existing project"):
 * `GOOGLE_APPLICATION_CREDENTIALS=key.json npx tsx adapters/firebase/scripts/upgrade-firestore.ts`
 */
import { initializeApp } from "firebase-admin/app";
import { FieldValue, getFirestore, Timestamp } from "firebase-admin/firestore";
import { collections } from "@care/core/registry";
import { fileLinkFields } from "@care/core/rules/links.rules";
import {
  FILE_IN_USE_FIELD,
  FILES_COLLECTION,
  filesNamedAnew,
  fileSubjectOf,
  serverTimeFields,
} from "../src/firestore-records.ts";
import {
  documentTypeUpgrade,
  facilityDocumentUpgrade,
  reminderStateIdUpgrade,
  roleDocumentUpgrade,
  searchTokensUpgrade,
  staffDocumentUpgrade,
  timesUpgrade,
  userDocumentUpgrade,
} from "../src/firestore-upgrades.ts";

initializeApp();
const db = getFirestore();
let batch = db.batch();
let pending = 0;

/** Adds `writes` (of `count` documents) to the batch, committed whole once it holds 400 writes or more. */
async function queueWrites(count: number, writes: (batch: FirebaseFirestore.WriteBatch) => void): Promise<void> {
  writes(batch);
  pending += count;
  if (pending >= 400) {
    await batch.commit();
    batch = db.batch();
    pending = 0;
  }
}

function queue(ref: FirebaseFirestore.DocumentReference, patch: Record<string, unknown>): Promise<void> {
  return queueWrites(1, (b) => b.update(ref, patch));
}

let staff = 0;
for (const snap of (await db.collection("staff").get()).docs) {
  const patch = staffDocumentUpgrade(snap.data());
  if (!patch) continue;
  const { clearanceDate, ...rest } = patch;
  await queue(snap.ref, { ...rest, ...(clearanceDate === null ? { clearanceDate: FieldValue.delete() } : {}) });
  staff++;
}
let homes = 0;
for (const snap of (await db.collection("facilities").get()).docs) {
  const patch = facilityDocumentUpgrade(snap.data());
  if (!patch) continue;
  await queue(snap.ref, patch);
  homes++;
}
let types = 0;
for (const snap of (await db.collection("documentTypes").get()).docs) {
  const patch = documentTypeUpgrade(snap.id, snap.data());
  if (!patch) continue;
  await queue(snap.ref, "version" in patch ? { ...patch, updatedAt: FieldValue.serverTimestamp() } : patch);
  types++;
}
let users = 0;
for (const snap of (await db.collection("users").get()).docs) {
  const patch = userDocumentUpgrade(snap.data());
  if (!patch) continue;
  await queue(snap.ref, patch);
  users++;
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
// Search tokens recomputed as every piece of up to three characters, which searches now ask for.
let searched = 0;
for (const def of Object.values(collections)) {
  if (def.searchable.length === 0) continue;
  for (const snap of (await db.collection(def.name).get()).docs) {
    const tokens = searchTokensUpgrade(def, snap.data());
    if (!tokens) continue;
    await queue(snap.ref, { _search: tokens });
    searched++;
  }
}
// Files named before the mark existed: the rules keep a file from removal only once it is marked. And
// files marked before descriptions carried their document's subject: the rules read a file by it (a
// staff member's scan needs Staff), and one without it by its home alone.
const named = new Map<string, Record<string, unknown>>();
for (const name of new Set(fileLinkFields().map((link) => link.collection))) {
  const def = collections[name as keyof typeof collections];
  for (const snap of (await db.collection(name).get()).docs)
    for (const id of filesNamedAnew(def, snap.data())) named.set(id, fileSubjectOf(def, snap.data()));
}
let files = 0;
for (const snap of (await db.collection(FILES_COLLECTION).get()).docs) {
  const subject = named.get(snap.id);
  if (subject === undefined) continue;
  const missing = Object.fromEntries(Object.entries(subject).filter(([field]) => snap.get(field) == null));
  if (snap.get(FILE_IN_USE_FIELD) === true && Object.keys(missing).length === 0) continue;
  await queue(snap.ref, { [FILE_IN_USE_FIELD]: true, ...missing });
  files++;
}
// Reminder states move to the id their home and key give, each in one batch with its removal under
// the old id; read after the writes above, with their times already upgraded.
if (pending > 0) await batch.commit();
batch = db.batch();
pending = 0;
let states = 0;
for (const snap of (await db.collection("reminderStates").get()).docs) {
  const id = reminderStateIdUpgrade(snap.id, snap.data());
  if (!id) continue;
  await queueWrites(2, (b) => b.create(snap.ref.parent.doc(id), snap.data()).delete(snap.ref));
  states++;
}
if (pending > 0) await batch.commit();
console.log(
  `brought ${staff} staff records, ${homes} homes (their go-live date), ${types} document types, ${users} users, ${roles} roles, the times of ${times} documents, the search tokens of ${searched}, ${files} files in use and the ids of ${states} reminder states up to date`,
);
