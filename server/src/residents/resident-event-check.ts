/**
 * The server's check of a resident's status event write (the core rules of status-undo.rules.ts, as the
 * memory and Firebase adapters run them): an undo within its window of the event's recording, under the
 * undoer's name, kept once done; a readmission dated after the resident's discharge.
 */
import { callerName } from "@care/core/rules/records.rules";
import { eventUndoRefusal, readmissionRefusal } from "@care/core/rules/status-undo.rules";
import type { TWriteCheck } from "../collections/write-checks.ts";

export const assertEventWrite: TWriteCheck = async (db, user, id, fields, before) => {
  const recorded = before ? await db.residentEvent.findUnique({ where: { id }, select: { createdAt: true } }) : null;
  const undo = eventUndoRefusal(before, fields, callerName(user), recorded?.createdAt.toISOString());
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
