/**
 * How training reads on screen, on the transcript and in CSV: categories, periods, hours and the window
 * a requirement counts.
 */
import type {
  TRAINING_CATEGORIES,
  TRAINING_PERIODS,
  TTrainingRequirement,
  YEAR_BASES,
} from "@care/core/collections/training.collection";
import type { TRequirementProgress } from "@care/core/rules/training.rules";

export const CATEGORY_LABELS: Record<(typeof TRAINING_CATEGORIES)[number], string> = {
  initial_before_independence: "Initial — before working independently",
  initial_first_weeks: "Initial — within the first weeks",
  annual: "Annual in-service",
  dementia: "Dementia care",
  postural_hospice: "Postural supports, restricted conditions, hospice",
  first_aid: "First aid / CPR",
  emergency_plan: "Emergency plan",
  administrator_ceu: "Administrator continuing education",
  laws_regulations: "Laws and regulations",
};

export const PERIOD_LABELS: Record<(typeof TRAINING_PERIODS)[number], string> = {
  before_independence: "Before working independently",
  initial: "Within days of hire",
  yearly: "Every year after the first",
  two_years: "Every two years",
};

export const YEAR_BASIS_LABELS: Record<(typeof YEAR_BASES)[number], string> = {
  calendar: "January 1",
  hire_anniversary: "The hire date",
};

/** "6 hours", "1 hour", "0.5 hours". */
export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** What a requirement asks, in one line: "20 hours before working independently". */
export function requirementSummary(r: Pick<TTrainingRequirement, "hours" | "period" | "withinDays" | "yearBasis">) {
  switch (r.period) {
    case "before_independence":
      return `${hoursText(r.hours)} before working independently`;
    case "initial":
      return `${hoursText(r.hours)} within ${r.withinDays ?? 0} days of hire`;
    case "yearly":
      return `${hoursText(r.hours)} a year after the first (years from ${YEAR_BASIS_LABELS[r.yearBasis].toLowerCase()})`;
    case "two_years":
      return `${hoursText(r.hours)} every two years (from ${YEAR_BASIS_LABELS[r.yearBasis].toLowerCase()})`;
  }
}

/** The floors and caps of a requirement's parts: "Dementia care at least 6 h · Online at most 20 h". */
export function partsSummary(parts: TTrainingRequirement["parts"]): string {
  return parts
    .map((p) =>
      [
        p.label,
        p.onlineOnly ? "(online training)" : "",
        p.minHours !== undefined ? `at least ${p.minHours} h` : "",
        p.maxHours !== undefined ? `at most ${p.maxHours} h` : "",
      ]
        .filter(Boolean)
        .join(" "),
    )
    .join(" · ");
}

export const PROGRESS_LABELS: Record<TRequirementProgress["state"], string> = {
  met: "Met",
  short: "Short",
  overdue: "Overdue",
  not_yet: "Not yet due",
};

export const PROGRESS_TONES: Record<TRequirementProgress["state"], string> = {
  met: "pill",
  short: "pill pill--warn",
  overdue: "pill pill--danger",
  not_yet: "pill pill--muted",
};

/** The dates a requirement's hours count for: "due 2026-03-29", "2027-03-02 to 2028-03-01". */
export function windowText(progress: TRequirementProgress): string {
  const { window } = progress;
  if (progress.state === "not_yet") return `starts ${window.start}`;
  if (progress.period === "before_independence") return "before working without supervision";
  if (progress.period === "initial") return window.due ? `due by ${window.due}` : "no hire date recorded";
  return `${window.start} to ${window.due}`;
}
