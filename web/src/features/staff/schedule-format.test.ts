import { describe, expect, it } from "vitest";
import { normalizeTime } from "./schedule-format.ts";

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
