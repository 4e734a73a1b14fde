/**
 * The server's check of a resident's status event write (the core rules of status-undo.rules.ts, as the
 * memory and Firebase adapters run them): an undo of a kind that can be undone, of the resident's latest
 * event that still counts, on the home's today, within its window of the event's recording, under the
 * undoer's name, kept once done; a readmission dated after the resident's discharge.
 */
import { callerName } from "@care/core/rules/records.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { eventUndoRefusal, readmissionRefusal } from "@care/core/rules/status-undo.rules";
import type { TWriteCheck } from "../collections/write-checks.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";

/** The resident's events as stored in the transaction, and the home's today, for an undo of an event. */
async function undoContext(db: PrismaClient | Prisma.TransactionClient, before: Record<string, unknown>) {
  const [events, facility] = await Promise.all([
    db.residentEvent.findMany({
      where: { residentId: String(before.residentId), archivedAt: null },
      select: { id: true, type: true, date: true, undoReason: true, createdAt: true },
    }),
    db.facility.findUnique({ where: { id: String(before.facilityId) }, select: { timeZone: true } }),
  ]);
  return {
    events: events.map((e) => ({ ...e, undoReason: e.undoReason ?? undefined, createdAt: e.createdAt.toISOString() })),
    today: todayIn(facility?.timeZone ?? "UTC"),
  };
}

export const assertEventWrite: TWriteCheck = async (db, user, id, fields, before) => {
  const undoing = before && !before.undoReason && fields.undoReason;
  const context = undoing ? await undoContext(db, before) : { events: [], today: "" };
  const recordedAt = context.events.find((e) => e.id === id)?.createdAt;
  const undo = eventUndoRefusal(id, before, fields, { undoerName: callerName(user), recordedAt, ...context });
  if (undo) throw undo;
  if (before || fields.type !== "readmission" || typeof fields.residentId !== "string") return;
  const resident = await db.resident.findUnique({
    where: { id: fields.residentId },
    select: { dischargeDate: true },
  });
  // The discharge it follows: the resident's, or (their update first in the same commit) the last on record.
  const lastDischarge = resident?.dischargeDate
    ? null
    : await db.residentEvent.findFirst({
        where: { residentId: fields.residentId, type: "discharge", undoReason: null, archivedAt: null },
        orderBy: [{ date: "desc" }],
        select: { date: true },
      });
  const refused = readmissionRefusal(String(fields.date), resident?.dischargeDate ?? lastDischarge?.date);
  if (refused) throw refused;
};
