/**
 * Access roles: a role is a named set of permissions, one level (none / read / write) per area of the
 * portal. Every collection names the area that governs it (`CollectionDef.access`), so one policy
 * (rules/access.rules.ts) decides every permission on the server, the memory adapter and the generated
 * Firestore rules. The group edits its roles in Settings; the defaults below ship marked "review for
 * your group". A staff member's job title is their `position`, never a role.
 */
import { z } from "zod";
import { AppError } from "../app-error.ts";
import { defineCollection } from "../collection.ts";
import { ZOptionalText, ZText } from "../common.schema.ts";
import { ACCESS_LEVELS, AREAS, type TAccessLevel, type TArea } from "./areas.ts";

export { ACCESS_LEVELS, AREA_LABELS, AREAS, type TAccessLevel, type TArea } from "./areas.ts";

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

export const ZRole = z.object({
  name: ZText(60),
  description: ZOptionalText(500),
  permissions: ZPermissions,
});
export type TRole = z.infer<typeof ZRole>;

/** The role that can always do everything: its permissions cannot be narrowed, nor can it be removed. */
export const ADMINISTRATOR_ROLE_ID = "administrator";

/**
 * VALIDATION when a write would narrow the Administrator role (the group must always have a role that
 * can manage users and roles); null otherwise.
 */
export function administratorRoleRefusal(id: string, fields: { permissions?: Partial<TPermissions> }): AppError | null {
  if (id !== ADMINISTRATOR_ROLE_ID) return null;
  const narrowed = AREAS.filter((area) => fields.permissions?.[area] !== "write");
  if (narrowed.length === 0) return null;
  return new AppError("VALIDATION", "The Administrator role keeps every permission.", {
    fields: { permissions: "The Administrator role always has read & write on every area" },
  });
}

/** Every area at one level. */
export function permissionsAt(level: TAccessLevel): TPermissions {
  return Object.fromEntries(AREAS.map((area) => [area, level])) as TPermissions;
}

const REVIEW = "A default shipped with the portal: review it for your group.";

/** The roles a new installation starts with (ids are stable; names, descriptions and permissions are the group's). */
export const DEFAULT_ROLES: Readonly<Record<string, TRole>> = {
  [ADMINISTRATOR_ROLE_ID]: {
    name: "Administrator",
    description: `Everything, in the homes the user may see. ${REVIEW}`,
    permissions: permissionsAt("write"),
  },
  "house-manager": {
    name: "House manager",
    description: `Everything in their homes except users, roles and data export. ${REVIEW}`,
    permissions: { ...permissionsAt("write"), users: "none", export: "none", audit: "read" },
  },
  caregiver: {
    name: "Caregiver",
    description: `Residents and medical records, documents to read, the published rota, no rent, fees or settings. ${REVIEW}`,
    permissions: {
      ...permissionsAt("none"),
      residents: "write",
      medical: "write",
      documents: "read",
      schedules: "read",
    },
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
