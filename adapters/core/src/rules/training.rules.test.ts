import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "../collections/ca-training-requirements.ts";
import {
  TRAINING_CATEGORIES,
  ZTrainingRequirement,
  type TTrainingCategory,
} from "../collections/training.collection.ts";
import { addDays, daysBetween } from "./date-only.rules.ts";
import {
  hoursByYear,
  independence,
  inWindow,
  requirementProgress,
  trainingProgress,
  trainingReminderDue,
  trainingWindow,
  type TTrainingEntryLike,
  type TTrainingRequirementLike,
} from "./training.rules.ts";

/** The California defaults as stored (defaults applied). */
const DEFAULTS: TTrainingRequirementLike[] = CA_DEFAULT_TRAINING_REQUIREMENTS.map(({ id, ...input }) => ({
  id,
  ...ZTrainingRequirement.parse(input),
}));
const byId = (id: string) => DEFAULTS.find((r) => r.id === id)!;
const BEFORE = byId("ca-training-before-independence");
const INITIAL = byId("ca-training-initial");
const ANNUAL = byId("ca-training-annual");
const CEU = byId("ca-training-administrator-ceu");

let n = 0;
const entry = (date: string, hours: number, category: TTrainingCategory, online = false): TTrainingEntryLike => ({
  id: `e${(n += 1)}`,
  date,
  hours,
  category,
  online,
});
const caregiver = { position: "caregiver", hireDate: "2026-03-02" };

describe("California defaults", () => {
  it("need 20 hours, 6 of dementia and 4 postural, before a caregiver works independently", () => {
    const ledger = [entry("2026-03-02", 8, "initial_before_independence"), entry("2026-03-03", 6, "dementia")];
    const first = independence(DEFAULTS, caregiver, ledger, "2026-03-04");
    expect(first.may).toBe(false);
    expect(first.missing[0]).toMatchObject({ hours: 14, shortBy: 6 });
    expect(first.missing[0]!.parts.map((p) => [p.label, p.hours, p.met])).toEqual([
      ["Dementia care", 6, true],
      ["Postural supports, restricted conditions, hospice", 0, false],
    ]);
    // 20 hours but no postural hours: the part's floor still holds them back.
    const twenty = [...ledger, entry("2026-03-04", 6, "initial_before_independence")];
    expect(independence(DEFAULTS, caregiver, twenty, "2026-03-05")).toMatchObject({ may: false });
    expect(requirementProgress(BEFORE, caregiver, twenty, "2026-03-05").shortBy).toBe(4);
    const done = [...twenty, entry("2026-03-05", 4, "postural_hospice")];
    expect(independence(DEFAULTS, caregiver, done, "2026-03-05")).toEqual({ may: true, missing: [] });
  });

  it("lets positions no gate names work independently, and counts only their own requirements", () => {
    const cook = { position: "cook", hireDate: "2026-03-02" };
    expect(independence(DEFAULTS, cook, [], "2026-03-02").may).toBe(true);
    expect(trainingProgress(DEFAULTS, cook, [], "2026-03-02")).toEqual([]);
    const administrator = { position: "administrator", hireDate: "2026-03-02" };
    expect(trainingProgress(DEFAULTS, administrator, [], "2026-03-02").map((p) => p.requirementId)).toEqual([CEU.id]);
  });

  it("gives initial training 4 weeks from hire, then calls it overdue", () => {
    const ledger = [entry("2026-03-02", 20, "initial_before_independence")];
    const progress = requirementProgress(INITIAL, caregiver, ledger, "2026-03-20");
    expect(progress).toMatchObject({ state: "short", hours: 20, shortBy: 20 });
    expect(progress.window).toEqual({ start: null, end: "2026-03-30", due: "2026-03-29" });
    expect(requirementProgress(INITIAL, caregiver, ledger, "2026-03-30").state).toBe("overdue");
    // Hours after the deadline do not count towards it.
    const late = [...ledger, entry("2026-03-30", 20, "initial_first_weeks")];
    expect(requirementProgress(INITIAL, caregiver, late, "2026-04-01")).toMatchObject({ hours: 20, state: "overdue" });
  });

  it("starts the annual 20 hours after the first year, by hire anniversary", () => {
    expect(requirementProgress(ANNUAL, caregiver, [], "2026-12-01")).toMatchObject({
      state: "not_yet",
      window: { start: "2027-03-02" },
    });
    const ledger = [
      entry("2026-05-01", 8, "dementia"), // the first year: not annual
      entry("2027-04-01", 8, "dementia"),
      entry("2027-05-01", 4, "postural_hospice"),
      entry("2027-06-01", 8, "annual"),
      entry("2027-07-01", 3, "initial_first_weeks"), // not an annual category
    ];
    const progress = requirementProgress(ANNUAL, caregiver, ledger, "2027-12-01");
    expect(progress).toMatchObject({ state: "met", hours: 20, shortBy: 0 });
    expect(progress.window).toEqual({ start: "2027-03-02", end: "2028-03-02", due: "2028-03-01" });
  });

  it("caps an administrator's online hours at 20 of the 40, and needs 8 on dementia and 4 on law", () => {
    const administrator = { position: "administrator", hireDate: "2025-01-15" };
    const ledger = [
      entry("2025-02-01", 30, "administrator_ceu", true),
      entry("2025-03-01", 8, "dementia"),
      entry("2025-04-01", 2, "laws_regulations"),
    ];
    const progress = requirementProgress(CEU, administrator, ledger, "2026-06-01");
    // 40 entered, 10 of the online ones beyond the cap: 30 count; law 2 of 4.
    expect(progress).toMatchObject({ hours: 30, shortBy: 10, state: "short" });
    expect(progress.parts.map((p) => [p.label, p.hours, p.met])).toEqual([
      ["Dementia", 8, true],
      ["Laws and regulations", 2, false],
      ["Online", 30, true],
    ]);
    expect(progress.window).toEqual({ start: "2025-01-15", end: "2027-01-15", due: "2027-01-14" });
  });
});

