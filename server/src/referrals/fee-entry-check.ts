/**
 * A fee entry written through the API is checked against the referral's fee as stored, inside the
 * write's transaction, so a direct call cannot pay one fee twice: the agent's row is locked first, so
 * two entries for the same agent (two payments of one balance, two invoices of one number) take turns
 * and the second counts the first. The rule is core's `feeEntryError`, the same the web app and the
 * memory backend apply.
 */
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import type { TFeeEntryKind, TFeeKind, TReferralStatus } from "@care/core/collections/referrals.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { feeEntryError } from "@care/core/rules/referral-deadlines.rules";

type TDb = PrismaClient | Prisma.TransactionClient;

const optional = <T>(value: T | null): T | undefined => value ?? undefined;

export async function assertFeeEntryAllowed(
  db: TDb,
  _user: TSessionUser,
  id: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const entry = fields as {
    referralId: string;
    agentId: string;
    kind: TFeeEntryKind;
    date: string;
    amountCents?: number;
    invoiceNumber?: string;
  };
  await db.$queryRaw`SELECT id FROM referral_agents WHERE id = ${entry.agentId} FOR UPDATE`;
  const referral = await db.referral.findUnique({
    where: { id: entry.referralId },
    select: {
      agentId: true,
      status: true,
      referredOn: true,
      duplicateOfId: true,
      firstMonthRentCents: true,
      moveInDate: true,
    },
  });
  if (!referral) return; // the link check names the missing referral
  const number = entry.invoiceNumber?.trim().toLowerCase();
  const [terms, entries, agentInvoices] = await Promise.all([
    db.agentFeeTerms.findUnique({ where: { agentId: entry.agentId } }),
    db.referralFee.findMany({
      where: { referralId: entry.referralId, archivedAt: null, id: { not: id } },
      select: { kind: true, date: true, amountCents: true },
    }),
    entry.kind === "invoice" && number
      ? db.$queryRaw<{ invoiceNumber: string }[]>`
          SELECT "invoiceNumber" FROM referral_fees
          WHERE "agentId" = ${entry.agentId} AND kind = 'invoice' AND "archivedAt" IS NULL AND id <> ${id}
            AND lower(btrim("invoiceNumber")) = ${number}`
      : [],
  ]);
  const refused = feeEntryError(entry, {
    referral: {
      agentId: optional(referral.agentId),
      status: referral.status as TReferralStatus,
      referredOn: referral.referredOn,
      duplicateOfId: optional(referral.duplicateOfId),
      firstMonthRentCents: referral.firstMonthRentCents === null ? undefined : Number(referral.firstMonthRentCents),
      moveInDate: optional(referral.moveInDate),
    },
    terms: terms
      ? {
          kind: terms.kind as TFeeKind,
          percentBasisPoints: optional(terms.percentBasisPoints),
          flatCents: terms.flatCents === null ? undefined : Number(terms.flatCents),
          capCents: terms.capCents === null ? undefined : Number(terms.capCents),
          prorateFirstMonth: terms.prorateFirstMonth,
        }
      : undefined,
    entries: entries.map((e) => ({
      kind: e.kind as TFeeEntryKind,
      date: e.date,
      amountCents: e.amountCents === null ? undefined : Number(e.amountCents),
    })),
    agentInvoices,
    today: new Date().toISOString().slice(0, 10),
  });
  if (refused) throw refused;
}
