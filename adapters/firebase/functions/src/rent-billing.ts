/**
 * Money on Firebase, as the server's rent-billing.ts does it in its transactions: a resident's rent
 * account derived from their live charges and payments, and their bill (the home's current month when
 * missing, months restated after a stay change) written from `billingOps` of the core rent rules. The
 * `deriveRent` trigger runs these after each write of a charge, payment, rate or resident, and the
 * `billCurrentMonths` schedule each hour for every home. Each resident is billed in one transaction
 * (its reads lock the resident's money documents, as the server's advisory lock does), and the account
 * carries the time of its derivation (`_derivedAt`), which the web adapter waits for after a write.
 */
import { FieldValue, getFirestore, type Transaction } from "firebase-admin/firestore";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import type { TWriteOp } from "@care/core/ports/data.port";
import { getCollection, type TRecordOf } from "@care/core/registry";
import { todayIn } from "@care/core/rules/date-only.rules";
import { validateCreate } from "@care/core/rules/records.rules";
import { accountFrom, billingOps, type TBillChange } from "@care/core/rules/rent.rules";
import { DERIVED_AT_FIELD } from "../../src/derived-records.ts";
import { fromStoredData, toStoredData } from "../../src/firestore-records.ts";
import { derivedRentAccount, type TAccountToDerive } from "../../src/rent-accounts.ts";

type TData = FirebaseFirestore.DocumentData;

/** The meta times of a document written now: this write's time, the stored ones (`kept`) it keeps. */
function serverTimes(kept?: TData): TData {
  const now = FieldValue.serverTimestamp();
  return { createdAt: kept?.createdAt ?? now, updatedAt: now, archivedAt: kept?.archivedAt ?? null, _writtenAt: now };
}

const read = <N extends "rentCharges" | "payments" | "rentRates" | "residentEvents">(
  name: N,
  doc: FirebaseFirestore.QueryDocumentSnapshot,
) => fromStoredData(getCollection(name), doc.id, doc.data()) as TRecordOf<N>;

/** A resident's money as stored, read in `tx`. */
async function moneyOf(tx: Transaction, residentId: string) {
  const db = getFirestore();
  const [charges, payments, account] = await Promise.all([
    tx.get(db.collection("rentCharges").where("residentId", "==", residentId)),
    tx.get(db.collection("payments").where("residentId", "==", residentId).where("archivedAt", "==", null)),
    tx.get(db.collection("rentAccounts").doc(residentId)),
  ]);
  return {
    charges: charges.docs.map((doc) => read("rentCharges", doc)),
    payments: payments.docs.map((doc) => read("payments", doc)),
    account,
  };
}

/**
 * Writes the account of `account.residentId` from `charges` (all of them; archived ones are left out)
 * and `payments` (live ones), in `tx`: a new version when its figures or home change, else only its
 * `_derivedAt` (a derivation that found nothing new still says the account is current).
 */
function writeAccount(
  tx: Transaction,
  account: TAccountToDerive,
  stored: FirebaseFirestore.DocumentSnapshot,
  charges: readonly TRecordOf<"rentCharges">[],
  payments: readonly TRecordOf<"payments">[],
): void {
  const def = getCollection("rentAccounts");
  const current = stored.exists ? (fromStoredData(def, stored.id, stored.data()!) as TRecordOf<"rentAccounts">) : null;
  const record = derivedRentAccount(
    account,
    charges.filter((c) => !c.archivedAt),
    payments,
    current,
  );
  const figures = ["facilityId", "chargedCents", "paidCents", "balanceCents", "oldestUnpaidDueDate"] as const;
  const derivedAt = { [DERIVED_AT_FIELD]: FieldValue.serverTimestamp() };
  if (current && figures.every((field) => (current[field] ?? null) === (record[field] ?? null))) {
    tx.update(stored.ref, derivedAt);
    return;
  }
  tx.set(stored.ref, { ...toStoredData(def, record), ...serverTimes(stored.data()), ...derivedAt });
}

/**
 * Sets a resident's account from their live charges and payments, in one transaction; `recordedPaymentId`
 * (a payment line just recorded) also gets the balance after it for its receipt, in the same
 * transaction, once (never recomputed), so the account a writer waits for comes with it.
 */
export async function deriveAccount(account: TAccountToDerive, recordedPaymentId?: string): Promise<void> {
  await getFirestore().runTransaction(async (tx) => {
    const { charges, payments, account: stored } = await moneyOf(tx, account.residentId);
    writeAccount(tx, account, stored, charges, payments);
    const recorded = payments.find((p) => p.id === recordedPaymentId);
    if (recorded && recorded.balanceAfterCents == null)
      tx.update(getFirestore().collection("payments").doc(recorded.id), {
        balanceAfterCents: accountFrom(
          charges.filter((c) => !c.archivedAt),
          payments,
        ).balanceCents,
      });
  });
}

