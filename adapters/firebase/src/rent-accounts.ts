/**
 * Rent accounts on Firebase: the `deriveRent` Cloud Function sets a resident's account from their live
 * charges and payments after each write of either (and bills the resident after a write of them or
 * their rates), with the same pure rule the server runs (`accountFrom` of `@care/core/rules/rent.rules`).
 * The rules let no client write an account.
 */
import type { TRecordOf } from "@care/core/registry";
import { accountFrom } from "@care/core/rules/rent.rules";

/** A resident whose account a write changes, with the home the account is in. */
export interface TAccountToDerive {
  residentId: string;
  facilityId: string;
}

/**
 * The accounts a write in `collection` changes (`before` / `after`: the written document's data
 * before and after the write, absent for a create / a delete): for a charge or payment, the
 * resident it names now, and the one it named before when a correction moved it to another resident,
 * whose account loses it. (A resident's own writes, a transfer among them, bill the resident and derive
 * their account in the functions' `billResident`.)
 */
export function accountsToDerive(
  collection: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): TAccountToDerive[] {
  if (collection !== "rentCharges" && collection !== "payments") return [];
  const named = (data: Record<string, unknown> | undefined): TAccountToDerive[] =>
    typeof data?.residentId === "string" && typeof data.facilityId === "string"
      ? [{ residentId: data.residentId, facilityId: data.facilityId }]
      : [];
  const [now] = named(after);
  const [was] = named(before);
  if (!now) return was ? [was] : [];
  return was && was.residentId !== now.residentId ? [now, was] : [now];
}

/**
 * The account record of `residentId` from their live charges and payments, as the server's
 * `refreshRentAccount` writes it: the totals, balance and oldest unpaid due date of `accountFrom`, one
 * version after `current` (the stored account, null for the first), written by the backend (no author).
 * Its times are placeholders: the function writes the server's.
 */
export function derivedRentAccount(
  account: TAccountToDerive,
  charges: readonly TRecordOf<"rentCharges">[],
  payments: readonly TRecordOf<"payments">[],
  current: { version: number; createdAt: string } | null,
): TRecordOf<"rentAccounts"> {
  const now = new Date().toISOString();
  return {
    ...account,
    ...accountFrom(charges, payments),
    id: account.residentId,
    version: (current?.version ?? 0) + 1,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
    createdBy: null,
    updatedBy: null,
    archivedAt: null,
  };
}
