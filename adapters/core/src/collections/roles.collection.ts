/**
 * Access roles: a role is a named set of permissions, one level (none / read / write) per area of the
 * portal, and the actions it holds (collections/actions.ts: discharging a resident, recording a death…),
 * which writing the area alone does not allow. Every collection names the area that governs it (`CollectionDef.access`), so one policy
 * (rules/access.rules.ts) decides every permission on the server, the memory adapter and the generated
 * Firestore rules. The group edits its roles in Settings; the defaults below ship marked "review for
 * your group". A staff member's job title is their `position`, never a role.
 */
import { z } from "zod";
import { AppError } from "../app-error.ts";
import { defineCollection } from "../collection.ts";
import { ZOptionalText, ZText } from "../common.schema.ts";
import { ACTIONS, FIRST_ACTIONS } from "./actions.ts";
import { ACCESS_LEVELS, AREAS, type TAccessLevel, type TArea } from "./areas.ts";

export { ACCESS_LEVELS, AREA_LABELS, AREAS, type TAccessLevel, type TArea } from "./areas.ts";
export { ACTION_INFO, ACTIONS, type TAction } from "./actions.ts";

export const ZAccessLevel = z.enum(ACCESS_LEVELS);

export const ACCESS_LEVEL_LABELS: Record<TAccessLevel, string> = {
  none: "No access",
  read: "Read",
  write: "Read & write",
};

/** One level per area; an area left out has none. */
export const ZPermissions = z.object(
  Object.fromEntries(AREAS.map((area) => [area, ZAccessLevel.default("none")])) as Record<
    TArea,
    z.ZodDefault<typeof ZAccessLevel>
  >,
);
export type TPermissions = z.infer<typeof ZPermissions>;

export const ZAction = z.enum(ACTIONS);

/**
 * The actions a role holds, as a list (the Firestore rules compare it with one `hasAll` / `hasAny`);
 * a role without the field holds none.
 */
export const ZActions = z.array(ZAction).max(ACTIONS.length);

export const ZRole = z.object({
  name: ZText(60),
  description: ZOptionalText(500),
  permissions: ZPermissions,
  actions: ZActions.default([]),
});
export type TRole = z.infer<typeof ZRole>;

/**
 * The role that can always do everything: its permissions and actions cannot be narrowed, nor can it be
 * removed.
 */
export const ADMINISTRATOR_ROLE_ID = "administrator";

/**
 * VALIDATION when a write would narrow the Administrator role (the group must always have a role that
 * can manage users and roles and do every action); null otherwise.
 */
export function administratorRoleRefusal(
  id: string,
  fields: { permissions?: Partial<TPermissions>; actions?: readonly string[] },
): AppError | null {
  if (id !== ADMINISTRATOR_ROLE_ID) return null;
  if (AREAS.some((area) => fields.permissions?.[area] !== "write"))
    return new AppError("VALIDATION", "The Administrator role keeps every permission.", {
      fields: { permissions: "The Administrator role always has read & write on every area" },
    });
  if (ACTIONS.some((action) => !fields.actions?.includes(action)))
    return new AppError("VALIDATION", "The Administrator role keeps every action.", {
      fields: { actions: "The Administrator role always holds every action" },
    });
  return null;
}

/** Every area at one level. */
export function permissionsAt(level: TAccessLevel): TPermissions {
  return Object.fromEntries(AREAS.map((area) => [area, level])) as TPermissions;
}

const REVIEW = "A default shipped with the portal: review it for your group.";

/**
 * The actions of the shipped roles, least privilege: a caregiver records vitals, notes and documents;
 * discharges, deaths, transfers, archiving and code status changes are for house managers and
 * administrators; undoing a status event, voiding a payment and publishing over a clearance for
 * administrators until the group grants them.
 */
const NO_ACTIONS: TRole["actions"] = [];

/** The roles a new installation starts with (ids are stable; names, descriptions and permissions are the group's). */
export const DEFAULT_ROLES: Readonly<Record<string, TRole>> = {
  [ADMINISTRATOR_ROLE_ID]: {
    name: "Administrator",
    description: `Everything, in the homes the user may see, and every action. ${REVIEW}`,
    permissions: permissionsAt("write"),
    actions: [...ACTIONS],
  },
  "house-manager": {
    name: "House manager",
    description: `Everything in their homes except users, roles and data export; discharges, deaths, transfers, archiving and code status, but not undoing a status event, voiding a payment or publishing over a clearance. ${REVIEW}`,
    permissions: { ...permissionsAt("write"), users: "none", export: "none", audit: "read" },
    actions: [...FIRST_ACTIONS],
  },
  caregiver: {
    name: "Caregiver",
    description: `Residents and medical records (vitals, notes), documents to read, the published rota; no rent, fees or settings, and no discharges, deaths, transfers, archiving or code status changes. ${REVIEW}`,
    permissions: {
      ...permissionsAt("none"),
      residents: "write",
      medical: "write",
      documents: "read",
      schedules: "read",
    },
    actions: NO_ACTIONS,
  },
  office: {
    name: "Office",
    description: `Rent, referrals and fees, reports, and residents to read. ${REVIEW}`,
    permissions: {
      ...permissionsAt("none"),
      rent: "write",
      referrals: "write",
      fees: "write",
      reports: "read",
      residents: "read",
    },
    actions: NO_ACTIONS,
  },
};

export const rolesCollection = defineCollection({
  name: "roles",
  label: "Role",
  schema: ZRole,
  scope: { kind: "global" },
  access: { read: "users", write: "users" },
  filterable: [],
  sortable: ["name"],
  defaultSort: { field: "name", direction: "asc" },
  searchable: ["name"],
  removal: "delete",
  clientIds: true,
  auditViews: false,
});
