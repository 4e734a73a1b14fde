/**
 * The history of a record's edits: which fields changed from what to what, who changed them and when.
 * Unlike the audit log (value-free, administrators only), a change carries the values, so it is kept
 * with the record's own facility and read by whoever may read the record. Written by the backend in
 * the transaction of the change it describes, never by a client.
 */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZId, ZTimestamp } from "../common.schema.ts";
import { HISTORY_COLLECTIONS } from "./history-collections.ts";

export { HISTORY_COLLECTIONS, type THistoryCollection } from "./history-collections.ts";

export const CHANGE_ACTIONS = ["create", "update", "archive"] as const;

/** One field's change; values as text (JSON for lists and numbers), absent when the field was empty. */
export const ZFieldChange = z.object({
  field: z.string().max(64),
  before: z.string().max(20_000).optional(),
  after: z.string().max(20_000).optional(),
});
export type TFieldChange = z.infer<typeof ZFieldChange>;

export const ZRecordChange = z.object({
  collection: z.enum(HISTORY_COLLECTIONS),
  recordId: ZId,
  /** The record's facility (a facility's own id): who may read the record may read its history. */
  facilityId: ZId,
  at: ZTimestamp,
  actorId: z.string().nullable(),
  /** The name (or e-mail) of who made the change, as it was then. */
  actorName: z.string().max(200),
  action: z.enum(CHANGE_ACTIONS),
  changes: z.array(ZFieldChange).max(200),
});
export type TRecordChange = z.infer<typeof ZRecordChange>;

export const recordChangesCollection = defineCollection({
  name: "recordChanges",
  label: "Change",
  schema: ZRecordChange,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "signed-in", write: "server", readFollows: "collection" },
  filterable: ["collection", "recordId", "facilityId"],
  sortable: ["at"],
  defaultSort: { field: "at", direction: "desc" },
  searchable: [],
  removal: "none",
  clientIds: false,
  auditViews: false,
});
