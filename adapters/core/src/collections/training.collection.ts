/**
 * Staff training: the requirements the group keeps (configured like document types: California's
 * defaults, each marked "review for your home") and the ledger of training each staff member received.
 * The hours each requirement counts, its period and what is short are pure rules
 * (rules/training.rules.ts), shared by every backend and the web app.
 */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZDateOnly, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { STAFF_POSITIONS } from "./staff.collection.ts";
import { latestDateAnywhere } from "../rules/date-only.rules.ts";

/**
 * What a training entry was: the statutory buckets (initial before working independently, initial within
 * the first weeks, annual in-service) and the topics the requirements count separately.
 */
export const TRAINING_CATEGORIES = [
  "initial_before_independence",
  "initial_first_weeks",
  "annual",
  "dementia",
  "postural_hospice",
  "first_aid",
  "emergency_plan",
  "administrator_ceu",
  "laws_regulations",
] as const;
export type TTrainingCategory = (typeof TRAINING_CATEGORIES)[number];
export const ZTrainingCategory = z.enum(TRAINING_CATEGORIES);

/**
 * The period a requirement's hours are counted in:
 * - `before_independence`: from the start, before the person may work without direct supervision;
 * - `initial`: from the hire date to `withinDays` after it;
 * - `yearly`: each year after the first (the initial training covers the first), by calendar year or
 *   by hire anniversary (`yearBasis`);
 * - `two_years`: each two years from the hire date's year or anniversary (an administrator's renewal).
 */
export const TRAINING_PERIODS = ["before_independence", "initial", "yearly", "two_years"] as const;
export type TTrainingPeriod = (typeof TRAINING_PERIODS)[number];
export const YEAR_BASES = ["calendar", "hire_anniversary"] as const;
export type TYearBasis = (typeof YEAR_BASES)[number];

/** Hours in quarter hours: 0.25, 0.5, … */
const ZQuarterHours = (max: number) =>
  z
    .number({ error: "Enter hours" })
    .min(0, "Cannot be negative")
    .max(max, `At most ${max} hours`)
    .refine((hours) => Number.isInteger(hours * 4), "Use quarter hours (0.25, 0.5, 0.75)");

/**
 * A part of a requirement with a floor or a cap of its own: at least 6 of the 20 hours on dementia
 * care, at most 20 of the 40 online.
 */
export const ZTrainingPart = z
  .object({
    label: ZText(80),
    /** The categories whose hours this part counts (the requirement's own categories when empty). */
    categories: z.array(ZTrainingCategory).max(TRAINING_CATEGORIES.length).default([]),
    /** Counts only entries taken online. */
    onlineOnly: z.boolean().default(false),
    minHours: ZQuarterHours(500).optional(),
    maxHours: ZQuarterHours(500).optional(),
  })
  .superRefine((part, ctx) => {
    if (part.minHours === undefined && part.maxHours === undefined)
      ctx.addIssue({ code: "custom", path: ["minHours"], message: "Give at least or at most" });
    if (part.minHours !== undefined && part.maxHours !== undefined && part.maxHours < part.minHours)
      ctx.addIssue({ code: "custom", path: ["maxHours"], message: "At most cannot be below at least" });
  });
export type TTrainingPart = z.infer<typeof ZTrainingPart>;

export const ZTrainingRequirement = z
  .object({
    name: ZText(120),
    description: ZOptionalText(1000),
    /** The positions it applies to; empty = every position. */
    positions: z.array(z.enum(STAFF_POSITIONS)).max(STAFF_POSITIONS.length).default([]),
    period: z.enum(TRAINING_PERIODS),
    /** For an `initial` period: the days after the hire date it must be done within. */
    withinDays: z.number().int("Whole days").min(1, "At least 1 day").max(730, "At most 730 days").optional(),
    /** For `yearly` and `two_years`: years counted from January 1 or from the hire date. */
    yearBasis: z.enum(YEAR_BASES).default("calendar"),
    hours: ZQuarterHours(500).refine((hours) => hours > 0, "More than 0 hours"),
    /** The entries whose hours count towards it. An entry counts towards every requirement naming its category. */
    categories: z.array(ZTrainingCategory).min(1, "Pick at least one category").max(TRAINING_CATEGORIES.length),
    parts: z.array(ZTrainingPart).max(10).default([]),
    /** How many days before the period ends the "hours short" reminder starts. */
    leadTimeDays: z.number().int("Whole days").min(0, "Cannot be negative").max(365, "At most 365 days").default(60),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    /** Pre-loaded defaults carry this until someone has reviewed them for their homes. */
    needsReview: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    if (r.period === "initial" && r.withinDays === undefined)
      ctx.addIssue({ code: "custom", path: ["withinDays"], message: "Give the days after hire" });
    r.parts.forEach((part, index) => {
      if (part.minHours !== undefined && part.minHours > r.hours)
        ctx.addIssue({
          code: "custom",
          path: ["parts", index, "minHours"],
          message: `At most the requirement's ${r.hours} hours`,
        });
    });
  });
export type TTrainingRequirement = z.infer<typeof ZTrainingRequirement>;

export const trainingRequirementsCollection = defineCollection({
  name: "trainingRequirements",
  label: "Training requirement",
  schema: ZTrainingRequirement,
  scope: { kind: "global" },
  access: { read: "signed-in", write: "schedules" },
  filterable: [],
  sortable: ["sortOrder", "name"],
  defaultSort: { field: "sortOrder", direction: "asc" },
  searchable: ["name"],
  /** Retiring a requirement archives it: the ledger stays. */
  removal: "archive",
  /** The pre-loaded defaults have stable ids, so loading them twice creates them once. */
  clientIds: true,
  auditViews: false,
});

/** One training a staff member received: a line of their ledger. */
/** Training is recorded once received: not after tomorrow anywhere (today in California may be tomorrow in UTC). */
const ZTrainingDate = ZDateOnly.refine(
  (date) => date <= latestDateAnywhere(),
  "Training is recorded once it took place: not in the future",
);

export const ZTrainingEntry = z.object({
  staffId: ZId,
  /** The staff member's home facility, where their file is kept; access follows it. */
  facilityId: ZId,
  date: ZTrainingDate,
  topic: ZText(200),
  hours: ZQuarterHours(24).refine((hours) => hours > 0, "More than 0 hours"),
  category: ZTrainingCategory,
  /** Taken online (an administrator may count at most 20 online hours per renewal). */
  online: z.boolean().default(false),
  trainer: ZOptionalText(120),
  notes: ZOptionalText(2000),
  /** The certificate: a document of the staff member. */
  certificateId: ZId.optional(),
});
export type TTrainingEntry = z.infer<typeof ZTrainingEntry>;

export const trainingEntriesCollection = defineCollection({
  name: "trainingEntries",
  label: "Training entry",
  schema: ZTrainingEntry,
  scope: { kind: "facility", field: "facilityId" },
  /** Personnel records: read with the staff, written with training permission. */
  access: { read: "staff", write: "schedules" },
  filterable: ["facilityId", "staffId", "category"],
  sortable: ["date"],
  defaultSort: { field: "date", direction: "desc" },
  searchable: ["topic", "trainer"],
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [
    { id: { field: "staffId" }, to: { collection: "staff", kind: "same-facility" } },
    { id: { field: "certificateId" }, to: { collection: "documents", kind: "same-facility" } },
  ],
});
