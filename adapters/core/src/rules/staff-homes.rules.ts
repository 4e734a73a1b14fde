/**
 * A staff member's other homes (`otherFacilityIds`): the homes whose directories, counts and rotas
 * show them, and whose users see them and their papers. Adding a home to that list, or taking one off,
 * is a change for that home, so it needs write access to it — one home cannot put its staff into
 * another's records, nor remove them from its rota — and every home added must exist. Homes the list
 * already held and keeps are not asked about again. Every backend runs this on a staff write; the
 * Firestore rules check the access part with set operations (docs/firebase.md says who checks the rest).
 */
import { AppError } from "../app-error.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { canSeeFacility } from "./access.rules.ts";

/** The homes added to and taken off a staff member's other homes by a write (`before` undefined: a create). */
export function otherHomesChanged(
  after: readonly string[] | undefined,
  before: readonly string[] | undefined,
): { added: string[]; removed: string[] } {
  const next = new Set(after ?? []);
  const previous = new Set(before ?? []);
  return {
    added: [...next].filter((id) => !previous.has(id)),
    removed: [...previous].filter((id) => !next.has(id)),
  };
}

/**
 * FORBIDDEN when the write adds or removes a home the user may not write; VALIDATION when it adds a
 * home that does not exist (`exists`, asked only of added homes the user may write). Nothing otherwise.
 */
export function otherHomesRefusal(
  user: Pick<TSessionUser, "facilityIds">,
  changed: { added: readonly string[]; removed: readonly string[] },
  exists: ReadonlySet<string>,
): AppError | null {
  const foreign = [...changed.added, ...changed.removed].find((id) => !canSeeFacility(user, id));
  if (foreign !== undefined)
    return new AppError("FORBIDDEN", "You may only add or remove homes you have access to.", {
      fields: { otherFacilityIds: `No access to ${foreign}` },
    });
  const missing = changed.added.find((id) => !exists.has(id));
  if (missing !== undefined)
    return new AppError("VALIDATION", "The staff member is not valid.", {
      fields: { otherFacilityIds: `No such home: ${missing}` },
    });
  return null;
}