describe("periods", () => {
  const arbDate = fc
    .integer({ min: 0, max: 365 * 60 })
    .map((offset) => addDays("1990-01-01", offset))
    .filter((d) => d >= "1990-01-01");
  const arbRequirement = fc.record({
    period: fc.constantFrom("yearly" as const, "two_years" as const),
    yearBasis: fc.constantFrom("calendar" as const, "hire_anniversary" as const),
  });

  it("holds today, lasts one or two years, and tiles time (the next begins where this ends)", () => {
    fc.assert(
      fc.property(arbRequirement, arbDate, fc.integer({ min: 0, max: 365 * 12 }), (requirement, hire, later) => {
        const today = addDays(hire, later);
        const window = trainingWindow(requirement, hire, today);
        if ("notBefore" in window) {
          expect(requirement.period).toBe("yearly");
          expect(today < window.notBefore).toBe(true);
          expect(daysBetween(hire, window.notBefore)).toBeLessThanOrEqual(366);
          return;
        }
        expect(window.start! <= today && today < window.end!).toBe(true);
        const years = requirement.period === "yearly" ? 1 : 2;
        const length = daysBetween(window.start!, window.end!);
        expect(length).toBeGreaterThanOrEqual(365 * years - 1);
        expect(length).toBeLessThanOrEqual(366 * years);
        expect(window.due).toBe(addDays(window.end!, -1));
        const next = trainingWindow(requirement, hire, window.end!);
        expect("notBefore" in next ? null : next.start).toBe(window.end);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a February 29 hire's anniversary on February 28 in common years, and on 29 in leap years", () => {
    const annual = { period: "yearly" as const, yearBasis: "hire_anniversary" as const };
    expect(trainingWindow(annual, "2024-02-29", "2025-03-01")).toEqual({
      start: "2025-02-28",
      end: "2026-02-28",
      due: "2026-02-27",
    });
    expect(trainingWindow(annual, "2024-02-29", "2028-03-01")).toMatchObject({ start: "2028-02-29" });
    // Across a year end, by calendar year.
    const calendar = { period: "yearly" as const, yearBasis: "calendar" as const };
    expect(trainingWindow(calendar, "2025-12-31", "2026-12-31")).toEqual({
      start: "2026-01-01",
      end: "2027-01-01",
      due: "2026-12-31",
    });
    expect(trainingWindow(calendar, "2025-12-31", "2025-12-31")).toEqual({ notBefore: "2026-01-01" });
  });
});

describe("counting", () => {
  const arbCategory = fc.constantFrom(...TRAINING_CATEGORIES);
  const arbEntries = fc.array(
    fc.record({
      offset: fc.integer({ min: -60, max: 365 * 4 }),
      quarters: fc.integer({ min: 1, max: 96 }),
      category: arbCategory,
      online: fc.boolean(),
    }),
    { maxLength: 40 },
  );
  const hire = "2024-02-29";
  const ledgerOf = (rows: { offset: number; quarters: number; category: TTrainingCategory; online: boolean }[]) =>
    rows.map((r, i) => ({
      id: `p${i}`,
      date: addDays(hire, r.offset),
      hours: r.quarters / 4,
      category: r.category,
      online: r.online,
    }));
  const arbToday = fc.integer({ min: 0, max: 365 * 4 }).map((offset) => addDays(hire, offset));
  const arbDefault = fc.constantFrom(...DEFAULTS);

  it("counts each entry once, and only entries of its categories inside its period up to today", () => {
    fc.assert(
      fc.property(arbDefault, arbEntries, arbToday, (requirement, rows, today) => {
        const ledger = ledgerOf(rows);
        const progress = requirementProgress(requirement, { position: "caregiver", hireDate: hire }, ledger, today);
        if (progress.state === "not_yet") {
          expect(progress.hours).toBe(0);
          return;
        }
        const oracle = ledger
          .filter(
            (e) => requirement.categories.includes(e.category) && inWindow(progress.window, e.date) && e.date <= today,
          )
          .reduce((sum, e) => sum + e.hours, 0);
        const online = ledger
          .filter(
            (e) =>
              e.online &&
              requirement.categories.includes(e.category) &&
              inWindow(progress.window, e.date) &&
              e.date <= today,
          )
          .reduce((sum, e) => sum + e.hours, 0);
        const cap = requirement.parts.find((p) => p.onlineOnly)?.maxHours;
        expect(progress.hours).toBeCloseTo(cap === undefined ? oracle : oracle - Math.max(0, online - cap), 6);
        // Never more than the ledger holds, and met exactly when nothing is short.
        expect(progress.hours).toBeLessThanOrEqual(ledger.reduce((sum, e) => sum + e.hours, 0) + 1e-9);
        expect(progress.state === "met").toBe(progress.shortBy === 0);
      }),
      { numRuns: 1500 },
    );
  });

  it("never loses progress when an entry is added (more training is never less)", () => {
    fc.assert(
      fc.property(arbDefault, arbEntries, arbEntries, arbToday, (requirement, rows, more, today) => {
        const person = { position: "caregiver", hireDate: hire };
        const before = requirementProgress(requirement, person, ledgerOf(rows), today);
        const after = requirementProgress(requirement, person, ledgerOf([...rows, ...more]), today);
        expect(after.hours).toBeGreaterThanOrEqual(before.hours);
        expect(after.shortBy).toBeLessThanOrEqual(before.shortBy);
        if (before.state === "met") expect(after.state).toBe("met");
      }),
      { numRuns: 1000 },
    );
  });

  it("adds up each calendar year's hours without losing or doubling any", () => {
    fc.assert(
      fc.property(arbEntries, (rows) => {
        const ledger = ledgerOf(rows);
        const years = hoursByYear(ledger);
        const total = years.reduce((sum, y) => sum + y.total, 0);
        expect(total).toBeCloseTo(
          ledger.reduce((sum, e) => sum + e.hours, 0),
          6,
        );
        for (const year of years) {
          const parts = Object.values(year.byCategory).reduce((sum, h) => sum + h, 0);
          expect(parts).toBeCloseTo(year.total, 6);
          expect(year.online).toBeLessThanOrEqual(year.total + 1e-9);
        }
      }),
    );
  });
});

describe("reminders", () => {
  it("remind within the lead time before the due date, and once overdue; not before a gate or a first year", () => {
    const progress = requirementProgress(INITIAL, caregiver, [], "2026-03-10");
    expect(trainingReminderDue(progress, 14, "2026-03-10")).toBe(false);
    expect(trainingReminderDue(requirementProgress(INITIAL, caregiver, [], "2026-03-15"), 14, "2026-03-15")).toBe(true);
    expect(trainingReminderDue(requirementProgress(INITIAL, caregiver, [], "2026-05-01"), 14, "2026-05-01")).toBe(true);
    expect(trainingReminderDue(requirementProgress(BEFORE, caregiver, [], "2026-05-01"), 0, "2026-05-01")).toBe(false);
    expect(trainingReminderDue(requirementProgress(ANNUAL, caregiver, [], "2026-05-01"), 60, "2026-05-01")).toBe(false);
  });
});
