/**
 * When a referral moves in, its prospect's open referrals in the homes the mover does not see are closed
 * here, in the same transaction, as "moved to a sister home" — so another home stops chasing a person
 * who already lives in the group, even though the mover may not see or change that home's referrals
 * (their own commit closes the ones they see: core's `moveInOps`). Each close is versioned, kept in the
 * referral's history and audited as the mover's.
 */
import { collections } from "@care/core/registry";
import { canSeeFacility } from "@care/core/rules/access.rules";
import { recordChange } from "@care/core/rules/history.rules";
import { hiddenSisters, justMovedIn, prospectKeysOf, sisterClosePatch } from "@care/core/rules/referral-move-in.rules";
import { hasProspectKeys } from "@care/core/rules/referral-matches.rules";
import { randomUUID } from "node:crypto";
import { writeAudit } from "../audit/audit-log.ts";
import type { TCaller } from "../caller.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { genericMapper, type TRecord } from "../collections/row-mappers.ts";
import { referralCandidates } from "./referral-matches.ts";

type TDb = PrismaClient | Prisma.TransactionClient;

const def = collections.referrals;
const mapper = genericMapper(def);

export async function closeHiddenSisterReferrals(
  db: TDb,
  caller: TCaller,
  record: TRecord,
  before?: Record<string, unknown>,
): Promise<void> {
  const user = caller.user;
  const referral = record as unknown as Parameters<typeof prospectKeysOf>[0] & {
    status: "moved_in";
    moveInDate?: string;
  };
  if (!user || user.facilityIds === null || !justMovedIn(referral, before as Parameters<typeof justMovedIn>[1])) return;
  const keys = prospectKeysOf(referral);
  if (!hasProspectKeys(keys)) return;
  const sisters = hiddenSisters(referral, await referralCandidates(db, keys), (id) => canSeeFacility(user, id));
  const moveInDate = referral.moveInDate ?? new Date().toISOString().slice(0, 10);
  for (const sister of sisters) {
    const row = await db.referral.findUnique({ where: { id: sister.id } });
    if (!row) continue;
    const current = mapper.toRecord(row as never);
    const patch = sisterClosePatch(current as unknown as Parameters<typeof sisterClosePatch>[0], moveInDate);
    const now = new Date();
    const { count } = await db.referral.updateMany({
      where: { id: sister.id, version: current.version },
      data: {
        status: String(patch.status),
        closeReason: String(patch.closeReason),
        nextFollowUp: null,
        outcomeNotes: String(patch.outcomeNotes),
        version: { increment: 1 },
        updatedAt: now,
        updatedBy: user.id,
      },
    });
    if (count === 0) continue; // changed meanwhile by its own home: they see the move-in in their checks
    const updated = mapper.toRecord((await db.referral.findUnique({ where: { id: sister.id } })) as never);
    const change = recordChange(def, "update", user, now.toISOString(), updated, current);
    if (change)
      await db.recordChange.create({ data: { ...change, id: randomUUID(), createdBy: user.id, updatedBy: user.id } });
    await writeAudit(db, caller, {
      action: "update",
      collection: "referrals",
      recordId: sister.id,
      facilityId: String(updated.facilityId),
      summary: "status, closeReason, nextFollowUp, outcomeNotes (the prospect moved in at another home)",
    });
  }
}
