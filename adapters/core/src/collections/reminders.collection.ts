/**
 * Manual reminders, and the snoozes and waivers of derived ones (missing or expiring documents, rent
 * past due, reappraisals), which are computed from the data and never stored themselves.
 */
import { z } from "zod";
import { defineCollection, type TLinkValue } from "../collection.ts";
import { ZDateOnly, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { SUBJECT_TARGETS } from "./documents.collection.ts";
import { LINK_TO_FACILITY } from "./facilities.collection.ts";
import { AppError } from "../app-error.ts";
import { AREA_LABELS, type TArea, type TPermissions } from "./areas.ts";
import { can } from "../rules/permissions.rules.ts";
import { reminderStateId } from "../rules/reminders.rules.ts";
import { LINK_TO_RESIDENT } from "./residents.collection.ts";

export const REMINDER_REPEATS = ["none", "weekly", "monthly", "yearly"] as const;
export const REMINDER_LINK_TYPES = ["resident", "staff", "facility"] as const;
export type TReminderLinkType = (typeof REMINDER_LINK_TYPES)[number];

export const ZReminder = z
  .object({
    facilityId: ZId,
    title: ZText(200),
    dueDate: ZDateOnly,
    notes: ZOptionalText(2000),
    linkType: z.enum(REMINDER_LINK_TYPES).optional(),
    linkId: ZId.optional(),
    repeat: z.enum(REMINDER_REPEATS).default("none"),
    /** A repeating reminder marked done moves to its next due date and stays open. */
    status: z.enum(["open", "done"]).default("open"),
    snoozedUntil: ZDateOnly.optional(),
    lastDoneOn: ZDateOnly.optional(),
  })
  .superRefine((r, ctx) => {
    if (Boolean(r.linkType) !== Boolean(r.linkId))
      ctx.addIssue({ code: "custom", path: ["linkId"], message: "Pick the record to link, or no link" });
  });
export type TReminder = z.infer<typeof ZReminder>;

export const remindersCollection = defineCollection({
  name: "reminders",
  label: "Reminder",
  schema: ZReminder,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "signed-in", write: "signed-in" },
  filterable: ["facilityId", "status", "linkId"],
  sortable: ["dueDate"],
  defaultSort: { field: "dueDate", direction: "asc" },
  searchable: ["title"],
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [
    LINK_TO_FACILITY,
    // A linked resident or staff member is one of the reminder's facility; a linked facility may be any.
    {
      id: { field: "linkId" },
      to: { by: { field: "linkType" }, targets: { resident: SUBJECT_TARGETS.resident, staff: SUBJECT_TARGETS.staff } },
    },
  ],
});

/** At most this many characters in a waiver's reason. */
export const WAIVER_REASON_MAX = 500;

/**
 * A snooze of one derived reminder, or the waiver of one requirement. A snooze's `key` names the
 * occurrence (e.g. a document's expiry date is part of it), so a new occurrence is a new key and comes
 * back. A waiver is keyed by the requirement (`missingKey`: a subject and a document type) and carries
 * its reason ("Not applicable to this resident"); it ends every reminder of that requirement and
 * counts the requirement as met in compliance until it is removed. The id is derived from the home and
 * the key (`reminderStateId` in reminders.rules), so two clicks make one state, and a home can only
 * ever hold ids of its own states.
 */
