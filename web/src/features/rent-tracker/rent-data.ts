/**
 * The rent tracker's reads and writes through the data port: whole histories read in batches (an `in`
 * filter takes at most 30 values), payments, credits and a month's charges (one resident per write, so
 * a duplicate is refused for that resident only). Accounts are the backend's: it derives each
 * resident's balance from their charges and payments in the same transaction, so no write here sets one.
 */
import { currentStayStart } from "@care/core/rules/stays.rules";
import { listName } from "@care/core/rules/person-name.rules";
import { AppError, isAppError } from "@care/core/app-error";
import { listAll } from "@care/core/list-all";
import { MAX_IN_VALUES, MAX_PAGE_SIZE, type TFilterValue } from "@care/core/list-query";
import type { DataPort, TWriteOp } from "@care/core/ports/data.port";
import { chargeId, chargesToGenerate, earlierStays, firstAdmission, rateOn } from "@care/core/rules/rent.rules";
import type { TCollectionName, TInputOf, TRecordOf } from "@care/core/registry";

export type TResidentRecord = TRecordOf<"residents">;

/** The note of the rate recorded from the face sheet when a resident's first rate change is added. */
export const ADMISSION_RATE_NOTE = "Admission rate";
export type TRateRecord = TRecordOf<"rentRates">;
export type TChargeRecord = TRecordOf<"rentCharges">;
export type TPaymentRecord = TRecordOf<"payments">;
export type TAccountRecord = TRecordOf<"rentAccounts">;

/** Every record of these residents (`residentId` in batches of 30), with further equality filters. */
export async function listForResidents<N extends TCollectionName>(
  data: DataPort,
  collection: N,
  residentIds: readonly string[],
  where: Record<string, TFilterValue> = {},
): Promise<TRecordOf<N>[]> {
  const batches: string[][] = [];
  for (let i = 0; i < residentIds.length; i += MAX_IN_VALUES) batches.push(residentIds.slice(i, i + MAX_IN_VALUES));
  const pages = await Promise.all(
    batches.map((ids) => listAll(data, collection, { where: { ...where, residentId: ids } })),
  );
  return pages.flat();
}

/** Groups records by their resident. */
export function byResident<T extends { residentId: string }>(records: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const record of records) {
    const list = map.get(record.residentId);
    if (list) list.push(record);
    else map.set(record.residentId, [record]);
  }
  return map;
}

/** Runs `attempt` and, when it fails with CONFLICT, once more (it re-reads what it needs). */
export async function retryOnceOnConflict<T>(attempt: () => Promise<T>, giveUpMessage: string): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isAppError(error) || error.code !== "CONFLICT") throw error;
  }
  try {
    return await attempt();
  } catch (error) {
    if (isAppError(error) && error.code === "CONFLICT") throw new AppError("CONFLICT", giveUpMessage, { cause: error });
    throw error;
  }
}

/** A resident's stored rent history: what the rules need to price, allocate and write the account. */
export interface TResidentRent {
  residentId: string;
  facilityId: string;
  account: TAccountRecord | null;
  charges: TChargeRecord[];
  payments: TPaymentRecord[];
}

/** The rent histories of these residents (charges, payments, account), read in batches. */
export async function loadRentHistories(
  data: DataPort,
  residents: readonly { id: string; facilityId: string }[],
): Promise<Map<string, TResidentRent>> {
  const ids = residents.map((r) => r.id);
  const [charges, payments, accounts] = await Promise.all([
    listForResidents(data, "rentCharges", ids),
    listForResidents(data, "payments", ids),
    listForResidents(data, "rentAccounts", ids),
  ]);
  const chargesOf = byResident(charges);
  const paymentsOf = byResident(payments);
  const accountOf = new Map(accounts.map((a) => [a.residentId, a]));
  return new Map(
    residents.map((r) => [
      r.id,
      {
        residentId: r.id,
        facilityId: r.facilityId,
        account: accountOf.get(r.id) ?? null,
        charges: chargesOf.get(r.id) ?? [],
        payments: paymentsOf.get(r.id) ?? [],
      },
    ]),
  );
}

export type TNewPayment = TInputOf<"payments"> & { residentId: string; facilityId: string; amountCents: number };

/** Records a payment; the backend sets the resident's account in the same transaction. */
export async function recordPayment(data: DataPort, payment: TNewPayment): Promise<void> {
  await data.create("payments", payment);
}

export interface TGenerationResult {
  month: string;
  /** Charges created now. */
  created: number;
  /** Residents whose charge for the month already existed (also when another screen made it meanwhile). */
  alreadyGenerated: number;
  /** Residents not in residence that month, or without any rate. */
  notCharged: number;
  /** Residents whose charge could not be written, with the reason. */
  failed: { residentId: string; name: string; message: string }[];
}

/** Whether a charge exists, archived or not (its id is taken either way). */
async function chargeExists(data: DataPort, id: string): Promise<boolean> {
  try {
    await data.get("rentCharges", id);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return false;
    throw error;
  }
}

type TChargeableResident = Pick<
  TResidentRecord,
  "id" | "facilityId" | "firstName" | "lastName" | "admissionDate" | "dischargeDate" | "monthlyRateCents"
>;

