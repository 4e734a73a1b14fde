/**
 * A referral's move-in as writes of one commit: the referral closes as "moved in" naming the resident,
 * the move-in date and the first month's rent (which fixes the agent's fee), and the same prospect's
 * other open referrals close as "moved to a sister home" with a note naming where — so no other home
 * keeps chasing, and no second agency's claim goes unnoticed. The resident's own creation (a new
 * admission) is put before these writes by the caller, in the same commit.
 */
import type { DataPort, TWriteOp } from "../ports/data.port.ts";
import type { InsightsPort } from "../ports/insights.port.ts";
import type { TRecordOf } from "../registry.ts";
import { CLOSED_REFERRAL_STATUSES } from "../collections/referrals.collection.ts";

type TReferralRecord = TRecordOf<"referrals">;

export interface TMoveIn {
  referral: TReferralRecord;
  residentId: string;
  moveInDate: string;
  /** The resident's monthly rent at move-in, when known. */
  firstMonthRentCents?: number | undefined;
  /** The same prospect's referrals found by the duplicate check (any status; closed ones are left alone). */
  sisters: readonly TReferralRecord[];
}

/** Whether a referral is still open (not moved in, declined or lost). */
export function isOpenReferral(r: Pick<TReferralRecord, "status">): boolean {
  return !CLOSED_REFERRAL_STATUSES.includes(r.status);
}

/** What a move-in says it did to the prospect's other referrals (the commit's writes after the first). */
export function sisterClosesText(closed: number, elsewhere: number): string {
  const parts: string[] = [];
  if (closed > 0)
    parts.push(`${closed} other open referral${closed === 1 ? " was" : "s were"} closed as moved to a sister home.`);
  if (elsewhere > 0)
    parts.push("This person was also referred to a home you do not see: tell its administrator of the move-in.");
  return parts.join(" ");
}

export function moveInOps(move: TMoveIn): TWriteOp[] {
  const { referral } = move;
  const ops: TWriteOp[] = [
    {
      op: "update",
      collection: "referrals",
      id: referral.id,
      version: referral.version,
      patch: {
        status: "moved_in",
        closeReason: "moved_in",
        residentId: move.residentId,
        moveInDate: move.moveInDate,
        // Set only by a role with Referral fees (the caller leaves it out otherwise).
        ...(move.firstMonthRentCents !== undefined ? { firstMonthRentCents: move.firstMonthRentCents } : {}),
        nextFollowUp: null,
      },
    },
  ];
  for (const sister of move.sisters) {
    if (sister.id === referral.id || !isOpenReferral(sister)) continue;
    // The sister referral's home may not see the other home: the note says only that it was one of the group's.
    const note = `Moved in at another home of the group on ${move.moveInDate}.`;
    ops.push({
      op: "update",
      collection: "referrals",
      id: sister.id,
      version: sister.version,
      patch: {
        status: "lost",
        closeReason: "sister_home",
        nextFollowUp: null,
        outcomeNotes: sister.outcomeNotes ? `${sister.outcomeNotes}\n${note}` : note,
      },
    });
  }
  return ops;
}

/**
 * The same prospect's other referrals the user may see and change, read at their current version: found
 * by the group-wide duplicate check (name and birth date, phone, e-mail). Referrals in homes the user does
 * not see are counted in `elsewhere`, for the page to say whom to tell.
 */
export async function sisterReferrals(
  ports: { data: DataPort; insights: InsightsPort },
  referral: TReferralRecord,
): Promise<{ sisters: TReferralRecord[]; elsewhere: number }> {
  const answer = await ports.insights.referralMatches({
    firstName: referral.firstName,
    lastName: referral.lastName,
    ...(referral.dateOfBirth ? { dateOfBirth: referral.dateOfBirth } : {}),
    ...(referral.phone ? { phone: referral.phone } : {}),
    ...(referral.email ? { email: referral.email } : {}),
    excludeId: referral.id,
  });
  const open = answer.matches.filter((m) => !CLOSED_REFERRAL_STATUSES.includes(m.status));
  const sisters = await Promise.all(open.map((m) => ports.data.get("referrals", m.id)));
  return { sisters, elsewhere: answer.elsewhere.reduce((sum, e) => sum + e.count, 0) };
}
