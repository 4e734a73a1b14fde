/**
 * `POST /transfers` (DataPort.transfer): a resident or staff member moves to another home with what is
 * theirs, in one transaction, as `@care/core/rules/transfer.rules` says — the person refiled (the
 * checks of an update, the home's capacity), their medical entries, documents (and the documents'
 * files), open linked reminders and reminder states carried, a resident's "transferred out/in" events
 * written at both homes, their rent account following them; charges, payments, rates and earlier
 * events stay where they happened. One audit row names both homes.
 */
import { newRecordMeta } from "@care/core/common.schema";
import { collections } from "@care/core/registry";
import { assertCanWrite } from "@care/core/rules/access.rules";
import {
  asTransferError,
  CARRIED_COLLECTIONS,
  carriedId,
  isCarried,
  parseTransferRequest,
  TRANSFER_COLLECTION,
  transferEvents,
  transferPersonOf,
  transferRefusal,
  transferSummary,
  type TCarriedCollection,
  type TTransfer,
  type TTransferResult,
} from "@care/core/rules/transfer.rules";
import {
  carriedRefusal,
  isShiftLeftBehind,
  movedAlways,
  shiftsLeftSummary,
  transferAnswer,
} from "@care/core/rules/transfer-access.rules";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import { randomUUID } from "node:crypto";
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import { PRISMA_MODELS, repositoryOf } from "../collections/collection.repository.ts";
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { refreshRentAccount } from "../rent/rent-billing.ts";

type TWhere = Record<string, unknown>;

/** The rows that may travel, narrowed by index; `isCarried` decides on each. */
function candidates(
  collection: TCarriedCollection,
  request: TTransfer,
  documentIds: ReadonlySet<string>,
): TWhere | null {
  switch (collection) {
    case "documents":
      return { subject: request.subject, subjectId: request.id };
    case "trainingEntries":
      return request.subject === "staff" ? { staffId: request.id } : null;
    case "reminders":
      return { linkType: request.subject, linkId: request.id, status: "open" };
    case "reminderStates":
      return {
        OR: [
          { key: { startsWith: `missing|${request.subject}|${request.id}|` } },
          ...[...documentIds].map((id) => ({ key: { startsWith: `expiry|${id}|` } })),
        ],
      };
    default:
      return request.subject === "resident" ? { residentId: request.id } : null;
  }
}

interface TCarriedDelegate {
  findMany(args: { where: TWhere }): Promise<Record<string, unknown>[]>;
  updateMany(args: { where: TWhere; data: TWhere }): Promise<{ count: number }>;
  deleteMany(args: { where: TWhere }): Promise<{ count: number }>;
  createMany(args: { data: TWhere[] }): Promise<{ count: number }>;
}

/**
 * Re-files carried rows whose id follows from their home (`carriedId`) under the new home's id, as
 * new rows by the mover; a row the new home already holds stays behind. How many were re-filed.
 */
async function refile(
  delegate: TCarriedDelegate,
  collection: TCarriedCollection,
  rows: Record<string, unknown>[],
  to: string,
  userId: string,
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const target = (row: Record<string, unknown>) => carriedId(collections[collection], row as { id: string }, to);
  const taken = new Set(
    (await delegate.findMany({ where: { id: { in: rows.map(target) } } })).map((row) => String(row.id)),
  );
  const free = rows.filter((row) => !taken.has(target(row)));
  if (free.length === 0) return 0;
  await delegate.deleteMany({ where: { id: { in: free.map((row) => String(row.id)) } } });
  await delegate.createMany({
    data: free.map((row) => ({ ...row, id: target(row), facilityId: to, ...newRecordMeta(userId, now) })),
  });
  return free.length;
}

/**
 * Takes a moved staff member's future shifts off the old home's rota (`isShiftLeftBehind`; the mover's
 * schedule write was checked first, `movedAlways`). How many were removed.
 */
async function removeFutureShifts(
  db: Prisma.TransactionClient,
  moved: Record<string, unknown>,
  from: string,
  timeZone: string,
  now: Date,
): Promise<number> {
  const since = addDays(todayIn(timeZone, now), -1); // a night shift of yesterday may still be ahead
  const shifts = await db.shift.findMany({
    where: { staffId: String(moved.id), facilityId: from, date: { gte: since } },
    select: { id: true, staffId: true, facilityId: true, date: true, start: true, end: true },
  });
  const staff = { id: String(moved.id), otherFacilityIds: moved.otherFacilityIds as string[] | undefined };
  const left = shifts.filter((shift) => isShiftLeftBehind(shift, staff, from, timeZone, now));
  if (left.length === 0) return 0;
  await db.shift.deleteMany({ where: { id: { in: left.map((shift) => shift.id) } } });
  return left.length;
}

