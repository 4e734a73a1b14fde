/**
 * A referral's move-in as writes of one commit: the referral closes as "moved in" naming the resident,
 * the move-in date and the first month's rent (which fixes the agent's fee), and the same prospect's
 * other open referrals close as "moved to a sister home" with a note naming where — so no other home
 * keeps chasing, and no second agency's claim goes unnoticed. The resident's own creation (a new
 * admission) is put before these writes by the caller, in the same commit. Referrals in homes the mover
 * does not see are closed by the backend itself in that commit (`hiddenSisters`).
 */
import type { DataPort, TWriteOp } from "../ports/data.port.ts";
import type { InsightsPort } from "../ports/insights.port.ts";
import type { TPatchOf, TRecordOf } from "../registry.ts";
import { CLOSED_REFERRAL_STATUSES } from "../collections/referrals.collection.ts";
import { normalizedName } from "./resident-matches.rules.ts";
import {
  hasProspectKeys,
  matchReasons,
  parseReferralMatchesQuery,
  type TProspectKeys,
  type TReferralCandidate,
  type TReferralMatchesQuery,
} from "./referral-matches.rules.ts";

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
    parts.push(
      "This person was also referred to a home you do not see: that referral was closed as moved to a sister home too.",
    );
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
    ops.push({
      op: "update",
      collection: "referrals",
      id: sister.id,
      version: sister.version,
      patch: sisterClosePatch(sister, move.moveInDate),
    });
  }
  return ops;
}

/**
 * How a sister referral closes when its prospect moved in at another home: lost, "moved to a sister
 * home", no follow-up, with a note. The sister referral's home may not see the other home, so the note
 * says only that it was one of the group's.
 */
export function sisterClosePatch(
  sister: Pick<TReferralRecord, "outcomeNotes">,
  moveInDate: string,
): TPatchOf<"referrals"> {
  const note = `Moved in at another home of the group on ${moveInDate}.`;
  return {
    status: "lost",
    closeReason: "sister_home",
    nextFollowUp: null,
    outcomeNotes: sister.outcomeNotes ? `${sister.outcomeNotes}\n${note}` : note,
  };
}

/**
 * Whether a referral just moved in (created or changed to "moved in"): then the backends close its
 * prospect's open referrals in the homes the mover does not see (`hiddenSisters`), in the same
 * transaction, while the mover's own commit closes the ones they see (`moveInOps`).
 */
export function justMovedIn(
  record: Pick<TReferralRecord, "status">,
  before?: Partial<Pick<TReferralRecord, "status">>,
): boolean {
  return record.status === "moved_in" && before?.status !== "moved_in";
}

/**
 * The prospect's open referrals, among `candidates` (any referrals read by the duplicate check's keys),
 * in homes the mover cannot see: the same person by the duplicate check's rule, and under the same name —
 * they are closed without anyone there seeing them, and a phone or e-mail alone is often shared (a family
 * member, a hospital's discharge planner).
 */
export function hiddenSisters<C extends TReferralCandidate>(
  referral: TProspect,
  candidates: readonly C[],
  canSee: (facilityId: string) => boolean,
): C[] {
  const keys = prospectKeysOf(referral);
  return candidates.filter(
    (c) =>
      c.id !== referral.id &&
      isOpenReferral(c) &&
      !canSee(c.facilityId) &&
      normalizedName(c.lastName) === normalizedName(referral.lastName) &&
      normalizedName(c.firstName) === normalizedName(referral.firstName) &&
      matchReasons(c, keys).length > 0,
  );
}

type TProspect = Pick<TReferralRecord, "id" | "firstName" | "lastName" | "dateOfBirth" | "phone" | "email">;

/** The duplicate check's question for a stored referral's prospect (its own referral excluded). */
function prospectQueryOf(referral: TProspect): TReferralMatchesQuery {
  return {
    firstName: referral.firstName,
    lastName: referral.lastName,
    ...(referral.dateOfBirth ? { dateOfBirth: referral.dateOfBirth } : {}),
    ...(referral.phone ? { phone: referral.phone } : {}),
    ...(referral.email ? { email: referral.email } : {}),
    excludeId: referral.id,
  };
}

/**
 * The duplicate check's keys of a stored referral (its own id excluded), without the name-only key: a
 * move-in closes the referrals of the same person (date of birth, phone or e-mail), never of a namesake.
 */
export function prospectKeysOf(referral: TProspect): TProspectKeys {
  const { name: _namesake, ...keys } = parseReferralMatchesQuery(prospectQueryOf(referral));
  return keys;
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
  // Known by its name alone, a prospect's namesakes are not closed: there is no one to look for.
  if (!hasProspectKeys(prospectKeysOf(referral))) return { sisters: [], elsewhere: 0 };
  const answer = await ports.insights.referralMatches(prospectQueryOf(referral));
  const open = answer.matches.filter((m) => !CLOSED_REFERRAL_STATUSES.includes(m.status));
  const sisters = await Promise.all(open.map((m) => ports.data.get("referrals", m.id)));
  return { sisters, elsewhere: answer.elsewhere.reduce((sum, e) => sum + e.count, 0) };
}
