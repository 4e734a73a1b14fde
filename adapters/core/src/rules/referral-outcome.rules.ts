/**
 * What a referral's stage must be true to: "Toured" only once a tour is recorded (its date and time on the
 * referral, or a "Tour" line in its contact log), and a duplicate of a prospect who already moved in is
 * logged closed as that duplicate, owing its agency nothing. Every backend refuses a tour that was never
 * recorded (each reads the contact log its own way); the web app words the fee from the same rules.
 */
import { AppError } from "../app-error.ts";
import { CLOSED_REFERRAL_STATUSES, type TReferralStatus } from "../collections/referrals.collection.ts";
import type { TInputOf } from "../registry.ts";

/** The message beside the status when a referral is marked toured with no tour recorded. */
export const NO_TOUR_MESSAGE =
  "No tour is recorded: schedule the tour with its date and time, or log a Tour in the contact log, then mark it toured";

type TTourFields = { status: TReferralStatus; tourAt?: string | null | undefined };

/**
 * Whether a write needs the contact log read: it leaves the referral "Toured" without a tour date and
 * time, and it is what made it so (a create, a move to "Toured", or the tour's date cleared). An older
 * record that already reads "Toured" is left alone by edits of its other fields.
 */
export function needsTourRecord(after: TTourFields, before?: TTourFields): boolean {
  if (after.status !== "toured" || after.tourAt) return false;
  return before === undefined || before.status !== "toured" || Boolean(before.tourAt);
}

/** The refusal of marking a referral toured with no tour recorded (`hasTourContact`: a live "Tour" contact), or null. */
export function tourRecordError(after: TTourFields, before: TTourFields | undefined, hasTourContact: boolean) {
  if (!needsTourRecord(after, before) || hasTourContact) return null;
  return new AppError("VALIDATION", NO_TOUR_MESSAGE, { fields: { status: NO_TOUR_MESSAGE } });
}

/**
 * The fields a new referral logged as a duplicate takes from the referral it duplicates: when that
 * prospect already moved in, the new one is closed at once as a duplicate (lost, reason "duplicate")
 * with a note, so it never sits "New" in the pipeline; otherwise it stays open, linked.
 */
export function loggedDuplicateFields(target: {
  id: string;
  status?: TReferralStatus | undefined;
}): Pick<TInputOf<"referrals">, "duplicateOfId" | "status" | "closeReason" | "outcomeNotes"> {
  if (target.status !== "moved_in") return { duplicateOfId: target.id };
  return {
    duplicateOfId: target.id,
    status: "lost",
    closeReason: "duplicate",
    outcomeNotes: "Already moved in under an earlier referral: logged closed as its duplicate. No fee is owed for it.",
  };
}

type TOwedReferral = {
  status: TReferralStatus;
  duplicateOfId?: string | undefined;
  closeReason?: string | undefined;
};

/**
 * How the referral's page words what its agent is owed when no amount is known: a duplicate owes
 * nothing whatever its stage; a closed referral without a move-in owes nothing; an open one owes nothing
 * until a move-in; a move-in needs terms and the first month's rent. `closeLabel` words a close reason.
 */
export function feeOwedWording(
  referral: TOwedReferral,
  hasTerms: boolean,
  closeLabel: (reason: string) => string,
): string {
  if (referral.duplicateOfId) return "Nothing: a duplicate of an earlier referral, no fee is owed for it";
  if (referral.status !== "moved_in" && CLOSED_REFERRAL_STATUSES.includes(referral.status))
    return `Nothing: the referral is closed (${referral.closeReason ? closeLabel(referral.closeReason).toLowerCase() : "not moved in"})`;
  if (referral.status !== "moved_in") return "Nothing until the prospect moves in";
  if (!hasTerms) return "No fee terms are recorded for the agent";
  return "Not known until the first month's rent is entered";
}
