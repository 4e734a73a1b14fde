/**
 * Who may move a person between homes, and what the move leaves and answers. A transfer writes at both
 * homes: the person leaves one and joins the other with their records, so the mover needs write access
 * to the person's current home (seeing a staff member through their other homes is not enough), to the
 * destination, and to every kind of record that goes along or that the move removes. What the old home
 * approved stays there: a resident's capacity exception, and a staff member's future shifts on its rota
 * (removed: the old home then sees the gap in its coverage; past shifts stay as its history). The
 * answer is the moved record as the mover may read it. Every backend calls these before it writes.
 */
import { AppError } from "../app-error.ts";
import type { CollectionDef } from "../collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { collections, isCollectionName } from "../registry.ts";
import { canSeeFacility, canWriteCollection, withoutHiddenFields } from "./access.rules.ts";
import { shiftInstants } from "./schedule.rules.ts";
import type { TTransferResult } from "./transfer.rules.ts";

/**
 * FORBIDDEN unless the user may write records of the person's current home: a staff member of another
 * home who also works at one of the user's (their other homes) is visible there, but theirs to move only
 * for someone who may write at their own home.
 */
export function originRefusal(user: Pick<TSessionUser, "facilityIds">, fromFacilityId: string): AppError | null {
  if (canSeeFacility(user, fromFacilityId)) return null;
  return new AppError(
    "FORBIDDEN",
    "You may not move them: they belong to a home you do not have access to. Someone with access to both homes can.",
  );
}

/**
 * FORBIDDEN naming the first collection the move would write (records carried along, shifts removed)
 * that the user may not change: a move takes everything of the person's it touches, or nothing.
 */
export function carriedRefusal(user: TSessionUser, touched: Iterable<string>): AppError | null {
  for (const name of new Set(touched)) {
    if (!isCollectionName(name)) continue;
    const def: CollectionDef = collections[name];
    if (canWriteCollection(user, def)) continue;
    return new AppError(
      "FORBIDDEN",
      `You may not move them: their ${def.label.toLowerCase()} records go with them, and you may not change those.`,
    );
  }
  return null;
}

/**
 * The person's record as a move's own checks compare it against: a resident's capacity exception was
 * approved for the old home, so the move leaves it behind (`movedPerson`) without that counting as a
 * change of the exception by the mover; the new home's capacity is then checked without it.
 */
export function beforeMove<R extends Record<string, unknown>>(record: R): R {
  const { capacityException: _left, ...rest } = record;
  return rest as R;
}

/** The transfer's answer as the user may receive it: the moved record without the fields they may not see. */
export function transferAnswer(user: TSessionUser, def: CollectionDef, result: TTransferResult): TTransferResult {
  return { ...result, record: withoutHiddenFields(user, def, result.record) };
}

/**
 * The collections a move of this kind of person always writes besides the person: a staff member's
 * move changes the old home's rota (their future shifts there are removed), so it needs schedule write
 * whether or not shifts are found (a backend that cannot see drafts could not tell).
 */
export function movedAlways(subject: "resident" | "staff"): string[] {
  return subject === "staff" ? ["shifts"] : [];
}

/** What `isShiftLeftBehind` needs of a shift. */
export interface TShiftAtHome {
  staffId: string;
  facilityId: string;
  date: string;
  start: string;
  end: string;
}

/**
 * Whether a moved staff member's shift is taken off the old home's rota: theirs, at the home they
 * left (`from`), starting after `now` in that home's time zone, unless they still work there (one of
 * their other homes). A shift already begun or done stays as history.
 */
export function isShiftLeftBehind(
  shift: TShiftAtHome,
  moved: { id: string; otherFacilityIds?: readonly string[] | undefined },
  from: string,
  timeZone: string,
  now: Date,
): boolean {
  if (shift.staffId !== moved.id || shift.facilityId !== from) return false;
  if (moved.otherFacilityIds?.includes(from)) return false;
  return shiftInstants(shift, timeZone).from > now.getTime();
}

/** The audit summary's note of the shifts a move took off the old home's rota (empty when none). */
export function shiftsLeftSummary(count: number): string {
  return count === 0 ? "" : `; ${count} future shift${count === 1 ? "" : "s"} taken off the old home's rota`;
}
