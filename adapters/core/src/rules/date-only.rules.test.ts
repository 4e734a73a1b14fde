import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTimeZone } from "../common.schema.ts";
import { addDays, startOfDayIn, todayIn } from "./date-only.rules.ts";

describe("a home's today", () => {
  it("is the date in the home's time zone, not the server's", () => {
    // 07:30 UTC on 23 November is still the evening of the 22nd in California.
    const instant = new Date("2026-11-23T07:30:00Z");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-11-22");
    expect(todayIn("America/New_York", instant)).toBe("2026-11-23");
    expect(todayIn("UTC", instant)).toBe("2026-11-23");
    // Across the spring-forward night (8 March 2026): midnight in California is 08:00 UTC, then 07:00.
    expect(todayIn("America/Los_Angeles", new Date("2026-03-08T07:59:00Z"))).toBe("2026-03-07");
    expect(todayIn("America/Los_Angeles", new Date("2026-03-08T08:00:00Z"))).toBe("2026-03-08");
    expect(todayIn("America/Los_Angeles", new Date("2026-03-09T06:59:00Z"))).toBe("2026-03-08");
    expect(todayIn("America/Los_Angeles", new Date("2026-03-09T07:00:00Z"))).toBe("2026-03-09");
  });

  it("never differs from the UTC date by more than a day, and moves forward with time", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom("America/Los_Angeles", "Pacific/Honolulu", "Asia/Tokyo", "Europe/London", "UTC"),
        fc.integer({ min: 0, max: 3 * 86_400_000 }),
        (instant, zone, later) => {
          const day = todayIn(zone, instant);
          const utc = instant.toISOString().slice(0, 10);
          expect([addDays(utc, -1), utc, addDays(utc, 1)]).toContain(day);
          expect(todayIn(zone, new Date(instant.getTime() + later)) >= day).toBe(true);
        },
      ),
    );
  });

  it("takes IANA zone names only", () => {
    expect(isTimeZone("America/Los_Angeles")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Pacific Time")).toBe(false);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("startOfDayIn", () => {
  it("is the instant the day begins in the time zone, also on the days clocks change", () => {
    expect(startOfDayIn("2026-01-15", "America/Los_Angeles")).toBe("2026-01-15T08:00:00.000Z");
    expect(startOfDayIn("2026-07-15", "America/Los_Angeles")).toBe("2026-07-15T07:00:00.000Z");
    // Clocks go forward at 02:00 on 2026-03-08 and back on 2026-11-01: midnight is still before the change.
    expect(startOfDayIn("2026-03-08", "America/Los_Angeles")).toBe("2026-03-08T08:00:00.000Z");
    expect(startOfDayIn("2026-03-09", "America/Los_Angeles")).toBe("2026-03-09T07:00:00.000Z");
    expect(startOfDayIn("2026-11-02", "America/Los_Angeles")).toBe("2026-11-02T08:00:00.000Z");
    expect(startOfDayIn("2026-05-01", "UTC")).toBe("2026-05-01T00:00:00.000Z");
    expect(startOfDayIn("2026-05-01", "Asia/Kolkata")).toBe("2026-04-30T18:30:00.000Z");
  });

  it("begins the day todayIn names, for any instant and zone", () => {
    const zones = ["America/Los_Angeles", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "UTC"];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const day = todayIn(zone, new Date(instant));
          const start = Date.parse(startOfDayIn(day, zone));
          expect(start).toBeLessThanOrEqual(instant);
          expect(todayIn(zone, new Date(start))).toBe(day);
          expect(todayIn(zone, new Date(start - 1))).not.toBe(day);
        },
      ),
    );
  });
});
