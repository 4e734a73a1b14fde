import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./date-only.rules.ts";
import {
  checkWeek,
  nightRequirement,
  shiftHours,
  shiftInstants,
  type TRotaPerson,
  type TShiftLike,
  type TWeekInput,
  isNightShift,
  missingNightDocuments,
  weekHours,
} from "./schedule.rules.ts";

const LA = "America/Los_Angeles";
const WEEK = "2026-11-23"; // a Monday
let n = 0;
const shift = (staffId: string, date: string, start: string, end: string, duty: TShiftLike["duty"] = "awake") => ({
  id: `s${(n += 1)}`,
  staffId,
  date,
  start,
  end,
  duty,
});
const person = (id: string, extra: Partial<TRotaPerson> = {}): TRotaPerson => ({
  id,
  name: id.toUpperCase(),
  clearanceStatus: "cleared",
  mayWorkIndependently: true,
  ...extra,
});
const days = Array.from({ length: 7 }, (_, i) => addDays(WEEK, i));
/**
 * Day, evening and night awake every day, by pairs taking turns; the week's first hours are the night
 * shift of the Sunday before (which the checks read for coverage only).
 */
const fullWeek = () => [
  shift("f", addDays(WEEK, -1), "23:00", "07:00"),
  ...days.flatMap((date, i) => [
    shift(["a", "b"][i % 2]!, date, "07:00", "15:00"),
    shift(["c", "d"][i % 2]!, date, "15:00", "23:00"),
    shift(["e", "f"][i % 2]!, date, "23:00", "07:00"),
  ]),
];
const input = (over: Partial<TWeekInput> = {}): TWeekInput => ({
  weekStart: WEEK,
  timeZone: LA,
  shifts: fullWeek(),
  busyElsewhere: [],
  people: ["a", "b", "c", "d", "e", "f"].map((id) => person(id)),
  census: [addDays(WEEK, -1), ...days].map((date) => ({ date, residents: 6, dementia: false })),
  ...over,
});

describe("shift times", () => {
  it("gives a night shift across a daylight-saving change its real length", () => {
    expect(shiftHours({ date: "2026-10-31", start: "23:00", end: "07:00" }, LA)).toBe(9);
    expect(shiftHours({ date: "2026-03-07", start: "23:00", end: "07:00" }, LA)).toBe(7);
    expect(shiftHours({ date: "2026-11-24", start: "23:00", end: "07:00" }, LA)).toBe(8);
    expect(shiftHours({ date: "2026-11-24", start: "07:00", end: "15:30" }, LA)).toBe(8.5);
  });

  it("lasts between a minute and a day, an hour off the wall clock at most", () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), time, time, (offset, start, end) => {
        if (start === end) return;
        const s = { date: addDays("2024-01-01", offset), start, end };
        const { from, to } = shiftInstants(s, LA);
        const [sh, sm] = start.split(":").map(Number) as [number, number];
        const [eh, em] = end.split(":").map(Number) as [number, number];
        const wall = (eh * 60 + em - (sh * 60 + sm) + 1440) % 1440;
        expect(to).toBeGreaterThan(from);
        expect(Math.abs((to - from) / 60000 - wall)).toBeLessThanOrEqual(60);
      }),
      { numRuns: 500 },
    );
  });
});

