/**
 * Schedules: the shifts of each home's weekly rota and each home's shift templates (Day 7–15, Evening
 * 15–23, Night 23–7 awake). A shift is stored as the home's local date and wall-clock times; its real
 * instants (and length across a daylight-saving change) follow from the home's time zone
 * (rules/schedule.rules.ts). The checks of a week — double bookings in any home, clearances,
 * overtime, coverage by day and Title 22's night rule — are pure rules computed from stored data.
 */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZDateOnly, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { MAY_BE_IN_THE_HOME, STAFF_POSITIONS } from "./staff.collection.ts";

/** Awake on duty; on call on the premises (asleep there); on call nearby (within 10 minutes). */
export const SHIFT_DUTIES = ["awake", "on_call_premises", "on_call_nearby"] as const;
export type TShiftDuty = (typeof SHIFT_DUTIES)[number];

/** A wall-clock time, `HH:MM` (24 hours). */
export const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time between 00:00 and 23:59, such as 07:00");

/** The times of a shift: an end at or before the start is the next day's (a night shift). */
const sameTimes = (s: { start: string; end: string }) => s.start !== s.end;
const SAME_TIMES = { path: ["end"], message: "A shift cannot end when it starts" };

/** What a shift and a template share: the times (an end at or before the start is the next day) and the duty. */
const ZShiftTimes = z.object({
  start: ZClockTime,
  /** At or before `start`: the next day (a shift across midnight). */
  end: ZClockTime,
  duty: z.enum(SHIFT_DUTIES).default("awake"),
});

export const ZShift = ZShiftTimes.extend({
  facilityId: ZId,
  staffId: ZId,
  /** The home's local date the shift starts. */
  date: ZDateOnly,
  /** The position worked on this shift. */
  position: z.enum(STAFF_POSITIONS),
  note: ZOptionalText(300),
  /** Published with its week: staff without schedule write see only published shifts. */
  published: z.boolean().default(false),
  /**
   * Why it is published although its person has no clearance or exemption (an administrator's
   * override, printed on the rota). Who gave it and when are set by the backend (`signedField`).
   */
  overrideReason: ZOptionalText(300),
  overrideBy: ZOptionalText(200),
  overrideAt: ZOptionalText(40),
}).refine(sameTimes, SAME_TIMES);
export type TShift = z.infer<typeof ZShift>;

export const shiftsCollection = defineCollection({
  name: "shifts",
  label: "Shift",
  schema: ZShift,
  scope: { kind: "facility", field: "facilityId" },
  access: {
    read: "schedules",
    write: "schedules",
    publishedField: "published",
    // An override of a missing clearance, and moving an overridden shift to someone else, are the action's.
    actions: { fills: [{ field: "overrideReason", action: "publishWithOverride", with: ["staffId"] }] },
  },
  filterable: ["facilityId", "staffId", "date", "published"],
  sortable: ["date"],
  defaultSort: { field: "date", direction: "asc" },
  searchable: [],
  removal: "delete",
  clientIds: false,
  auditViews: false,
  links: [
    {
      id: { field: "staffId" },
      to: { collection: "staff", kind: "works-at" },
      // Someone who may not be in the home is published on the rota only over an override with a reason.
      guard: {
        record: { field: "published", equals: true },
        target: { field: "clearanceStatus", in: MAY_BE_IN_THE_HOME },
        field: "overrideReason",
        message:
          "This person has no criminal record clearance or exemption: publishing their shift needs an override with a reason",
      },
    },
  ],
  signedField: { field: "overrideReason", by: "overrideBy", at: "overrideAt" },
});

/** A home's usual shift (Day 07:00–15:00), offered when adding a shift. */
export const ZShiftTemplate = ZShiftTimes.extend({
  facilityId: ZId,
  name: ZText(40),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
}).refine(sameTimes, SAME_TIMES);
export type TShiftTemplate = z.infer<typeof ZShiftTemplate>;

export const shiftTemplatesCollection = defineCollection({
  name: "shiftTemplates",
  label: "Shift template",
  schema: ZShiftTemplate,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "schedules", write: "schedules" },
  filterable: ["facilityId"],
  sortable: ["sortOrder"],
  defaultSort: { field: "sortOrder", direction: "asc" },
  searchable: [],
  removal: "delete",
  clientIds: false,
  auditViews: false,
  links: [],
});

/** The usual three shifts, offered to a home without templates. */
export const DEFAULT_SHIFT_TEMPLATES: readonly Omit<TShiftTemplate, "facilityId">[] = [
  { name: "Day", start: "07:00", end: "15:00", duty: "awake", sortOrder: 10 },
  { name: "Evening", start: "15:00", end: "23:00", duty: "awake", sortOrder: 20 },
  { name: "Night", start: "23:00", end: "07:00", duty: "awake", sortOrder: 30 },
];
