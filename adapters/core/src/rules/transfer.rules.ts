/**
 * Moving a resident or a staff member to another home (DataPort.transfer). What is theirs and
 * clinical or about them — medical entries, documents, open reminders and the snoozes and waivers of
 * their reminders — goes with them to the new home, in one commit; what happened at the old home stays
 * there: stays (the resident's status history), rent rates, charges and payments, so the old home's
 * rent roll and census of past months stay true. The move itself is recorded: "transferred out" at the
 * old home and "transferred in" at the new one, on the date of the move, and one audit row naming both.
 * A plain edit never changes a resident's or staff member's home (`facilityChangeRefusal`).
 */
import { z } from "zod";
import { AppError, validationError } from "../app-error.ts";
import { DEFAULT_TIME_ZONE, ZDateOnly, ZId, ZOptionalText } from "../common.schema.ts";
import type { CollectionDef } from "../collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { canSeeFacility } from "./access.rules.ts";
import { todayIn } from "./date-only.rules.ts";
import { collections } from "../registry.ts";
import { actionRefusal } from "./role-actions.rules.ts";
import { originRefusal } from "./transfer-access.rules.ts";
import { TRANSFER_COLLECTION, type TCarriedCollection } from "./transfer-scope.ts";

export {
  CARRIED_COLLECTIONS,
  TRANSFER_COLLECTION,
  TRANSFER_TOUCHES,
  type TCarriedCollection,
} from "./transfer-scope.ts";

export const TRANSFER_SUBJECTS = ["resident", "staff"] as const;
export type TTransferSubject = (typeof TRANSFER_SUBJECTS)[number];

/** The collection each kind of transferred person is a record of. */

/** A request to move a person to another home, naming the version of their record that was read. */
export const ZTransferRequest = z.object({
  subject: z.enum(TRANSFER_SUBJECTS),
  id: ZId,
  version: z.number().int().min(1),
  toFacilityId: ZId,
  /** The day of the move, in the new home's calendar. */
  date: ZDateOnly,
  reason: ZOptionalText(500),
  /** A resident's room and bed at the new home; none when left out (the old home's numbers mean nothing there). */
  room: ZOptionalText(20),
  bed: ZOptionalText(20),
});
export type TTransferRequest = z.input<typeof ZTransferRequest>;
/** A request as checked (`parseTransferRequest`). */
export type TTransfer = z.output<typeof ZTransferRequest>;

/** The request checked, or VALIDATION naming each bad field. */
export function parseTransferRequest(input: unknown): TTransfer {
  const parsed = ZTransferRequest.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, "The transfer is not valid.");
  if (parsed.data.subject !== "resident") {
    const fields: Record<string, string> = {};
    for (const field of RESIDENT_PLACE) if (parsed.data[field]) fields[field] = `Only a resident has a ${field}`;
    if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "The transfer is not valid.", { fields });
  }
  return parsed.data;
}

/** Where a resident lives within a home: named anew by the move. */
export const RESIDENT_PLACE = ["room", "bed"] as const;

/**
 * The person's record as the move leaves it: filed at the new home and, for a resident, in the room and
 * bed named for the move or in none — the old home's numbers would mislead the new one — and without
 * the capacity exception the old home approved (it admits over that home's capacity, not the new one's).
 */
export function movedPerson<R extends Record<string, unknown>>(record: R, request: TTransfer): R {
  const moved: Record<string, unknown> = { ...record, facilityId: request.toFacilityId };
  if (request.subject === "resident") {
    delete moved.capacityException;
    for (const field of RESIDENT_PLACE) {
      delete moved[field];
      if (request[field]) moved[field] = request[field];
    }
  }
  return moved as R;
}

/** The collections holding a resident's own clinical entries (each names `residentId`). */
const CLINICAL = new Set<string>(["diagnoses", "allergies", "medications", "vitals", "incidents", "appointments"]);

/** What happened after a transfer: the person's record as it now is, and how many records went with them. */
export interface TTransferResult {
  fromFacilityId: string;
  toFacilityId: string;
  /** The moved resident's or staff member's record, at its new version. */
  record: Record<string, unknown> & { id: string; version: number; facilityId: string };
  /** Records carried to the new home, per collection (collections with none left out). */
  carried: Partial<Record<TCarriedCollection, number>>;
}

/**
 * Whether a record of `collection` filed at the old home travels with the person: their clinical
 * entries, their documents, a staff member's training ledger, open reminders linked to them, and the snoozes and waivers of reminders
 * about them or their carried documents (`documentIds`). Rent past-due states stay with the rent.
 */
export function isCarried(
  collection: TCarriedCollection,
  record: Record<string, unknown>,
  subject: TTransferSubject,
  subjectId: string,
  documentIds: ReadonlySet<string>,
): boolean {
  if (CLINICAL.has(collection)) return subject === "resident" && record.residentId === subjectId;
  if (collection === "documents") return record.subject === subject && record.subjectId === subjectId;
  if (collection === "trainingEntries") return subject === "staff" && record.staffId === subjectId;
  if (collection === "reminders")
    return record.linkType === subject && record.linkId === subjectId && record.status === "open";
  const parts = String(record.key).split("|");
  if (parts[0] === "missing") return parts[1] === subject && parts[2] === subjectId;
  if (parts[0] === "expiry") return documentIds.has(parts[1] ?? "");
  return false;
}

/**
 * The id a carried record has at the new home: its own, unless its collection derives the id from the
 * home (a reminder state's, `reminderStateId`), then the new home's. A record whose id changes is
 * re-filed: removed under the old id and created under the new one (version 1, by the mover), as the
 * rules of every backend take a new id; one the new home already holds for the same reminder stays
 * where it is.
 */
