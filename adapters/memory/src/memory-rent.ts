/**
 * The memory backend's share of "money is the server's", as the server does it: rent accounts derived
 * from charges and payments in the transaction that changes them, a resident's month billed (or
 * restated) when their stay or rates change, and, instead of the server's schedule, each home's
 * current month billed before the first read of a day that shows rent.
 */
import type { TWriteOp } from "@care/core/ports/data.port";
import { todayIn } from "@care/core/rules/date-only.rules";
import { validateCreate } from "@care/core/rules/records.rules";
import { accountFrom, billingOps, stayChangeReason, type TBilledResident } from "@care/core/rules/rent.rules";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import type { MemoryBackend, TAuditInput, TStoredRecord } from "./memory-backend.ts";

/** What the billing writes need of the adapter's transaction. */
export interface TRentWriter {
  put(collection: string, record: TStoredRecord): void;
  audit(entry: TAuditInput): void;
}

type TChange = { sinceMonth: string; reason: string };

const live = (records: Iterable<TStoredRecord>, residentId: string) =>
  [...records].filter((r) => r.residentId === residentId && r.archivedAt === null);

/** Sets the resident's account (id = residentId) from their live charges and payments; answers its balance. */
export function refreshAccount(
  backend: MemoryBackend,
  tx: TRentWriter,
  residentId: string,
  facilityId: string,
): number {
  const fields = accountFrom(
    live(backend.table("rentCharges").values(), residentId) as never,
    live(backend.table("payments").values(), residentId) as never,
  );
  const current = backend.table("rentAccounts").get(residentId);
  const now = backend.now();
  tx.put("rentAccounts", {
    ...(current ?? { createdAt: now, createdBy: null, archivedAt: null }),
    residentId,
    facilityId,
    ...fields,
    id: residentId,
    version: (current?.version ?? 0) + 1,
    updatedAt: now,
    updatedBy: null,
  } as TStoredRecord);
  return fields.balanceCents;
}

function todayOf(backend: MemoryBackend, facilityId: string): string {
  const zone = backend.table("facilities").get(facilityId)?.timeZone;
  return todayIn(typeof zone === "string" ? zone : DEFAULT_TIME_ZONE, new Date(backend.now()));
}

function apply(backend: MemoryBackend, tx: TRentWriter, ops: readonly TWriteOp[]): void {
  const now = backend.now();
  for (const op of ops) {
    if (op.op === "create") {
      const fields = validateCreate(backend.collections.rentCharges!, op.data);
      tx.put("rentCharges", {
        ...fields,
        id: op.id!,
        version: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
        archivedAt: null,
      } as TStoredRecord);
      tx.audit({
        actor: null,
        action: "create",
        collection: "rentCharges",
        recordId: op.id!,
        facilityId: String(fields.facilityId),
        summary: `by the server: ${String(fields.kind)}${fields.reason ? ` (${String(fields.reason)})` : ""}`,
      });
    } else if (op.op === "update") {
      const current = backend.table("rentCharges").get(op.id)!;
      tx.put("rentCharges", {
        ...current,
        ...(op.patch as object),
        version: current.version + 1,
        updatedAt: now,
        updatedBy: null,
      });
      tx.audit({
        actor: null,
        action: "update",
        collection: "rentCharges",
        recordId: op.id,
        facilityId: String(current.facilityId),
        summary: "by the server: amountCents, periodStart, periodEnd, description (the stay changed)",
      });
    }
  }
}

/** Bills one resident: the home's current month when missing and, after `change`, the restated months. */
export function billResident(backend: MemoryBackend, tx: TRentWriter, residentId: string, change?: TChange): void {
  const resident = backend.table("residents").get(residentId);
  if (!resident || resident.archivedAt !== null) return;
  const ops = billingOps({
    resident: resident as unknown as TBilledResident,
    rates: live(backend.table("rentRates").values(), residentId) as never,
    events: live(backend.table("residentEvents").values(), residentId) as never,
    charges: [...backend.table("rentCharges").values()].filter((c) => c.residentId === residentId) as never,
    payments: live(backend.table("payments").values(), residentId) as never,
    today: todayOf(backend, String(resident.facilityId)),
    ...(change ? { change } : {}),
  });
  if (ops.length === 0) return;
  apply(backend, tx, ops);
  refreshAccount(backend, tx, residentId, String(resident.facilityId));
}

/** The stay change of a resident's write (admission, discharge, readmission), as the server words it. */
export function stayChange(before: TStoredRecord, after: TStoredRecord): TChange | undefined {
  const b = before as unknown as TBilledResident;
  const a = after as unknown as TBilledResident & { statusDate?: string };
  const reason = stayChangeReason(b, a);
  const first = [b.admissionDate, b.dischargeDate, a.admissionDate, a.dischargeDate]
    .filter((d): d is string => typeof d === "string")
    .sort()[0];
  return reason && first ? { sinceMonth: first.slice(0, 7), reason } : undefined;
}

/** What the backend writes after a write to `collection` (the server's derived writes). */
export function derivedWrites(
  backend: MemoryBackend,
  tx: TRentWriter,
  collection: string,
  record: TStoredRecord,
  before?: TStoredRecord,
): void {
  if (collection === "rentCharges" || collection === "payments") {
    const balance = refreshAccount(backend, tx, String(record.residentId), String(record.facilityId));
    // A payment line just recorded keeps the balance after it for its receipt, never recomputed.
    if (collection === "payments" && !before) tx.put("payments", { ...record, balanceAfterCents: balance });
    // Moved to another resident (recorded on the wrong one): the account it was in follows too.
    if (before && before.residentId !== record.residentId)
      refreshAccount(backend, tx, String(before.residentId), String(before.facilityId));
  } else if (collection === "residents") billResident(backend, tx, record.id, before && stayChange(before, record));
  else if (collection === "rentRates")
    billResident(backend, tx, String(record.residentId), {
      sinceMonth: String(record.effectiveFrom).slice(0, 7),
      reason: `rate changed from ${String(record.effectiveFrom)}`,
    });
}

const billedDays = new WeakMap<MemoryBackend, Set<string>>();

/**
 * The schedule's equivalent: each home's current month billed once per home and day (of its time
 * zone), before a read that shows rent. Idempotent like the server's: the charges' ids are fixed.
 */
export function billCurrentMonths(backend: MemoryBackend, tx: TRentWriter): void {
  let done = billedDays.get(backend);
  if (!done) billedDays.set(backend, (done = new Set()));
  const due = new Map<string, string>();
  for (const home of backend.table("facilities").values()) {
    const key = `${home.id}:${todayOf(backend, home.id)}`;
    if (!done.has(key)) due.set(home.id, key);
  }
  if (due.size === 0) return;
  for (const resident of [...backend.table("residents").values()]) {
    if (due.has(String(resident.facilityId))) billResident(backend, tx, resident.id);
  }
  for (const key of due.values()) done.add(key);
}
