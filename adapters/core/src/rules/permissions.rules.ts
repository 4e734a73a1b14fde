/**
 * The one question of the role policy every screen asks — does the role give this level on this area? —
 * apart from the rest of access.rules (which reads the whole registry), so the web app's first load
 * stays small.
 */
import type { TAccessLevel, TArea, TPermissions } from "../collections/areas.ts";

/** Does the user's role give at least `level` on `area`? Write includes read. */
export function can(user: { permissions: TPermissions }, area: TArea, level: Exclude<TAccessLevel, "none">): boolean {
  const given = user.permissions[area];
  return level === "read" ? given === "read" || given === "write" : given === "write";
}
