/**
 * What the signed-in user's role lets them open, for the navigation (which hides what they cannot) and
 * the router (which answers "You don't have access to …" instead of the page). The server enforces
 * the same permissions on every request; this only keeps the screens honest.
 */
import { AREA_LABELS, type TArea } from "@care/core/collections/areas";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TAction } from "@care/core/collections/actions";
import { can, mayDo } from "@care/core/rules/permissions.rules";
import { useSession } from "./ports.tsx";

/** One permission a page or link needs: read or write on an area. */
export interface TAccessNeed {
  readonly area: TArea;
  readonly level: "read" | "write";
}

/** Needs of which any one suffices (absent: every signed-in user). */
export type TAccess = readonly TAccessNeed[];

export const needs = (area: TArea, level: "read" | "write" = "read"): TAccess => [{ area, level }];

/**
 * Settings is for those who administer something: users and roles, the audit log, the document
 * configuration, the training requirements or the data export. My account, which everyone has, is reached from the header.
 */
export const SETTINGS_ACCESS: TAccess = [
  ...needs("users"),
  ...needs("audit"),
  ...needs("documents", "write"),
  ...needs("schedules", "write"),
  ...needs("export"),
];

/** Does the user's role meet any of the needs? */
export function allows(
  user: Pick<TSessionUser, "permissions"> | null | undefined,
  access: TAccess | undefined,
): boolean {
  if (!access || access.length === 0) return true;
  if (!user) return false;
  return access.some((need) => can(user, need.area, need.level));
}

/** "rent", "users & roles": the words for what the user lacks. */
export function accessWords(access: TAccess): string {
  return [...new Set(access.map((need) => AREA_LABELS[need.area].toLowerCase()))].join(" or ");
}

/** The signed-in user's permissions as a function: `can("rent")`, `can("documents", "write")`. */
export function useCan(): (area: TArea, level?: "read" | "write") => boolean {
  const session = useSession();
  return (area, level = "read") => allows(session, needs(area, level));
}

/**
 * The signed-in user's actions as a function: `mayDo("discharge")`. A page hides a step its user's role
 * does not hold (collections/actions.ts); every backend refuses it all the same.
 */
export function useMayDo(): (action: TAction) => boolean {
  const session = useSession();
  return (action) => Boolean(session && mayDo(session, action));
}
