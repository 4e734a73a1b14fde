import { describe, expect, it } from "vitest";
import { ageOn, formatCents, parseDollars, roomAndBed } from "./resident-format.ts";

describe("resident formatting", () => {
  it("joins room and bed", () => {
    expect(roomAndBed({ room: "12", bed: "B" })).toBe("12 / B");
    expect(roomAndBed({ room: "12" })).toBe("12");
    expect(roomAndBed({})).toBe("");
  });

  it("reads dollars into whole cents without floating point drift", () => {
    expect(parseDollars("2,450.5")).toBe(245050);
    expect(parseDollars("$0.29")).toBe(29);
    expect(parseDollars("1005.10")).toBe(100510);
    expect(parseDollars("12.345")).toBeNull();
    expect(parseDollars("-4")).toBeNull();
    expect(parseDollars("abc")).toBeNull();
    expect(formatCents(245050)).toBe("$2,450.50");
  });

  it("counts whole years of age", () => {
    expect(ageOn("1940-06-15", "2026-06-14")).toBe(85);
    expect(ageOn("1940-06-15", "2026-06-15")).toBe(86);
  });
});