export const ZReminderState = z
  .object({
    facilityId: ZId,
    key: z.string().min(1).max(300),
    state: z.enum(["snoozed", "waived"]),
    snoozedUntil: ZDateOnly.optional(),
    reason: ZOptionalText(WAIVER_REASON_MAX),
  })
  .superRefine((s, ctx) => {
    if (s.state === "snoozed" && !s.snoozedUntil)
      ctx.addIssue({ code: "custom", path: ["snoozedUntil"], message: "Pick the date to snooze until" });
    if (s.state === "waived" && !s.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why this document is not needed" });
    if (s.state === "waived" && !s.key.startsWith("missing|"))
      ctx.addIssue({ code: "custom", path: ["key"], message: "Only a document requirement can be waived" });
  });
export type TReminderState = z.infer<typeof ZReminderState>;

/**
 * The derived reminders a state's key may name, by its first `|`-separated part: how many parts the key
 * has (as `missingKey`, `expiryKey`, `rentKey` and `rotaKey` in reminders.rules build them) and the area
 * a snooze or waiver of it needs write on — the area of the records the reminder is about. A missing
 * document's key names its subject in part 1, whose area it takes (a resident's: residents).
 */
export const REMINDER_KEY_KINDS = {
  missing: { parts: 4, area: "subject" },
  expiry: { parts: 3, area: "documents" },
  rent: { parts: 3, area: "rent" },
  rota: { parts: 3, area: "schedules" },
} as const satisfies Record<string, { parts: number; area: TArea | "subject" }>;

/** The area of a missing document's subject, as a key's part 1 names it. */
export const SUBJECT_AREAS = {
  resident: "residents",
  staff: "staff",
  facility: "facilities",
} as const satisfies Record<string, TArea>;

/** The area whose write a state of this key needs; null for a key naming no derived reminder. */
export function reminderKeyArea(key: string): TArea | null {
  const parts = key.split("|");
  const kind = Object.entries(REMINDER_KEY_KINDS).find(([name]) => name === parts[0])?.[1];
  if (!kind || parts.length !== kind.parts) return null;
  if (kind.area !== "subject") return kind.area;
  return Object.entries(SUBJECT_AREAS).find(([subject]) => subject === parts[1])?.[1] ?? null;
}

/**
 * Who may set, change or remove a state: a snooze silences a reminder for everyone of the home, so it
 * needs write on the records the reminder is about (a rent reminder: rent; a rota's: schedules); a
 * waiver counts a document requirement as met in compliance, so it needs documents write too. A rota's
 * key names the state's own home. Every backend refuses the same way; the generated Firestore rules
 * say the same, and the declared links check that the records a key names exist in the home.
 */
export function reminderStateRefusal(
  user: { permissions: TPermissions },
  fields: Record<string, unknown>,
): AppError | null {
  const key = String(fields.key);
  const area = reminderKeyArea(key);
  const otherHome = key.startsWith("rota|") && key.split("|")[1] !== fields.facilityId;
  if (area === null || otherHome)
    return new AppError("VALIDATION", "The reminder state is not valid.", {
      fields: { key: "Names no reminder of this home" },
    });
  if (!can(user, area, "write"))
    return new AppError(
      "FORBIDDEN",
      `Snoozing this reminder needs permission to change ${AREA_LABELS[area].toLowerCase()}.`,
    );
  if (fields.state === "waived" && !can(user, "documents", "write"))
    return new AppError("FORBIDDEN", "Waiving a document requirement needs permission to change documents.");
  return null;
}

/** The kind of derived reminder a state's key names: its first `|`-separated part. */
const KEY_KIND: TLinkValue = { field: "key", part: 0 };

export const reminderStatesCollection = defineCollection({
  name: "reminderStates",
  label: "Reminder state",
  schema: ZReminderState,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "signed-in", write: "signed-in" },
  filterable: ["facilityId", "key"],
  sortable: [],
  defaultSort: { field: "createdAt", direction: "desc" },
  searchable: [],
  /** Undoing a snooze or removing a waiver deletes the state (the audit log keeps both). */
  removal: "delete",
  clientIds: true,
  derivedId: {
    from: ["facilityId", "key"],
    derive: (fields) => reminderStateId(String(fields.facilityId), String(fields.key)),
    rules: (data) => `id == hashing.sha256(${data}.facilityId + "|" + ${data}.key).toHexString().lower()`,
  },
  auditViews: false,
  /** The records a key names, part by part, as `missingKey`, `expiryKey` and `rentKey` in reminders.rules build them. */
  links: [
    LINK_TO_FACILITY,
    // missing|<subject>|<subjectId>|<typeId>
    {
      id: { field: "key", part: 2 },
      when: { value: KEY_KIND, equals: "missing" },
      to: { by: { field: "key", part: 1 }, targets: SUBJECT_TARGETS },
    },
    {
      id: { field: "key", part: 3 },
      when: { value: KEY_KIND, equals: "missing" },
      to: { collection: "documentTypes", kind: "group-wide" },
    },
    // expiry|<documentId>|<expiryDate>
    {
      id: { field: "key", part: 1 },
      when: { value: KEY_KIND, equals: "expiry" },
      to: { collection: "documents", kind: "same-facility" },
    },
    // rent|<residentId>|<oldestUnpaidDueDate>
    { id: { field: "key", part: 1 }, when: { value: KEY_KIND, equals: "rent" }, to: LINK_TO_RESIDENT.to },
  ],
});
