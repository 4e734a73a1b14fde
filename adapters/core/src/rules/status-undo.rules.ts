/**
 * Correcting a resident's stay history: a status event entered by mistake (a discharge, a leave, a
 * readmission…) is undone rather than deleted. The event stays in the history marked "Undone by X on D:
 * reason", stops counting for the stays, census and billing, and the resident's status and dates go back
 * to what they were before it. Who may undo is the role's "Undo a status event" action (declared on the
 * residentEvents collection); when, and how an undone event is kept, is checked here by every backend
 * (the server, memory and Firebase adapters; the Firestore rules check the same, see
 * adapters/firebase/src/event-undo-rules.ts). A readmission must come after the discharge it follows.
 */
import { AppError } from "../app-error.ts";
import { ZResidentEvent, type TResidentStatus } from "../collections/residents.collection.ts";
import type { TPatchOf } from "../registry.ts";
import { LIVING_STATUSES } from "./census.rules.ts";

/** How long after an event was recorded it may still be undone; later, a new event records the change. */
export const UNDO_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields an undo sets, together and once. */
const UNDO_FIELDS = ["undoReason", "undoneBy", "undoneOn"] as const;

/** The event kinds an undo applies to (an admission is called off by archiving, a move by moving back). */
export const UNDOABLE_TYPES: ReadonlySet<string> = new Set([
  "leave",
  "hospital",
  "return",
  "discharge",
  "death",
  "readmission",
]);

/** The status each event kind leaves the resident in. */
const STATUS_AFTER: Record<string, TResidentStatus> = {
  admission: "active",
  readmission: "active",
  return: "active",
  transfer_in: "active",
  leave: "on_leave",
  hospital: "hospital",
  discharge: "discharged",
  death: "deceased",
};

/** The last moment an event recorded at `createdAt` (ISO) may be undone, as an ISO time. */
export function undoDeadline(createdAt: string): string {
  return new Date(Date.parse(createdAt) + UNDO_WINDOW_DAYS * DAY_MS).toISOString();
}

const empty = (value: unknown) => value === undefined || value === null || value === "";

/** What checking an undo reads besides the write: who undoes, when, and the resident's other events. */
export interface TUndoContext {
  /** The signed-in user's display name or e-mail: an undo is recorded under it. */
  readonly undoerName: string;
  /** When the event was recorded (its createdAt, ISO): the undo window counts from it. */
  readonly recordedAt?: string | undefined;
  /** The home's today: an undo is dated on it. */
  readonly today: string;
  /** The resident's events as stored (the undone one among them, with its id): only the latest that counts is undone. */
  readonly events: readonly TEventLike[];
  readonly now?: Date;
}

/**
 * VALIDATION when a write of a residentEvents record (`id`) breaks the undo rules, else null: a new event
 * is never undone already; an undo applies to a kind that can be undone, to the resident's latest event
 * that still counts (later ones are undone first), gives its reason, the home's today as its day and who
 * did it, within `UNDO_WINDOW_DAYS` of the event's recording; an undone event is kept as it was.
 */
export function eventUndoRefusal(
  id: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  context: TUndoContext,
): AppError | null {
  const { undoerName, recordedAt, today, events, now = new Date() } = context;
  const refuse = (message: string, field = "undoReason") =>
    new AppError("VALIDATION", message, { fields: { [field]: message } });
  if (!before)
    return UNDO_FIELDS.some((f) => !empty(after[f])) ? refuse("A new event cannot be recorded as undone") : null;
  if (!empty(before.undoReason)) {
    const changed = Object.keys(ZResidentEvent.shape).some((f) => (before[f] ?? null) !== (after[f] ?? null));
    return changed ? refuse("An undone event is kept as it was") : null;
  }
  if (empty(after.undoReason))
    return UNDO_FIELDS.some((f) => !empty(after[f])) ? refuse("Give the reason for undoing the event") : null;
  if (!UNDOABLE_TYPES.has(String(before.type)))
    return refuse(
      before.type === "admission"
        ? "An admission cannot be undone: archive the resident entered by mistake instead"
        : "A move to another home cannot be undone: transfer the resident back instead",
    );
  if (empty(after.undoneOn)) return refuse("Give the day the event is undone");
  if (after.undoneOn !== today) return refuse(`An event is undone on the home's today (${today})`, "undoneOn");
  if (after.undoneBy !== undoerName) return refuse("An undo is recorded under the name of who undoes it");
  if (recordedAt && now.toISOString() > undoDeadline(recordedAt))
    return refuse(
      `A status event can be undone within ${UNDO_WINDOW_DAYS} days of being recorded; this one was recorded on ${recordedAt.slice(0, 10)}. Record the change as a new event instead.`,
    );
  if (liveEvents(events).sort(inOrder).at(-1)?.id !== id)
    return refuse("Only the resident's latest event that still counts can be undone: undo the later ones first");
  return null;
}

/**
 * VALIDATION when a readmission is dated on or before the discharge it follows (`dischargedOn`, the
 * resident's discharge date before the readmission), else null.
 */
export function readmissionRefusal(date: string, dischargedOn: string | null | undefined): AppError | null {
  if (!dischargedOn || date > dischargedOn) return null;
  const message = `The readmission must be after the discharge on ${dischargedOn}`;
  return new AppError("VALIDATION", message, { fields: { date: message } });
}

/** What the undo rules read of a history event (a `residentEvents` record fits). */
interface TEventLike {
  id: string;
  type: string;
  date: string;
  reason?: string | undefined;
  undoReason?: string | undefined;
  createdAt?: string;
}

const inOrder = (a: TEventLike, b: TEventLike) =>
  a.date.localeCompare(b.date) || (a.createdAt ?? "").localeCompare(b.createdAt ?? "");

/** The events that still count: those not undone. */
export function liveEvents<E extends { undoReason?: string | undefined }>(events: readonly E[]): E[] {
  return events.filter((e) => empty(e.undoReason));
}

/**
 * Whether `event` may be undone now: a kind an undo applies to, not undone yet, the resident's latest
 * event that still counts (later ones are undone first), within the window of its recording.
 */
export function mayUndo(events: readonly TEventLike[], event: TEventLike, now: Date = new Date()): boolean {
  if (!UNDOABLE_TYPES.has(event.type) || !empty(event.undoReason)) return false;
  if (event.createdAt && now.toISOString() > undoDeadline(event.createdAt)) return false;
  return liveEvents(events).sort(inOrder).at(-1)?.id === event.id;
}

/**
 * The resident fields undoing `event` restores: the status, its day and reason as the event before it
 * left them, and the discharge date as it was (cleared after undoing a discharge or death, the discharge
 * again after undoing a readmission). A planned discharge undone only clears its date.
 */
export function undoPatch(
  resident: { status: TResidentStatus; admissionDate: string; dischargeDate?: string | null | undefined },
  events: readonly TEventLike[],
  event: TEventLike,
): TPatchOf<"residents"> {
  if (event.type === "discharge" && LIVING_STATUSES.includes(resident.status)) return { dischargeDate: null };
  const prior = liveEvents(events)
    .filter((e) => e.id !== event.id && inOrder(e, event) <= 0)
    .sort(inOrder)
    .at(-1);
  const status = prior ? (STATUS_AFTER[prior.type] ?? "active") : "active";
  const patch: TPatchOf<"residents"> = {
    status,
    statusDate: prior?.date ?? resident.admissionDate,
    statusReason: prior?.reason ?? "",
  };
  if (event.type === "discharge" || event.type === "death") patch.dischargeDate = null;
  if (event.type === "readmission") patch.dischargeDate = prior?.date ?? event.date;
  return patch;
}
