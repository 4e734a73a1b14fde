// The range's words on the page: every year as written (a date input allows year 1), presets on a given day.
import { describe, expect, it } from "vitest";
import { dayText, presetOf, presetRange, rangeText } from "./report-range.ts";

describe("report ranges", () => {
  it("writes a day of any year as it is, not a two-digit year read as the 1900s", () => {
    expect(dayText("0001-01-01")).toBe("Jan 1, 0001");
    expect(dayText("0099-12-31")).toBe("Dec 31, 0099");
    expect(rangeText({ from: "2026-01-01", to: "2026-03-31" })).toBe("Jan 1, 2026 – Mar 31, 2026");
  });

  it("names the presets' ranges, and finds the preset a range is", () => {
    expect(presetRange("last-month", "2026-03-15")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("last-12-months", "2026-03-15")).toEqual({ from: "2025-04-01", to: "2026-03-15" });
    expect(presetOf({ from: "2025-01-01", to: "2025-12-31" }, "2026-03-15")).toBe("last-year");
    expect(presetOf({ from: "2025-01-02", to: "2025-12-31" }, "2026-03-15")).toBe("");
  });
});
