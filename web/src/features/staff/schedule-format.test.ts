import { describe, expect, it } from "vitest";
import { normalizeTime, shiftLengthHint, weekStatusText } from "./schedule-format.ts";

describe("times as people type them", () => {
  it("become HH:MM", () => {
    expect(["9:00", "07:00", "7am", "7 pm", "7:30pm", "12am", "12pm", "1930", "7"].map(normalizeTime)).toEqual([
      "09:00",
      "07:00",
      "07:00",
      "19:00",
      "19:30",
      "00:00",
      "12:00",
      "19:30",
      "07:00",
    ]);
  });

  it("are left as typed when they are no time, for the form to refuse", () => {
    expect(["25:00", "13pm", "7:75", "soon", ""].map(normalizeTime)).toEqual(["25:00", "13pm", "7:75", "soon", ""]);
  });
});

describe("shiftLengthHint", () => {
  it("gives the length as typed, and says when a shift ends the next morning", () => {
    expect(shiftLengthHint("07:00", "15:00")).toBe("8 hours long.");
    expect(shiftLengthHint("7:00", "15:30")).toBe("8 h 30 min long.");
    expect(shiftLengthHint("23:00", "07:00")).toBe("Ends the next morning: 8 hours long.");
    expect(shiftLengthHint("09:00", "08:00")).toBe("Ends the next morning: 23 hours long — check the times.");
    expect(shiftLengthHint("09:00", "09:00")).toBe("Earlier than the start: the next morning (a night shift).");
    expect(shiftLengthHint("", "")).toBe("Earlier than the start: the next morning (a night shift).");
  });

  it("gives no length for a time that is no time of day (its field says so)", () => {
    expect(shiftLengthHint("25:99", "15:00")).toBe("");
    expect(shiftLengthHint("07:00", "24:00")).toBe("");
    expect(shiftLengthHint("", "x")).toBe("");
  });
});

describe("the week's status", () => {
  it("counts one shift as one", () => {
    expect(weekStatusText(1, 0, true)).toBe("Published: 1 shift.");
    expect(weekStatusText(12, 0, true)).toBe("Published: 12 shifts.");
  });
});