/**
 * Generates `month`'s charges for the residents (the current month is billed by the backend without a
 * click; this fills earlier months), one write per resident with the charge's fixed id. Running it
 * twice, or on two screens at once, creates nothing twice: an existing charge is counted as already
 * generated.
 */
export async function generateMonth(
  data: DataPort,
  residents: readonly TChargeableResident[],
  month: string,
  onProgress?: (done: number, total: number) => void,
): Promise<TGenerationResult> {
  const result: TGenerationResult = { month, created: 0, alreadyGenerated: 0, notCharged: 0, failed: [] };
  let done = 0;
  for (let i = 0; i < residents.length; i += MAX_IN_VALUES) {
    const batch = residents.slice(i, i + MAX_IN_VALUES);
    const ids = batch.map((r) => r.id);
    const [rates, events, charges] = await Promise.all([
      listForResidents(data, "rentRates", ids),
      listForResidents(data, "residentEvents", ids),
      listForResidents(data, "rentCharges", ids),
    ]);
    const ratesOf = byResident(rates);
    const eventsOf = byResident(events);
    const chargesOf = byResident(charges);
    for (const resident of batch) {
      const history = eventsOf.get(resident.id) ?? [];
      // The current stay begins at the latest readmission (the first admission date is kept).
      const start = currentStayStart(resident, history);
      const stay = {
        id: resident.id,
        facilityId: resident.facilityId,
        admissionDate: start,
        dischargeDate: resident.dischargeDate ?? null,
        monthlyRateCents: resident.monthlyRateCents ?? null,
        rates: ratesOf.get(resident.id) ?? [],
        earlierStays: earlierStays(history, start),
      };
      const id = chargeId(resident.id, month);
      if ((chargesOf.get(resident.id) ?? []).some((c) => c.id === id)) {
        result.alreadyGenerated++;
      } else {
        const [charge] = chargesToGenerate([stay], [], month);
        if (!charge) {
          result.notCharged++;
        } else {
          try {
            await data.create("rentCharges", charge.data, { id: charge.id });
            result.created++;
          } catch (error) {
            if (isAppError(error) && error.code === "CONFLICT" && (await chargeExists(data, id))) {
              result.alreadyGenerated++;
            } else {
              result.failed.push({
                residentId: resident.id,
                name: listName(resident),
                message: isAppError(error) ? error.message : "Unexpected error",
              });
            }
          }
        }
      }
      onProgress?.(++done, residents.length);
    }
  }
  return result;
}

/**
 * Adds a rate with its effective date and, in the same commit, sets the resident's face-sheet monthly
 * rate to the rate in force on `today` (a future rate changes it only once it is in force). The first
 * rate added to a resident who has a face-sheet rate but no history records that admission rate first
 * (from their first admission, before any readmission), so the history starts where the stays do and the months before the new
 * rate keep their price. A stale resident version is re-read and retried once.
 */
export async function addRate(
  data: DataPort,
  residentId: string,
  rate: { amountCents: number; effectiveFrom: string; notes?: string | undefined },
  today: string,
): Promise<void> {
  await retryOnceOnConflict(async () => {
    const [resident, rates, events] = await Promise.all([
      data.get("residents", residentId),
      listAll(data, "rentRates", { where: { residentId } }),
      listAll(data, "residentEvents", { where: { residentId } }),
    ]);
    const newRate = { residentId, facilityId: resident.facilityId, ...rate };
    const ops: TWriteOp[] = [];
    const history = [...rates];
    const admitted = firstAdmission(resident.admissionDate, events);
    if (rates.length === 0 && resident.monthlyRateCents != null && rate.effectiveFrom > admitted) {
      const admissionRate = {
        residentId,
        facilityId: resident.facilityId,
        amountCents: resident.monthlyRateCents,
        effectiveFrom: admitted,
        notes: ADMISSION_RATE_NOTE,
      };
      ops.push({ op: "create", collection: "rentRates", data: admissionRate });
      history.push(admissionRate as TRateRecord);
    }
    ops.push({ op: "create", collection: "rentRates", data: newRate });
    const inForce = rateOn([...history, newRate], today);
    if (inForce && inForce.amountCents !== resident.monthlyRateCents) {
      ops.push({
        op: "update",
        collection: "residents",
        id: resident.id,
        version: resident.version,
        patch: { monthlyRateCents: inForce.amountCents },
      });
    }
    await data.commit(ops);
  }, "The resident's record was changed by someone else twice while saving, so the rate was not added. Reload and try again.");
}

/**
 * Payments received from `from` to `to` (both included), newest first, for one facility or all ("").
 * Reads pages newest first and stops at the first page that reaches before `from`.
 */
export async function paymentsInRange(
  data: DataPort,
  facilityId: string,
  from: string,
  to: string,
): Promise<TPaymentRecord[]> {
  const out: TPaymentRecord[] = [];
  let cursor: string | undefined;
  do {
    // Read for the payments CSV: audited as an export.
    const page = await data.list("payments", {
      where: facilityId ? { facilityId } : {},
      purpose: "export",
      orderBy: { field: "receivedOn", direction: "desc" },
      limit: MAX_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.items.filter((p) => p.receivedOn >= from && p.receivedOn <= to));
    const last = page.items.at(-1);
    cursor = last && last.receivedOn >= from ? (page.nextCursor ?? undefined) : undefined;
  } while (cursor);
  return out;
}
