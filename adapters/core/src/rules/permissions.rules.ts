/**
 * The questions of the role policy every screen asks — does the role give this level on this area, or
 * this action? — apart from the rest of access.rules (which reads the whole registry), so the web app's
 * first load stays small.
 */
import type { TAction } from "../collections/actions.ts";
import type { TAccessLevel, TArea, TPermissions } from "../collections/areas.ts";

/** Does the user's role give at least `level` on `area`? Write includes read. */
export function can(user: { permissions: TPermissions }, area: TArea, level: Exclude<TAccessLevel, "none">): boolean {
  const given = user.permissions[area];
  return level === "read" ? given === "read" || given === "write" : given === "write";
}

/** Does the user's role hold this action (collections/actions.ts)? A role without actions holds none. */
export function mayDo(user: { actions?: readonly TAction[] | undefined }, action: TAction): boolean {
  return user.actions?.includes(action) ?? false;
}
