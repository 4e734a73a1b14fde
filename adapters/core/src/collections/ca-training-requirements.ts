/**
 * California's training requirements for RCFE staff (Health & Safety Code §1569.625, §1569.626,
 * §1569.696; Title 22 §87411; the administrator certificate's renewal), loaded at first start (server and
 * memory backend) or by "Load the California defaults" on the Training requirements page. Each is marked
 * "review for your home": a group elsewhere, or with stricter policies, edits them. Ids are stable, so
 * loading the set twice creates each once.
 */
import type { z } from "zod";
import type { ZTrainingRequirement } from "./training.collection.ts";

/** The fields sent to create a training requirement (defaults not yet applied). */
export type TTrainingRequirementInput = z.input<typeof ZTrainingRequirement>;

const DIRECT_CARE = ["caregiver", "med_tech"] as const;
/** Every topic of direct-care training counts towards the totals. */
const DIRECT_CARE_TOPICS = ["dementia", "postural_hospice", "first_aid", "emergency_plan"] as const;

export const CA_DEFAULT_TRAINING_REQUIREMENTS: readonly ({ id: string } & TTrainingRequirementInput)[] = [
  {
    id: "ca-training-before-independence",
    name: "Before working independently",
    description:
      "20 of the 40 initial hours, including 6 of dementia care and 4 on postural supports, restricted health conditions and hospice care, before working without direct supervision (H&S §1569.625, §1569.696).",
    positions: [...DIRECT_CARE],
    period: "before_independence",
    hours: 20,
    categories: ["initial_before_independence", ...DIRECT_CARE_TOPICS],
    parts: [
      { label: "Dementia care", categories: ["dementia"], minHours: 6 },
      { label: "Postural supports, restricted conditions, hospice", categories: ["postural_hospice"], minHours: 4 },
    ],
    leadTimeDays: 0,
    sortOrder: 10,
    needsReview: true,
  },
  {
    id: "ca-training-initial",
    name: "Initial training",
    description:
      "40 hours in the first 4 weeks of employment (the 20 before working independently included), 12 of them dementia care (H&S §1569.625, §1569.626).",
    positions: [...DIRECT_CARE],
    period: "initial",
    withinDays: 28,
    hours: 40,
    categories: ["initial_before_independence", "initial_first_weeks", ...DIRECT_CARE_TOPICS],
    parts: [{ label: "Dementia care", categories: ["dementia"], minHours: 12 }],
    leadTimeDays: 14,
    sortOrder: 20,
    needsReview: true,
  },
  {
    id: "ca-training-annual",
    name: "Annual in-service",
    description:
      "20 hours each year after the first, including 8 of dementia care and 4 on postural supports, restricted health conditions and hospice care (H&S §1569.625, §1569.626).",
    positions: [...DIRECT_CARE],
    period: "yearly",
    yearBasis: "hire_anniversary",
    hours: 20,
    categories: ["annual", ...DIRECT_CARE_TOPICS],
    parts: [
      { label: "Dementia care", categories: ["dementia"], minHours: 8 },
      { label: "Postural supports, restricted conditions, hospice", categories: ["postural_hospice"], minHours: 4 },
    ],
    leadTimeDays: 60,
    sortOrder: 30,
    needsReview: true,
  },
  {
    id: "ca-training-administrator-ceu",
    name: "Administrator continuing education",
    description:
      "40 hours every 2 years to renew the administrator certificate: at least 8 on dementia, at least 4 on laws and regulations, at most 20 online (verify the current figures with CDSS).",
    positions: ["administrator"],
    period: "two_years",
    yearBasis: "hire_anniversary",
    hours: 40,
    categories: ["administrator_ceu", "dementia", "laws_regulations"],
    parts: [
      { label: "Dementia", categories: ["dementia"], minHours: 8 },
      { label: "Laws and regulations", categories: ["laws_regulations"], minHours: 4 },
      { label: "Online", onlineOnly: true, maxHours: 20 },
    ],
    leadTimeDays: 90,
    sortOrder: 40,
    needsReview: true,
  },
];
