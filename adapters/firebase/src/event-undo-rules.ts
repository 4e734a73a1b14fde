/**
 * The Firestore rules' side of correcting a resident's stay history (@care/core/rules/status-undo.rules,
 * which the other backends and the Firebase adapter run): a new event is never undone already, nor is
 * a readmission dated on or before the resident's discharge (as stored before the write); an undo gives
 * its day and the undoer's name, within UNDO_WINDOW_DAYS of the event's recording (the server's time);
 * an undone event is kept as it was; only a kind that can be undone is. Who may undo is the role's action
 * (action-rules.ts). The rules cannot query the resident's other events (is this the latest that still
 * counts?) nor know the home's today (the undo's day): the adapter checks those (docs/firebase.md).
 */
import { ZResidentEvent } from "@care/core/collections/residents.collection";
import { UNDOABLE_TYPES, UNDO_WINDOW_DAYS } from "@care/core/rules/status-undo.rules";

const DATA = "request.resource.data";
const OLD = "resource.data";
const UNDO_FIELDS = ["undoReason", "undoneBy", "undoneOn"];

const unset = (data: string) => UNDO_FIELDS.map((f) => `${data}.get('${f}', null) == null`).join(" && ");
const fields = (names: readonly string[]) => `[${names.map((n) => `'${n}'`).join(", ")}]`;

/** What a create of a residentEvents document adds. */
export function eventUndoOnCreate(): string {
  const resident = `get(/databases/$(database)/documents/residents/$(${DATA}.get('residentId', null))).data`;
  return ` && ${unset(DATA)} && (${DATA}.type != 'readmission' || ${DATA}.date > ${resident}.get('dischargeDate', ''))`;
}

/** What an update of a residentEvents document adds. */
export function eventUndoOnUpdate(): string {
  const name = `(me().get('displayName', null) in [null, ''] ? me().email : me().displayName)`;
  const undo = `${OLD}.type in ${fields([...UNDOABLE_TYPES])} && ${DATA}.get('undoneOn', null) != null && ${DATA}.get('undoneBy', null) == ${name} && request.time < ${OLD}.createdAt + duration.value(${UNDO_WINDOW_DAYS}, 'd')`;
  const notUndoing = `(${DATA}.get('undoReason', null) == null ? ${unset(DATA)} : ${undo})`;
  const kept = `!${DATA}.diff(${OLD}).affectedKeys().hasAny(${fields(Object.keys(ZResidentEvent.shape))})`;
  return ` && (${OLD}.get('undoReason', null) == null ? ${notUndoing} : ${kept})`;
}
