/**
 * A referral written through the API as "Toured" is checked for a recorded tour inside the write's
 * transaction: its tour's date and time, or a live "Tour" line of its contact log (one written earlier in
 * the same commit counts). The rule is core's `tourRecordError`, the same the memory and Firebase
 * backends apply.
 */
import type { TReferralStatus } from "@care/core/collections/referrals.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { needsTourRecord, tourRecordError } from "@care/core/rules/referral-outcome.rules";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";

type TTourFields = { status: TReferralStatus; tourAt?: string | null };

export async function assertTourRecorded(
  db: PrismaClient | Prisma.TransactionClient,
  _user: TSessionUser,
  id: string,
  fields: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const after = fields as TTourFields;
  const previous = before as TTourFields | undefined;
  if (!needsTourRecord(after, previous)) return;
  const tours = await db.referralContact.count({ where: { referralId: id, kind: "tour", archivedAt: null } });
  const refused = tourRecordError(after, previous, tours > 0);
  if (refused) throw refused;
}
