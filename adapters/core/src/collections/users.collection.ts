import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZEmail, ZId, ZOptionalText } from "../common.schema.ts";

/** A portal user's profile. The password lives only in the auth backend, never in this record. */
export const ZUser = z.object({
  email: ZEmail.transform((e) => e.toLowerCase()),
  displayName: ZOptionalText(120),
  /** The id of the user's role (a record of `roles`): what they may see and change, per area. */
  role: ZId,
  /** The facilities this user may see; null means all facilities of the group. */
  facilityIds: z.array(ZId).max(1000).nullable().default(null),
  active: z.boolean().default(true),
});
export type TUser = z.infer<typeof ZUser>;

export const ZPassword = z.string().min(12, "At least 12 characters").max(256, "At most 256 characters");

/** What an administrator gives to create a user (AuthPort.createUser). */
export const ZUserCreate = ZUser.extend({ password: ZPassword });
export type TUserCreate = z.input<typeof ZUserCreate>;

export const usersCollection = defineCollection({
  name: "users",
  label: "User",
  schema: ZUser,
  scope: { kind: "global" },
  /** A user record comes with its account (AuthPort.createUser), and gives access to facilities. */
  access: { read: "users", write: "users", create: "auth-port", grantsFacilities: "facilityIds" },
  filterable: ["role", "active"],
  sortable: ["email"],
  defaultSort: { field: "email", direction: "asc" },
  searchable: ["email", "displayName"],
  removal: "none",
  clientIds: false,
  auditViews: false,
  links: [{ id: { field: "role" }, to: { collection: "roles", kind: "group-wide" } }],
});
