/**
 * Money is the server's: a resident's rent account is derived here from their charges and payments,
 * in the transaction that changes them, and the month's rent charge is written here when a stay
 * begins, changes or a new month starts (`billingOps` of the core rent rules). Clients never write
 * accounts; the charges the server makes or corrects carry no user and are audited.
 */
import { collections } from "@care/core/registry";
import type { TWriteOp } from "@care/core/ports/data.port";
import { accountFrom, billingOps, type TBillChange, type TBilledResident } from "@care/core/rules/rent.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { validateCreate } from "@care/core/rules/records.rules";
import { writeAudit } from "../audit/audit-log.ts";
import type { TCaller } from "../caller.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { genericMapper } from "../collections/row-mappers.ts";

export type TDb = PrismaClient | Prisma.TransactionClient;

const chargeMapper = genericMapper(collections.rentCharges);

/** Writes to one resident's money take turns (until the transaction ends), so no account misses a line. */
async function lockResidentMoney(db: TDb, residentId: string): Promise<void> {
  await db.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`rent:${residentId}`}))::text AS locked`;
}

/** The resident's account columns as their live charges and payments make them (`accountFrom` of the rent rules). */
async function accountColumnsOf(db: TDb, residentId: string, facilityId: string) {
  const [charges, payments] = await Promise.all([
    db.rentCharge.findMany({
      where: { residentId, archivedAt: null },
      select: { id: true, month: true, kind: true, amountCents: true, dueDate: true },
    }),
    db.payment.findMany({
      where: { residentId, archivedAt: null },
      select: { amountCents: true, kind: true, status: true },
    }),
  ]);
  const fields = accountFrom(
    charges.map((c) => ({ ...c, kind: c.kind as "rent", amountCents: Number(c.amountCents) })),
    payments.map((p) => ({ ...p, amountCents: Number(p.amountCents) })),
  );
  return {
    facilityId,
    chargedCents: BigInt(fields.chargedCents),
    paidCents: BigInt(fields.paidCents),
    balanceCents: BigInt(fields.balanceCents),
    oldestUnpaidDueDate: fields.oldestUnpaidDueDate,
  };
}

/** Sets the resident's account (id = residentId) from their live charges and payments; answers its balance. */
export async function refreshRentAccount(db: TDb, residentId: string, facilityId: string): Promise<number> {
  await lockResidentMoney(db, residentId);
  const columns = await accountColumnsOf(db, residentId, facilityId);
  const now = new Date();
  await db.rentAccount.upsert({
    where: { id: residentId },
    create: { id: residentId, residentId, ...columns, version: 1, createdAt: now, updatedAt: now },
    update: { ...columns, version: { increment: 1 }, updatedAt: now, updatedBy: null },
  });
  return Number(columns.balanceCents);
}

/**
 * Sets the resident's account as `refreshRentAccount` does, but only when it is missing or differs
 * from what their charges and payments make it (an import keeps an account that is right as it was);
 * answers whether it changed.
 */
export async function restateRentAccount(db: TDb, residentId: string, facilityId: string): Promise<boolean> {
  const [columns, account] = await Promise.all([
    accountColumnsOf(db, residentId, facilityId),
    db.rentAccount.findUnique({ where: { id: residentId } }),
  ]);
  const same =
    account !== null &&
    (Object.keys(columns) as (keyof typeof columns)[]).every((key) => account[key] === columns[key]);
  if (!same) await refreshRentAccount(db, residentId, facilityId);
  return !same;
}

/** Applies the charge writes of `billingOps` as the server's own (no user), each with its audit row. */
async function applyChargeOps(db: TDb, caller: TCaller, ops: readonly TWriteOp[]): Promise<void> {
  const now = new Date();
  for (const op of ops) {
    if (op.op === "create") {
      const fields = validateCreate(collections.rentCharges, op.data);
      await db.rentCharge.create({
        data: {
          ...(chargeMapper.toColumns(fields) as Prisma.RentChargeUncheckedCreateInput),
          id: op.id!,
          version: 1,
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        },
      });
      await writeAudit(db, caller, {
        action: "create",
        collection: "rentCharges",
        recordId: op.id!,
        facilityId: String(fields.facilityId),
        summary: `by the server: ${String(fields.kind)}${fields.reason ? ` (${String(fields.reason)})` : ""}`,
      });
    } else if (op.op === "update") {
      const patch = op.patch as { amountCents: number; periodStart: string; periodEnd: string; description: string };
      const { count } = await db.rentCharge.updateMany({
        where: { id: op.id, version: op.version },
        data: { ...patch, version: { increment: 1 }, updatedAt: now, updatedBy: null },
      });
      if (count === 0) continue; // changed meanwhile: the next billing pass restates it again
      await writeAudit(db, caller, {
        action: "update",
        collection: "rentCharges",
        recordId: op.id,
        summary: "by the server: amountCents, periodStart, periodEnd, description (the stay changed)",
      });
    }
  }
}

/**
 * Bills one resident in the transaction `db`: the home's current month when missing and, after a
 * `change`, the months billed since it (recomputed while unpaid, else a credit or an extra charge
 * with the reason); then their account. Archived residents are left alone.
 */
export async function billResident(db: TDb, caller: TCaller, residentId: string, change?: TBillChange): Promise<void> {
  const resident = await db.resident.findUnique({
    where: { id: residentId },
    select: {
      id: true,
      facilityId: true,
      admissionDate: true,
      dischargeDate: true,
      monthlyRateCents: true,
      archivedAt: true,
      facility: { select: { timeZone: true } },
    },
  });
  if (!resident || resident.archivedAt) return;
  await lockResidentMoney(db, residentId);
  const [rates, events, charges, payments] = await Promise.all([
    db.rentRate.findMany({
      where: { residentId, archivedAt: null },
      select: { amountCents: true, effectiveFrom: true },
    }),
    db.residentEvent.findMany({
      where: { residentId, archivedAt: null },
      select: { type: true, date: true, createdAt: true, undoReason: true },
    }),
    db.rentCharge.findMany({ where: { residentId } }),
    db.payment.findMany({
      where: { residentId, archivedAt: null },
      select: { amountCents: true, kind: true, status: true },
    }),
  ]);
  const billed: TBilledResident = {
    id: resident.id,
    facilityId: resident.facilityId,
    admissionDate: resident.admissionDate,
    dischargeDate: resident.dischargeDate,
    monthlyRateCents: resident.monthlyRateCents === null ? null : Number(resident.monthlyRateCents),
  };
  const ops = billingOps({
    resident: billed,
    rates: rates.map((r) => ({ amountCents: Number(r.amountCents), effectiveFrom: r.effectiveFrom })),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    charges: charges.map((c) => chargeMapper.toRecord(c) as never),
    payments: payments.map((p) => ({ ...p, amountCents: Number(p.amountCents) })),
    today: todayIn(resident.facility.timeZone),
    ...(change ? { change } : {}),
  });
  if (ops.length === 0) return;
  await applyChargeOps(db, caller, ops);
  await refreshRentAccount(db, resident.id, resident.facilityId);
}
