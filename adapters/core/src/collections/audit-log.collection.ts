import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZTimestamp } from "../common.schema.ts";

export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "password_change",
  "password_change_failed",
  "user_create",
  "password_reset",
  "sessions_end_others",
  "create",
  "update",
  "remove",
  "archive",
  /** A resident or staff member moved to another home with their records (DataPort.transfer). */
  "transfer",
  "view",
  /** A page of a list read for a CSV export (`TListQuery.purpose`). */
  "export",
  "file_upload",
  "file_download",
  "file_remove",
  /** Everything (or a limited administrator's homes) taken as one ZIP (Settings → Export and import). */
  "data_export",
  /** An export loaded into an empty instance; the only way audit rows arrive other than by the server's own actions. */
  "data_import",
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type TAuditAction = z.infer<typeof ZAuditAction>;

/** The longest summary a row keeps (a longer one is cut). */
export const MAX_AUDIT_SUMMARY = 2000;

/** One append-only row: who viewed or changed what, when. Written by the server, never edited. */
export const ZAuditEntry = z.object({
  at: ZTimestamp,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: ZAuditAction,
  collection: z.string().nullable(),
  recordId: z.string().nullable(),
  facilityId: z.string().nullable(),
  /** Names of the fields a change touched, or a short description; never the values of personal data. */
  summary: z.string().max(MAX_AUDIT_SUMMARY).nullable(),
  ip: z.string().max(64).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const auditLogCollection = defineCollection({
  name: "auditLog",
  label: "Audit entry",
  schema: ZAuditEntry,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "audit", write: "server" },
  filterable: ["action", "actorId", "collection", "recordId", "facilityId"],
  sortable: ["at"],
  rangeField: "at",
  defaultSort: { field: "at", direction: "desc" },
  searchable: ["actorEmail", "summary"],
  removal: "none",
  clientIds: false,
  auditViews: false,
});