describe("checks", () => {
  it("finds nothing wrong in a week covered day, evening and night by cleared staff", () => {
    expect(checkWeek(input())).toEqual([]);
  });

  it("refuses a person on two overlapping shifts, here or in another home (as busy time only)", () => {
    const week = input();
    const extra = shift("a", days[0]!, "14:00", "18:00");
    const here = checkWeek({ ...week, shifts: [...week.shifts, extra] }).filter((i) => i.code === "double-booked");
    // Both shifts of this home are named, so both are marked on the grid.
    expect(here).toHaveLength(1);
    expect([here[0]!.shiftId, here[0]!.otherShiftId].sort()).toEqual(
      [extra.id, week.shifts.find((s) => s.staffId === "a" && s.date === days[0] && s.start === "07:00")!.id].sort(),
    );
    const elsewhere = checkWeek({
      ...week,
      busyElsewhere: [{ staffId: "a", ...shiftInstants({ date: days[0]!, start: "10:00", end: "12:00" }, LA) }],
    });
    expect(elsewhere[0]).toMatchObject({ severity: "error", code: "double-booked", staffId: "a", date: days[0] });
    expect(elsewhere[0]!.message).toContain("another home");
    expect(elsewhere[0]!.otherShiftId).toBeUndefined();
    const named = checkWeek({
      ...week,
      busyElsewhere: [
        { staffId: "a", home: "Tull", ...shiftInstants({ date: days[0]!, start: "10:00", end: "12:00" }, LA) },
      ],
    });
    expect(named[0]!.message).toContain("(the other at Tull)");
  });

  it("refuses shifts without a clearance or outside the employment dates", () => {
    const people = ["a", "b", "c", "d", "e", "f"].map((id) =>
      id === "a"
        ? person(id, { clearanceStatus: "submitted" })
        : id === "b"
          ? person(id, { hireDate: days[3] })
          : person(id),
    );
    const issues = checkWeek(input({ people }));
    expect(issues.filter((i) => i.code === "no-clearance").map((i) => i.date)).toEqual([
      days[0],
      days[2],
      days[4],
      days[6],
    ]);
    expect(issues.filter((i) => i.code === "outside-employment").map((i) => i.date)).toEqual([days[1]]);
    expect(issues.filter((i) => i.severity !== "coverage").every((i) => i.severity === "error")).toBe(true);
    // Their shifts do not cover the home: Ana's days and Ben's first day are uncovered.
    expect(issues.filter((i) => i.code === "no-one-awake").map((i) => i.date)).toEqual([
      days[0],
      days[1],
      days[2],
      days[4],
      days[6],
    ]);
  });

  it("warns of daily overtime and double time, over 40 hours, and a 7th consecutive day (Labor Code §510)", () => {
    const long = days.map((date) => shift("g", date, "06:00", "19:00"));
    const issues = checkWeek(input({ shifts: [...fullWeek(), ...long], people: [...input().people, person("g")] }));
    const mine = issues.filter((i) => i.staffId === "g");
    expect(mine.filter((i) => i.code === "daily-double-time")).toHaveLength(7);
    expect(mine.find((i) => i.code === "weekly-overtime")?.message).toContain("91 hours");
    expect(mine.find((i) => i.code === "seventh-day")).toMatchObject({ rule: "Labor Code §510" });
    const nine = checkWeek(
      input({
        shifts: [...fullWeek(), shift("g", days[0]!, "08:00", "17:00")],
        people: [...input().people, person("g")],
      }),
    );
    expect(nine.filter((i) => i.staffId === "g").map((i) => i.code)).toEqual(["daily-overtime"]);
  });

  it("warns when someone who may not work independently is the only one awake", () => {
    const people = input().people.map((p) => (p.id === "e" ? { ...p, mayWorkIndependently: false } : p));
    const issues = checkWeek(input({ people }));
    expect(issues.filter((i) => i.code === "supervision").map((i) => i.date)).toEqual([
      days[0],
      days[2],
      days[4],
      days[6],
    ]);
    // With a colleague awake beside them all night, no warning.
    const buddy = [0, 2, 4, 6].map((i) => shift("h", days[i]!, "22:00", "08:00"));
    const covered = checkWeek(input({ people: [...people, person("h")], shifts: [...fullWeek(), ...buddy] }));
    expect(covered.filter((i) => i.code === "supervision")).toEqual([]);
  });

  it("leaves a home without residents uncovered without a word, and counts only cleared care staff", () => {
    const empty = [addDays(WEEK, -1), ...days].map((date) => ({ date, residents: 0, dementia: false }));
    expect(checkWeek(input({ census: empty, shifts: [] }))).toEqual([]);
    // The night shifts worked by a cook, or by someone not yet cleared, leave the nights uncovered.
    const cookNights = fullWeek().map((s) => (s.start === "23:00" ? { ...s, position: "cook" } : s));
    expect(checkWeek(input({ shifts: cookNights })).filter((i) => i.code === "night-rule")).toHaveLength(8);
    const people = input().people.map((p) => (p.id === "e" ? { ...p, clearanceStatus: "submitted" as const } : p));
    expect(
      checkWeek(input({ people }))
        .filter((i) => i.code === "night-rule")
        .map((i) => i.date),
    ).toEqual([days[0], days[2], days[4], days[6]]);
  });

  it("reports an uncovered night by §87415 and the morning hour with nobody awake", () => {
    const shifts = fullWeek().filter((s) => !(s.date === days[2] && s.start === "23:00"));
    const issues = checkWeek(input({ shifts }));
    expect(issues.map((i) => [i.code, i.date, i.from, i.to])).toEqual([
      ["night-rule", days[2], "23:00", "06:00"],
      ["no-one-awake", days[3], "06:00", "07:00"],
    ]);
    expect(issues[0]!.rule).toBe("Title 22 §87415");
  });

  it("asks one awake and one on call from 16 residents, and one awake with dementia below 16", () => {
    expect(nightRequirement(15, false)).toEqual({ awake: 0, onCallPremises: 1, onCallAny: 0 });
    expect(nightRequirement(15, true)).toEqual({ awake: 1, onCallPremises: 0, onCallAny: 0 });
    expect(nightRequirement(16, false)).toEqual({ awake: 1, onCallPremises: 0, onCallAny: 1 });
    expect(nightRequirement(150, false)).toEqual({ awake: 1, onCallPremises: 1, onCallAny: 1 });
    expect(nightRequirement(301, false)).toEqual({ awake: 3, onCallPremises: 1, onCallAny: 1 });
    const census = [addDays(WEEK, -1), ...days].map((date) => ({ date, residents: 20, dementia: false }));
    const short = checkWeek(input({ census }));
    // Seven nights, and the first morning's hours of the Sunday night before.
    expect(short.filter((i) => i.code === "night-rule")).toHaveLength(8);
    expect(short[0]!.message).toContain("20 residents need 1 awake, 1 on call at night");
    const onCall = [addDays(WEEK, -1), ...days].map((date) => shift("z", date, "22:00", "06:00", "on_call_nearby"));
    expect(
      checkWeek(input({ census, shifts: [...fullWeek(), ...onCall], people: [...input().people, person("z")] })).filter(
        (i) => i.severity === "coverage",
      ),
    ).toEqual([]);
    // A small home on call at night is enough, unless a resident has dementia.
    // (The day shift then starts at 06:00, when the night ends: nobody sleeps through the day.)
    const calm = fullWeek().map((s) =>
      s.start === "23:00"
        ? { ...s, duty: "on_call_premises" as const }
        : s.start === "07:00"
          ? { ...s, start: "06:00" }
          : s,
    );
    expect(checkWeek(input({ shifts: calm })).filter((i) => i.severity === "coverage")).toEqual([]);
    const dementia = [addDays(WEEK, -1), ...days].map((date) => ({ date, residents: 6, dementia: true }));
    expect(checkWeek(input({ shifts: calm, census: dementia })).find((i) => i.severity === "coverage")?.rule).toBe(
      "Title 22 §87705",
    );
  });

  it("never reports more coverage gaps when a shift is added", () => {
    const arbShift = fc.record({
      staff: fc.constantFrom("a", "b", "c", "d", "e", "f"),
      day: fc.integer({ min: 0, max: 6 }),
      start: fc.integer({ min: 0, max: 47 }),
      length: fc.integer({ min: 1, max: 24 }),
      duty: fc.constantFrom("awake" as const, "on_call_premises" as const, "on_call_nearby" as const),
    });
    const toShift = (
      r: { staff: string; day: number; start: number; length: number; duty: TShiftLike["duty"] },
      i: number,
    ) => {
      const time = (half: number) =>
        `${String(Math.floor((half % 48) / 2)).padStart(2, "0")}:${half % 2 === 0 ? "00" : "30"}`;
      return {
        id: `p${i}`,
        staffId: r.staff,
        date: days[r.day]!,
        start: time(r.start),
        end: time(r.start + r.length),
        duty: r.duty,
      };
    };
    const gapMinutes = (week: TWeekInput) =>
      checkWeek(week)
        .filter((i) => i.severity === "coverage")
        .reduce((sum, i) => {
          const [fh, fm] = i.from!.split(":").map(Number) as [number, number];
          const [th, tm] = i.to!.split(":").map(Number) as [number, number];
          return sum + ((th * 60 + tm - (fh * 60 + fm) + 1440) % 1440 || 1440);
        }, 0);
    fc.assert(
      fc.property(
        fc.array(arbShift, { maxLength: 25 }),
        arbShift,
        fc.integer({ min: 0, max: 250 }),
        (rows, more, residents) => {
          const census = days.map((date) => ({ date, residents, dementia: residents % 2 === 0 }));
          const base = input({ shifts: rows.map(toShift), census });
          const added = input({ shifts: [...rows, more].map(toShift), census });
          expect(gapMinutes(added)).toBeLessThanOrEqual(gapMinutes(base));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("checks a 50-staff home's week in well under 20 ms", () => {
    const people = Array.from({ length: 50 }, (_, i) => person(`p${i}`));
    const shifts = people.flatMap((p, i) =>
      days
        .slice(0, 5)
        .map((date, d) =>
          shift(p.id, date, ["07:00", "15:00", "23:00"][(i + d) % 3]!, ["15:00", "23:00", "07:00"][(i + d) % 3]!),
        ),
    );
    const week = input({ people, shifts });
    checkWeek(week);
    const runs = Array.from({ length: 5 }, () => {
      const started = performance.now();
      checkWeek(week);
      return performance.now() - started;
    }).sort((a, b) => a - b);
    console.info(`[schedule] checkWeek, 50 staff, ${shifts.length} shifts: median ${runs[2]!.toFixed(1)} ms`);
    expect(runs[2]).toBeLessThan(20);
  });
});

describe("payroll hours", () => {
  it("splits each day's hours into regular, overtime after 8 and double time after 12, then the week's beyond 40", () => {
    const shifts = [
      ...days.slice(0, 5).map((date) => shift("a", date, "07:00", "17:00")), // 10 h × 5
      shift("a", days[5]!, "06:00", "20:00"), // 14 h
      shift("b", days[0]!, "07:00", "15:00"),
    ];
    const busy = [{ staffId: "b", ...shiftInstants({ date: days[1]!, start: "07:00", end: "15:00" }, LA) }];
    const hours = weekHours({ weekStart: WEEK, timeZone: LA, shifts, busyElsewhere: busy });
    expect(hours.find((h) => h.staffId === "a")).toEqual({
      staffId: "a",
      here: 64,
      elsewhere: 0,
      days: 6,
      dailyOvertime: 14, // 2 × 5 + 4
      dailyDoubleTime: 2,
      weeklyOvertime: 8, // regular 8 × 6 = 48
    });
    expect(hours.find((h) => h.staffId === "b")).toMatchObject({ here: 8, elsewhere: 8, days: 2, weeklyOvertime: 0 });
  });

  it("counts time on two overlapping shifts once, in the checks and for payroll", () => {
    const shifts = [shift("b", days[0]!, "07:00", "15:00")];
    const busy = [{ staffId: "b", ...shiftInstants({ date: days[0]!, start: "10:00", end: "14:00" }, LA) }];
    expect(weekHours({ weekStart: WEEK, timeZone: LA, shifts, busyElsewhere: busy })).toEqual([
      { staffId: "b", here: 8, elsewhere: 0, days: 1, dailyOvertime: 0, dailyDoubleTime: 0, weeklyOvertime: 0 },
    ]);
    const later = [{ staffId: "b", ...shiftInstants({ date: days[0]!, start: "09:00", end: "17:00" }, LA) }];
    expect(weekHours({ weekStart: WEEK, timeZone: LA, shifts, busyElsewhere: later })[0]).toMatchObject({
      here: 8,
      elsewhere: 2,
      dailyOvertime: 2,
    });
    const week = input();
    const issues = checkWeek({ ...week, shifts: [...week.shifts, shift("a", days[0]!, "08:00", "12:00")] });
    expect(issues.map((i) => i.code)).toContain("double-booked");
    expect(issues.map((i) => i.code)).not.toContain("daily-overtime");
  });

  it("never loses or invents an hour: regular + overtime + double time = every hour worked", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 6 }),
            start: fc.integer({ min: 0, max: 23 }),
            length: fc.integer({ min: 1, max: 16 }),
          }),
          { maxLength: 20 },
        ),
        (rows) => {
          const shifts = rows.map((r, i) => ({
            id: `w${i}`,
            staffId: "a",
            date: days[r.day]!,
            start: `${String(r.start).padStart(2, "0")}:00`,
            end: `${String((r.start + r.length) % 24).padStart(2, "0")}:00`,
            duty: "awake" as const,
          }));
          const [hours] = weekHours({ weekStart: WEEK, timeZone: LA, shifts, busyElsewhere: [] });
          // Every hour on at least one shift, once: the union of the shifts' times.
          const spans = shifts.map((s) => shiftInstants(s, LA)).sort((x, y) => x.from - y.from);
          let worked = 0;
          let until = -Infinity;
          for (const { from, to } of spans) {
            worked += Math.max(0, to - Math.max(from, until)) / 3_600_000;
            until = Math.max(until, to);
          }
          if (!hours) {
            expect(worked).toBe(0);
            return;
          }
          expect(hours.here).toBeCloseTo(worked, 6);
          expect(hours.dailyOvertime).toBeLessThanOrEqual(4 * hours.days + 1e-9);
          expect(hours.weeklyOvertime).toBeLessThanOrEqual(Math.max(0, worked - 40) + 1e-9);
        },
      ),
    );
  });
});