export async function transferPerson(database: Database, caller: TCaller, input: unknown): Promise<TTransferResult> {
  const request = parseTransferRequest(input);
  const user = requireUser(caller);
  const name = TRANSFER_COLLECTION[request.subject];
  assertCanWrite(user, collections[name]);
  const always = carriedRefusal(user, movedAlways(request.subject));
  if (always) throw always;
  const repository = repositoryOf(database.prisma);
  return database.prisma.$transaction(async (db) => {
    const current = await repository.visibleIn(db, user, name, request.id);
    const from = String(current.facilityId);
    const to = request.toFacilityId;
    const [origin, destination] = await Promise.all([
      db.facility.findUnique({ where: { id: from }, select: { name: true, timeZone: true } }),
      db.facility.findUnique({ where: { id: to }, select: { name: true, archivedAt: true, timeZone: true } }),
    ]);
    const refusal = transferRefusal(
      user,
      transferPersonOf(current),
      request,
      destination && {
        name: destination.name,
        archivedAt: destination.archivedAt?.toISOString() ?? null,
        timeZone: destination.timeZone,
      },
    );
    if (refusal) throw refusal;
    const record = await repository
      .moveIn(db, caller, name, request)
      .catch((error: unknown) => Promise.reject(asTransferError(error)));

    const now = new Date();
    const carried: TTransferResult["carried"] = {};
    const documentIds = new Set<string>();
    for (const collection of CARRIED_COLLECTIONS) {
      const where = candidates(collection, request, documentIds);
      if (!where) continue;
      const delegate = (db as unknown as Record<string, TCarriedDelegate>)[PRISMA_MODELS[collection]]!;
      const rows = (await delegate.findMany({ where: { ...where, facilityId: from } })).filter((row) =>
        isCarried(collection, row, request.subject, request.id, documentIds),
      );
      if (rows.length === 0) continue;
      const refused = carriedRefusal(user, [collection]);
      if (refused) throw refused;
      const moved = rows.filter((row) => carriedId(collections[collection], row as { id: string }, to) === row.id);
      const ids = moved.map((row) => String(row.id));
      await delegate.updateMany({
        where: { id: { in: ids } },
        data: { facilityId: to, version: { increment: 1 }, updatedAt: now, updatedBy: user.id },
      });
      const refiled = await refile(
        delegate,
        collection,
        rows.filter((row) => !moved.includes(row)),
        to,
        user.id,
        now,
      );
      if (moved.length + refiled === 0) continue;
      if (collection === "documents") {
        for (const id of ids) documentIds.add(id);
        const fileIds = rows.map((row) => String(row.fileId));
        await db.storedFile.updateMany({ where: { id: { in: fileIds }, facilityId: from }, data: { facilityId: to } });
      }
      carried[collection] = moved.length + refiled;
    }

    const shiftsLeft =
      request.subject === "staff"
        ? await removeFutureShifts(db, record, from, origin?.timeZone || DEFAULT_TIME_ZONE, now)
        : 0;
    if (request.subject === "resident") {
      const events: Prisma.ResidentEventCreateManyInput[] = transferEvents(request.id, from, request).map((event) => ({
        ...event,
        id: randomUUID(),
        ...newRecordMeta(user.id, now),
      }));
      await db.residentEvent.createMany({ data: events });
      if (await db.rentAccount.findUnique({ where: { id: request.id }, select: { id: true } }))
        await refreshRentAccount(db, request.id, to);
    }
    await writeAudit(db, caller, {
      action: "transfer",
      collection: name,
      recordId: request.id,
      facilityId: to,
      summary:
        transferSummary(origin?.name ?? from, destination!.name, request, carried) + shiftsLeftSummary(shiftsLeft),
    });
    const result = { fromFacilityId: from, toFacilityId: to, record: record as TTransferResult["record"], carried };
    return transferAnswer(user, collections[name], result);
  }, TRANSACTION_OPTIONS);
}
