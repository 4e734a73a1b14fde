import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZEmail, ZId, ZOptionalText, ZTimestamp } from "../common.schema.ts";

/** A portal user's profile. The password lives only in the auth backend, never in this record. */
export const ZUser = z.object({
  email: ZEmail.transform((e) => e.toLowerCase()),
  displayName: ZOptionalText(120),
  /** The id of the user's role (a record of `roles`): what they may see and change, per area. */
  role: ZId,
  /**
   * The facilities this user may see: null means all facilities of the group, else at least one (an
   * account limited to no home could open nothing).
   */
  facilityIds: z
    .array(ZId)
    .min(1, "Choose at least one facility, or All facilities")
    .max(1000)
    .nullable()
    .default(null),
  active: z.boolean().default(true),
  /**
   * The person's staff record, so "recorded by" can show their name: one the administrator may see,
   * of a facility the user may see (`staffLinkError` in rules/users.rules.ts).
   */
  staffId: ZId.optional(),
  /** Set by the auth backend: true from a one-time password until the user has chosen their own. */
  mustChangePassword: z.boolean().default(false),
  /** Set by the auth backend at each successful sign-in. */
  lastSignInAt: ZTimestamp.nullable().default(null),
});
export type TUser = z.infer<typeof ZUser>;

/** The fields only the auth backend sets: a write through the data port may not change them. */
export const SERVER_SET_USER_FIELDS = ["mustChangePassword", "lastSignInAt"] as const;

export const ZPassword = z.string().min(12, "At least 12 characters").max(256, "At most 256 characters");

/**
 * What an administrator gives to create a user (AuthPort.createUser): the auth backend generates the
 * one-time password.
 */
export const ZUserInvite = ZUser.pick({ email: true, displayName: true, role: true, facilityIds: true, staffId: true });
export type TUserInvite = z.input<typeof ZUserInvite>;

/** An account with a password chosen by the caller: the first administrator, the CLI, tests. */
export const ZUserCreate = ZUser.omit({ mustChangePassword: true, lastSignInAt: true }).extend({
  password: ZPassword,
  mustChangePassword: z.boolean().default(false),
});
export type TUserCreate = z.input<typeof ZUserCreate>;

export const usersCollection = defineCollection({
  name: "users",
  label: "User",
  schema: ZUser,
  scope: { kind: "global" },
  /**
   * A user record comes with its account (AuthPort.createUser), and gives access to facilities: a
   * facility-limited administrator sees and edits only users limited to facilities among theirs.
   */
  access: { read: "users", write: "users", create: "auth-port", grantsFacilities: "facilityIds" },
  filterable: ["role", "active"],
  sortable: ["email", "displayName", "lastSignInAt"],
  defaultSort: { field: "email", direction: "asc" },
  searchable: ["email", "displayName"],
  removal: "none",
  clientIds: false,
  auditViews: false,
  links: [
    { id: { field: "role" }, to: { collection: "roles", kind: "group-wide" } },
    { id: { field: "staffId" }, to: { collection: "staff", kind: "group-wide" } },
  ],
});
