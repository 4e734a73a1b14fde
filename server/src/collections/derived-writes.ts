/**
 * What the server writes itself after a collection's write, in the same transaction: rent accounts
 * follow every charge and payment; a resident's admission, discharge, readmission or rate change bills
 * (or restates) their rent; a deactivated user's sessions end; a referral's move-in closes its
 * prospect's open referrals in the homes the mover does not see. One entry per collection that has
 * any; they run after the write's audit row.
 */
import type { TCollectionName } from "@care/core/registry";
import type { TCaller } from "../caller.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { revokeOtherSessions } from "../auth/sessions.ts";
import { stayChange } from "@care/core/rules/rent.rules";
import { billResident, refreshRentAccount } from "../rent/rent-billing.ts";
import { closeHiddenSisterReferrals } from "../referrals/close-sister-referrals.ts";
import type { TRecord } from "./row-mappers.ts";

export type TDerivedWrite = (
  db: PrismaClient | Prisma.TransactionClient,
  caller: TCaller,
  record: TRecord,
  before?: Record<string, unknown>,
) => Promise<void>;

type TStayFields = { admissionDate: string; dischargeDate?: string | null; statusDate?: string | null };

const refreshAccount: TDerivedWrite = async (db, _caller, record, before) => {
  await refreshRentAccount(db, String(record.residentId), String(record.facilityId));
  // A charge or payment moved to another resident (recorded on the wrong one) leaves the account it was in.
  if (before && before.residentId !== record.residentId)
    await refreshRentAccount(db, String(before.residentId), String(before.facilityId));
};

export const DERIVED_WRITES: Partial<Record<TCollectionName, TDerivedWrite>> = {
  /** A deactivated user's sessions all end at once (their next request is 401). */
  users: async (db, _caller, record, before) => {
    if (before?.active === true && record.active === false) await revokeOtherSessions(db, record.id, null, new Date());
  },
  referrals: closeHiddenSisterReferrals,
  rentCharges: refreshAccount,
  payments: async (db, caller, record, before) => {
    if (before) return refreshAccount(db, caller, record, before);
    // A line just recorded keeps the balance after it for its receipt, never recomputed (no new version:
    // it is part of the same write).
    const balance = await refreshRentAccount(db, String(record.residentId), String(record.facilityId));
    await db.payment.update({ where: { id: record.id }, data: { balanceAfterCents: BigInt(balance) } });
  },
  residents: (db, caller, record, before) =>
    billResident(db, caller, record.id, before && stayChange(before as TStayFields, record as unknown as TStayFields)),
  rentRates: (db, caller, record) =>
    billResident(db, caller, String(record.residentId), {
      sinceMonth: String(record.effectiveFrom).slice(0, 7),
      reason: `rate changed from ${String(record.effectiveFrom)}`,
    }),
};
