/**
 * "Toured" on Firestore, as every backend checks it (`tourRecordError` in
 * @care/core/rules/referral-outcome.rules): a referral left "Toured" without its tour's date and time
 * needs a live "Tour" line in its contact log, counted by an aggregation query before the write (the
 * rules cannot query the log). A commit that logs the tour and marks the referral toured together passes
 * (`tourInCommit`). A browser writing Firestore directly could skip it: docs/firebase.md says so.
 */
import { collection, getCountFromServer, query, where, type Firestore } from "firebase/firestore";
import { needsTourRecord, tourRecordError } from "@care/core/rules/referral-outcome.rules";
import type { TReferralStatus } from "@care/core/collections/referrals.collection";
import type { TWriteOp } from "@care/core/ports/data.port";
import { guard } from "./firebase-errors.ts";

type TTourFields = { id: string; facilityId: string; status: TReferralStatus; tourAt?: string | null };

/** Throws the core rule's VALIDATION when the referral write `after` (from `before`) has no tour recorded. */
export async function assertTourRecorded(
  db: Firestore,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
  tourInCommit = false,
): Promise<void> {
  const next = after as TTourFields;
  const previous = before as TTourFields | undefined;
  if (!needsTourRecord(next, previous) || tourInCommit) return;
  const tours = query(
    collection(db, "referralContacts"),
    where("_facility", "==", next.facilityId),
    where("referralId", "==", next.id),
    where("kind", "==", "tour"),
    where("archivedAt", "==", null),
  );
  const count = previous ? (await guard(() => getCountFromServer(tours))).data().count : 0;
  const refused = tourRecordError(next, previous, count > 0);
  if (refused) throw refused;
}

/** Whether a commit's ops log a "Tour" contact of the referral (created before its log could be queried). */
export function tourLoggedIn(ops: readonly TWriteOp[], referralId: string): boolean {
  return ops.some(
    (op) =>
      op.op === "create" &&
      op.collection === "referralContacts" &&
      (op.data as { referralId?: unknown; kind?: unknown }).referralId === referralId &&
      (op.data as { kind?: unknown }).kind === "tour",
  );
}