describe("night duty documents", () => {
  const types = [
    {
      id: "fa",
      name: "First aid / CPR certificate",
      subject: "staff" as const,
      validityMonths: 24,
      facilityIds: [],
      nightDuty: true,
    },
    {
      id: "tb",
      name: "LIC 503 Health Screening Report",
      subject: "staff" as const,
      validityMonths: 12,
      facilityIds: [],
      nightDuty: true,
    },
    {
      id: "cv",
      name: "Résumé",
      subject: "staff" as const,
      validityMonths: undefined,
      facilityIds: [],
      nightDuty: false,
    },
  ];
  const doc = (typeId: string, issueDate: string) => ({
    id: `d-${typeId}`,
    subject: "staff" as const,
    subjectId: "e",
    facilityId: "home",
    typeId,
    issueDate,
    current: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    archivedAt: null,
  });

  it("names the night-duty documents missing or expired by the date", () => {
    const person = { id: "e", facilityId: "home" };
    expect(missingNightDocuments(types, person, [], WEEK)).toEqual([
      "First aid / CPR certificate",
      "LIC 503 Health Screening Report",
    ]);
    const docs = [doc("fa", "2026-01-10"), doc("tb", "2025-06-01")];
    expect(missingNightDocuments(types, person, docs, WEEK)).toEqual(["LIC 503 Health Screening Report"]);
  });

  it("warns when someone lacking one is on night duty, not on a day or evening shift", () => {
    expect(
      ["23:00-07:00", "22:00-06:00", "02:00-06:00", "15:00-23:00", "07:00-15:00"].map((t) =>
        isNightShift({ start: t.slice(0, 5), end: t.slice(6) }),
      ),
    ).toEqual([true, true, true, false, false]);
    const people = input().people.map((p) =>
      p.id === "e" || p.id === "a" ? { ...p, missingForNights: ["First aid / CPR certificate"] } : p,
    );
    const issues = checkWeek(input({ people })).filter((i) => i.code === "night-documents");
    expect(issues.map((i) => [i.staffId, i.date])).toEqual([days[0], days[2], days[4], days[6]].map((d) => ["e", d]));
    expect(issues[0]!.message).toContain("without a current First aid / CPR certificate");
  });
});