/** Writes a charge op of `billingOps` in `tx` as the backend's own (no user); the charge as written. */
function applyChargeOp(
  tx: Transaction,
  op: TWriteOp,
  charges: Map<string, TRecordOf<"rentCharges">>,
  stored: Map<string, TData>,
): void {
  const db = getFirestore();
  const def = getCollection("rentCharges");
  const now = new Date().toISOString();
  if (op.op === "create") {
    const fields = validateCreate(def, op.data);
    const record = {
      ...fields,
      id: op.id!,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
      archivedAt: null,
    } as TRecordOf<"rentCharges">;
    tx.create(db.collection("rentCharges").doc(op.id!), { ...toStoredData(def, record), ...serverTimes() });
    charges.set(record.id, record);
  } else if (op.op === "update") {
    const current = charges.get(op.id);
    if (!current || current.version !== op.version) return;
    const record = {
      ...current,
      ...(op.patch as object),
      version: current.version + 1,
      updatedAt: now,
      updatedBy: null,
    } as TRecordOf<"rentCharges">;
    tx.set(db.collection("rentCharges").doc(op.id), {
      ...toStoredData(def, record),
      ...serverTimes(stored.get(op.id)),
    });
    charges.set(record.id, record);
  }
}

/**
 * Bills one resident in a transaction, as the server's `billResident`: the home's current month when
 * missing and, after a `change` of their stay or rates, the months billed since it; then their account,
 * written whenever they have a rate, a charge or an account (so a writer of any of them can wait for
 * it). An archived or unknown resident is left alone.
 */
export async function billResident(residentId: string, change?: TBillChange): Promise<void> {
  const db = getFirestore();
  await db.runTransaction(async (tx) => {
    const [residentSnap, rateSnap] = await Promise.all([
      tx.get(db.collection("residents").doc(residentId)),
      tx.get(db.collection("residents__rent").doc(residentId)),
    ]);
    const data = residentSnap.data();
    if (!data || data.archivedAt) return;
    const resident = fromStoredData(getCollection("residents"), residentId, data) as TRecordOf<"residents">;
    const monthlyRateCents =
      typeof rateSnap.data()?.monthlyRateCents === "number" ? (rateSnap.data()!.monthlyRateCents as number) : null;
    const [home, rates, events, money] = await Promise.all([
      tx.get(db.collection("facilities").doc(resident.facilityId)),
      tx.get(db.collection("rentRates").where("residentId", "==", residentId).where("archivedAt", "==", null)),
      tx.get(db.collection("residentEvents").where("residentId", "==", residentId).where("archivedAt", "==", null)),
      moneyOf(tx, residentId),
    ]);
    const zone = home.data()?.timeZone;
    const liveRates = rates.docs.map((doc) => read("rentRates", doc));
    const ops = billingOps({
      resident: { ...resident, monthlyRateCents },
      rates: liveRates,
      events: events.docs.map((doc) => read("residentEvents", doc)),
      charges: money.charges,
      payments: money.payments,
      today: todayIn(typeof zone === "string" ? zone : DEFAULT_TIME_ZONE),
      ...(change ? { change } : {}),
    });
    const charges = new Map(money.charges.map((c) => [c.id, c]));
    const storedCharges = new Map<string, TData>();
    for (const op of ops) applyChargeOp(tx, op, charges, storedCharges);
    const billed = monthlyRateCents !== null || liveRates.length > 0 || charges.size > 0 || money.account.exists;
    if (!billed) return;
    writeAccount(
      tx,
      { residentId, facilityId: resident.facilityId },
      money.account,
      [...charges.values()],
      money.payments,
    );
  });
}

/**
 * Bills every home's current month once (the schedule's run): each resident still in residence (not
 * archived, not discharged before the month) without the month's charge. A second run is harmless:
 * a month's charge has a fixed id and is made only when missing.
 */
export async function billCurrentMonths(): Promise<{ residents: number }> {
  const db = getFirestore();
  const [homes, residents] = await Promise.all([
    db.collection("facilities").get(),
    db.collection("residents").where("archivedAt", "==", null).get(),
  ]);
  const monthOf = new Map(
    homes.docs.map((home) => {
      const zone = home.data().timeZone;
      return [home.id, todayIn(typeof zone === "string" ? zone : DEFAULT_TIME_ZONE).slice(0, 7)];
    }),
  );
  let billed = 0;
  for (const doc of residents.docs) {
    const data = doc.data();
    const month = monthOf.get(String(data.facilityId));
    if (!month) continue;
    if (typeof data.dischargeDate === "string" && data.dischargeDate < `${month}-01`) continue;
    if ((await db.collection("rentCharges").doc(`rent-${doc.id}-${month}`).get()).exists) continue;
    await billResident(doc.id);
    billed += 1;
  }
  return { residents: billed };
}
