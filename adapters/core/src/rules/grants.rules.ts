/**
 * What a user who manages users and roles may grant. "Users & roles: write" alone must not make
 * someone an administrator, so every backend applies the same rule to each grant: a user gives only
 * the permissions they hold themselves (each area at most at their own level, and only actions they
 * hold), never edits their own role, and never edits a role or a user holding more than they do.
 * Facilities follow the same rule (`canGrantFacilities` in access.rules.ts), so only a user holding
 * every permission and every action on every home creates such a user or gives a role everything; such
 * a user may edit their own role too (nothing in it can be more than they hold: the Administrator role's
 * name and description). The server's write checks, the memory adapter,
 * the Cloud Functions and the generated Firestore rules (`mayGrantRole`) say the same; the audit row
 * of each grant names what was given (`grantSummary`).
 */
import { AppError } from "../app-error.ts";
import { ACTIONS, actionsListed, type TAction } from "../collections/actions.ts";
import { ACCESS_LEVELS, AREAS, type TAccessLevel, type TPermissions } from "../collections/areas.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { facilityIdsOf } from "./access.rules.ts";

/**
 * A role as stored or written: its `permissions`, one level per area (an area left out has none), and
 * its `actions` (left out: none).
 */
type TGiven = Record<string, unknown>;

const rank = (level: unknown): number => Math.max(0, ACCESS_LEVELS.indexOf(level as TAccessLevel));

/** Does `mine` give at least every level `theirs` gives? (A stored role may lack an area: none.) */
export function permissionsWithin(theirs: unknown, mine: TPermissions): boolean {
  const given = (theirs ?? {}) as Partial<Record<string, unknown>>;
  return AREAS.every((area) => rank(given[area]) <= rank(mine[area]));
}

/** Does `mine` hold every action `theirs` lists? (A stored role without actions holds none.) */
export function actionsWithin(theirs: unknown, mine: readonly TAction[] | undefined): boolean {
  return actionsListed(theirs).every((action) => mine?.includes(action) ?? false);
}

/** Does the role `given` give nothing beyond the actor's permissions and actions? */
function roleWithin(given: TGiven | undefined, actor: TGrantor): boolean {
  return permissionsWithin(given?.permissions, actor.permissions) && actionsWithin(given?.actions, actor.actions);
}

/**
 * Does the user hold everything: every permission at write and every action, on every home? Nothing
 * can be given beyond that, so such a user may edit their own role.
 */
export function holdsEverything(user: Pick<TSessionUser, "permissions" | "actions" | "facilityIds">): boolean {
  return (
    user.facilityIds === null &&
    AREAS.every((area) => user.permissions[area] === "write") &&
    ACTIONS.every((action) => user.actions.includes(action))
  );
}

/** What the grant rules read of the user who grants. */
type TGrantor = Pick<TSessionUser, "permissions"> & { actions?: readonly TAction[] | undefined };

function beyond(message: string, field: string, detail: string): AppError {
  return new AppError("FORBIDDEN", message, { fields: { [field]: detail } });
}

/**
 * The refusal of a change to a role, or null. `before` is the role as stored (undefined when creating
 * it), `after` the role as written (undefined when removing it).
 */
export function roleGrantError(
  actor: Pick<TSessionUser, "role" | "permissions" | "actions" | "facilityIds">,
  id: string,
  before: TGiven | undefined,
  after: TGiven | undefined,
): AppError | null {
  if (actor.role === id && before !== undefined && !holdsEverything(actor))
    return beyond("You cannot change your own role: ask another administrator.", "permissions", "Your own role");
  if (before !== undefined && !roleWithin(before, actor))
    return beyond(
      "This role holds permissions you do not have: only a user who holds them may change it.",
      "permissions",
      "Holds more than your role",
    );
  if (after !== undefined && !permissionsWithin(after.permissions, actor.permissions))
    return beyond("You can only give permissions you hold yourself.", "permissions", "More than your own role gives");
  if (after !== undefined && !actionsWithin(after.actions, actor.actions))
    return beyond("You can only give actions your own role holds.", "actions", "More than your own role holds");
  return null;
}

/**
 * The refusal of giving a user a role, or null: the user's current role (`before`, undefined when
 * creating the user) and the new one must both be within the actor's permissions, so nobody promotes
 * anyone, nor edits (or deactivates) someone who holds more than they do.
 */
export function userRoleGrantError(actor: TGrantor, before: TGiven | undefined, after: TGiven): AppError | null {
  if (before !== undefined && !roleWithin(before, actor))
    return beyond(
      "This user's role holds permissions you do not have: only a user who holds them may change their account.",
      "role",
      "Holds more than your role",
    );
  if (!roleWithin(after, actor))
    return beyond(
      "You can only give a role whose permissions and actions you hold yourself.",
      "role",
      "More than your own role gives",
    );
  return null;
}

const facilitiesText = (value: unknown): string => facilityIdsOf(value)?.join(" ") ?? "all homes";

/**
 * The audit summary of a grant: what was given, as "field: before → after" (role ids, facility ids,
 * permission levels and the actions held; no personal data). Empty when the change grants nothing.
 */
export function grantSummary(
  collection: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): string {
  const parts: string[] = [];
  if (collection === "users") {
    if (before?.role !== after.role) parts.push(`role: ${String(before?.role ?? "none")} → ${String(after.role)}`);
    const was = before === undefined ? "none" : facilitiesText(before.facilityIds);
    if (was !== facilitiesText(after.facilityIds))
      parts.push(`facilities: ${was} → ${facilitiesText(after.facilityIds)}`);
  }
  if (collection === "roles") {
    const given = (record: Record<string, unknown> | undefined) =>
      (record?.permissions ?? {}) as Partial<Record<string, unknown>>;
    for (const area of AREAS) {
      const from = String(given(before)[area] ?? "none");
      const to = String(given(after)[area] ?? "none");
      if (from !== to) parts.push(`${area}: ${from} → ${to}`);
    }
    const held = (record: Record<string, unknown> | undefined) => actionsListed(record?.actions).join(" ") || "none";
    if (held(before) !== held(after)) parts.push(`actions: ${held(before)} → ${held(after)}`);
  }
  return parts.join("; ");
}

/** A change's audit summary followed by what it grants, if anything. */
export function withGrant(summary: string, grant: string): string {
  return grant === "" ? summary : `${summary} (granted ${grant})`;
}