export function carriedId(def: CollectionDef, record: { id: string }, toFacilityId: string): string {
  return def.derivedId?.derive({ ...record, facilityId: toFacilityId }) ?? record.id;
}

/** What a transfer's day is checked against: when the person's current stay or employment began. */
export interface TTransferPerson {
  facilityId: string;
  /** A resident's admission, and when their current status began (a readmission, say). */
  admissionDate?: string | undefined;
  statusDate?: string | undefined;
  /** A staff member's hire date. */
  hireDate?: string | undefined;
}

/** The fields of a stored resident's or staff member's record that a transfer's day is checked against. */
export function transferPersonOf(record: Record<string, unknown>): TTransferPerson {
  const day = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    facilityId: String(record.facilityId),
    admissionDate: day(record.admissionDate),
    statusDate: day(record.statusDate),
    hireDate: day(record.hireDate),
  };
}

/**
 * The refusal of a transfer that needs no stored record beyond the person and the destination: the
 * user must be able to see and write both homes (an unseen destination does not exist for them; the
 * person's current home is `originRefusal`'s), their role must hold the move's action (a resident's:
 * `transferResident`, `actionRefusal`), the
 * destination must be another, open home, and the day of the move can be neither after today at the
 * destination (the records move now) nor before the person's stay or employment began. Nothing when
 * the transfer may go ahead.
 */
export function transferRefusal(
  user: TSessionUser,
  person: TTransferPerson,
  request: TTransfer,
  destination: { name: string; archivedAt?: string | null; timeZone?: string | null } | null,
  now: Date = new Date(),
): AppError | null {
  if (!destination || !canSeeFacility(user, request.toFacilityId)) {
    return new AppError("NOT_FOUND", "This home does not exist or was removed.", {
      fields: { toFacilityId: "No such home" },
    });
  }
  const origin = originRefusal(user, person.facilityId);
  if (origin) return origin;
  // Moving a resident is an action of its own (residents write alone does not allow it).
  const action = actionRefusal(user, collections[TRANSFER_COLLECTION[request.subject]], { kind: "transfer" });
  if (action) return action;
  if (destination.archivedAt) {
    return new AppError("VALIDATION", `${destination.name} is archived.`, {
      fields: { toFacilityId: "This home is archived" },
    });
  }
  if (person.facilityId === request.toFacilityId) {
    return new AppError("VALIDATION", `Already at ${destination.name}.`, {
      fields: { toFacilityId: "Pick another home" },
    });
  }
  const today = todayIn(destination.timeZone || DEFAULT_TIME_ZONE, now);
  if (request.date > today) {
    return new AppError(
      "VALIDATION",
      `The move is recorded as done: its day cannot be after today at ${destination.name}.`,
      {
        fields: { date: `After today (${today}) at ${destination.name}` },
      },
    );
  }
  const [began, since] = person.hireDate
    ? [person.hireDate, "hire date"]
    : person.statusDate && person.statusDate > (person.admissionDate ?? "")
      ? [person.statusDate, "current stay's start"]
      : [person.admissionDate, "admission"];
  if (began && request.date < began) {
    return new AppError("VALIDATION", `The move cannot be before their ${since} (${began}).`, {
      fields: { date: `Before their ${since} (${began})` },
    });
  }
  return null;
}

/** The two history events of a resident's transfer: out of the old home, into the new one, on the same day. */
export function transferEvents(
  residentId: string,
  fromFacilityId: string,
  request: TTransfer,
): { residentId: string; facilityId: string; type: "transfer_out" | "transfer_in"; date: string; reason?: string }[] {
  const reason = request.reason ? { reason: request.reason } : {};
  return [
    { residentId, facilityId: fromFacilityId, type: "transfer_out", date: request.date, ...reason },
    { residentId, facilityId: request.toFacilityId, type: "transfer_in", date: request.date, ...reason },
  ];
}

/** The audit summary of a transfer: who moved, from where to where, when and how much went along. */
export function transferSummary(
  fromName: string,
  toName: string,
  request: TTransfer,
  carried: TTransferResult["carried"],
): string {
  const moved = Object.entries(carried)
    .map(([collection, count]) => `${count} ${collection}`)
    .join(", ");
  return `transferred from ${fromName} to ${toName} on ${request.date}${request.reason ? ` (${request.reason})` : ""}${
    moved ? `; carried ${moved}` : ""
  }`;
}

/**
 * VALIDATION when a plain edit changes a resident's or staff member's home: a move carries their
 * records and is recorded, so it goes through the transfer. Nothing for other collections or edits.
 */
export function facilityChangeRefusal(
  collection: string,
  after: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): AppError | null {
  if (!before || (collection !== "residents" && collection !== "staff")) return null;
  if (after.facilityId === before.facilityId) return null;
  const who = collection === "residents" ? "resident" : "staff member";
  return new AppError("VALIDATION", `Use "Transfer to another home" to move this ${who}: it carries their records.`, {
    fields: { facilityId: `Use "Transfer to another home" to move this ${who}` },
  });
}

/**
 * A refusal of the person's write (the new home's capacity) said of the transfer's field: what the
 * resident form calls `facilityId` is the transfer's `toFacilityId`. Other errors pass unchanged.
 */
export function asTransferError(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== "VALIDATION" || !error.fields?.facilityId) return error;
  const { facilityId, ...others } = error.fields;
  return new AppError("VALIDATION", error.message, { fields: { ...others, toFacilityId: facilityId } });
}
