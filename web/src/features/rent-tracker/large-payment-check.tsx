/**
 * The second step of recording a payment far above what is owed (a typo of extra digits is the usual
 * cause): what the resident owes and their rate, read when the form is sent, and the question the form
 * shows before it records the amount. The backends take any amount; this only asks the person.
 */
import { isAppError } from "@care/core/app-error";
import { listAll } from "@care/core/list-all";
import type { DataPort } from "@care/core/ports/data.port";
import { formatCents, largePaymentCents, rateOn } from "@care/core/rules/rent.rules";
import { todayLocal } from "./rent-dates.ts";

/** A payment waiting for its confirmation. */
export interface TLargePayment {
  amountCents: number;
  balanceCents: number;
  rateCents: number;
}

/** The question to ask before recording `amountCents` for the resident, or null when it is not large. */
export async function largePaymentQuestion(
  data: DataPort,
  residentId: string,
  amountCents: number,
): Promise<TLargePayment | null> {
  const [account, rates, resident] = await Promise.all([
    data.get("rentAccounts", residentId).catch((error: unknown) => {
      if (isAppError(error) && error.code === "NOT_FOUND") return null;
      throw error;
    }),
    listAll(data, "rentRates", { where: { residentId } }),
    data.get("residents", residentId),
  ]);
  const balanceCents = account?.balanceCents ?? 0;
  const rateCents = rateOn(rates, todayLocal())?.amountCents ?? resident.monthlyRateCents ?? 0;
  return amountCents > largePaymentCents(balanceCents, rateCents) ? { amountCents, balanceCents, rateCents } : null;
}

export function LargePaymentCheck({ large }: { large: TLargePayment }) {
  return (
    <div className="alert rent-form__large" role="alert">
      <p>
        <strong>{formatCents(large.amountCents)}</strong> is far more than this resident owes:{" "}
        {formatCents(Math.max(large.balanceCents, 0))} now
        {large.rateCents > 0 && `, at ${formatCents(large.rateCents)} a month`}.
      </p>
      <p>Check the amount. To record it as it is, confirm below.</p>
    </div>
  );
}
