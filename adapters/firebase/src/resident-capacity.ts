/**
 * A home's licensed capacity on Firestore: the same core rules as every backend (an admission, move or
 * readmission into a full home is refused beside the home; only someone who may change the home's
 * settings records the approved exception), with the home's residents holding a bed counted by an
 * aggregation query before the write. Firestore's rules cannot count, and a client transaction cannot
 * run a query, so unlike the server (which locks the home's row) two admissions at the very same moment
 * into the last bed can both pass: docs/firebase.md says so in its guarantees table.
 */
import {
  collection,
  doc,
  getCountFromServer,
  getDocFromServer,
  query,
  where,
  type Firestore,
} from "firebase/firestore";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { can } from "@care/core/rules/access.rules";
import { capacityRefusal, exceptionRefusal, LIVING_STATUSES, takesNewBed } from "@care/core/rules/census.rules";
import { guard } from "./firebase-errors.ts";

type TResidentFields = { facilityId: string; status: TResidentStatus; capacityException?: string | null };

/** Throws the core rules' VALIDATION when the resident's write `after` (from `before`) would not fit. */
export async function assertResidentFits(
  db: Firestore,
  user: TSessionUser,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const next = after as TResidentFields;
  const previous = before as TResidentFields | undefined;
  const notAllowed = exceptionRefusal(
    can(user, "facilities", "write"),
    next.capacityException ?? undefined,
    previous?.capacityException ?? undefined,
  );
  if (notAllowed) throw notAllowed;
  if (!takesNewBed(next, previous)) return;
  const home = (await guard(() => getDocFromServer(doc(db, "facilities", next.facilityId)))).data();
  if (!home || typeof home.licensedCapacity !== "number") return; // no capacity recorded (a missing home: the link check says so)
  const holdingBeds = query(
    collection(db, "residents"),
    where("_facility", "==", next.facilityId),
    where("status", "in", [...LIVING_STATUSES]),
    where("archivedAt", "==", null),
  );
  const taken = (await guard(() => getCountFromServer(holdingBeds))).data().count;
  const full = capacityRefusal(
    { name: String(home.name), licensedCapacity: home.licensedCapacity },
    taken,
    next.capacityException ?? undefined,
  );
  if (full) throw full;
}
