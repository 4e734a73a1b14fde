/**
 * Group-wide settings of the portal: one record (id `portal`) that every signed-in user reads and only an
 * administrator who sees every facility changes. Until it is first saved, the portal shows the title its
 * deployment configures (`portalTitle` of the runtime config, default "Care Portal") and the defaults.
 */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZText } from "../common.schema.ts";

/** The one record's id. */
export const PORTAL_SETTINGS_ID = "portal";

/** Days a submitted Live Scan may wait for the state's decision before a reminder, until set. */
export const DEFAULT_CLEARANCE_REMINDER_DAYS = 30;

export const ZPortalSettings = z.object({
  /** Shown in the header and the browser tab. */
  title: ZText(80),
  /** Days a submitted Live Scan may wait for the state's decision before the reminder. */
  clearanceReminderDays: z
    .number({ error: "Enter a number of days" })
    .int("Whole days")
    .min(1, "At least 1 day")
    .max(365, "At most 365 days")
    .default(DEFAULT_CLEARANCE_REMINDER_DAYS),
});
export type TPortalSettings = z.infer<typeof ZPortalSettings>;

export const portalSettingsCollection = defineCollection({
  name: "portalSettings",
  label: "Portal setting",
  schema: ZPortalSettings,
  scope: { kind: "global" },
  /** Group-wide (global scope): changed by a user who may manage users and sees every home. */
  access: { read: "signed-in", write: "users" },
  filterable: [],
  sortable: [],
  defaultSort: { field: "updatedAt", direction: "desc" },
  searchable: [],
  removal: "none",
  clientIds: false,
  derivedId: {
    from: ["the group (there is one record)"],
    derive: () => PORTAL_SETTINGS_ID,
    rules: () => `id == '${PORTAL_SETTINGS_ID}'`,
  },
  auditViews: false,
});
