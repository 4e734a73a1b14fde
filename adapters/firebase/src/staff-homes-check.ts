/**
 * A staff member's other homes on Firestore, as every backend checks them (`otherHomesRefusal` in
 * @care/core/rules/staff-homes.rules): the generated rules refuse adding or removing a home the user
 * may not write (set operations, no document read); that an added home exists is checked here, before
 * the write, reading each added home's document — the rules could not read up to 50 homes within the
 * 10 documents a write's rules may read, so a group-wide user writing Firestore directly could name a
 * home that does not exist (docs/firebase.md, guarantees).
 */
import { doc, getDocFromServer, type Firestore } from "firebase/firestore";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { otherHomesChanged, otherHomesRefusal } from "@care/core/rules/staff-homes.rules";
import { guard } from "./firebase-errors.ts";

/** Throws the core rule's refusal of the staff write `after` (from `before`; a create without). */
export async function assertOtherHomes(
  db: Firestore,
  user: TSessionUser,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const changed = otherHomesChanged(
    after.otherFacilityIds as string[] | undefined,
    before?.otherFacilityIds as string[] | undefined,
  );
  if (changed.added.length + changed.removed.length === 0) return;
  const access = otherHomesRefusal(user, changed, new Set(changed.added));
  if (access) throw access;
  const found = await Promise.all(
    changed.added.map(async (id) =>
      (await guard(() => getDocFromServer(doc(db, "facilities", id)))).exists() ? id : null,
    ),
  );
  const refusal = otherHomesRefusal(user, changed, new Set(found.filter((id): id is string => id !== null)));
  if (refusal) throw refusal;
}
