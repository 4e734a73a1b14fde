import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basisPointsToPercentInput, centsToDollarsInput, parseDollars, parsePercent } from "./money.ts";

describe("parseDollars", () => {
  it.each([
    ["1250", 125000],
    ["1,250.00", 125000],
    ["$1,250.5", 125050],
    [" 0.07 ", 7],
    [".5", 50],
    ["19.99", 1999],
    ["0.1", 10],
  ])("reads %s as %i cents", (input, cents) => {
    expect(parseDollars(input)).toEqual({ cents });
  });

  it.each([
    ["", "Enter an amount"],
    ["-5", "Enter an amount above zero"],
    ["12.345", "At most two digits after the point"],
    ["12a", "Enter an amount like 1250 or 1,250.00"],
    ["1e3", "Enter an amount like 1250 or 1,250.00"],
  ])("refuses %j", (input, error) => {
    expect(parseDollars(input)).toEqual({ error });
  });

  it("round-trips every amount in cents exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        expect(parseDollars(centsToDollarsInput(cents))).toEqual({ cents });
      }),
    );
  });
});

describe("parsePercent", () => {
  it("reads whole and decimal percents as basis points, with or without %", () => {
    expect(parsePercent("50")).toEqual({ basisPoints: 5000 });
    expect(parsePercent(" 87.5% ")).toEqual({ basisPoints: 8750 });
    expect(parsePercent("12.25")).toEqual({ basisPoints: 1225 });
    expect(parsePercent("")).toEqual({ error: "Enter a percent" });
    expect(parsePercent("fifty")).toEqual({ error: "Enter a percent like 50 or 87.5" });
    expect(parsePercent("1.234")).toEqual({ error: "At most two digits after the point" });
    expect(parsePercent("100.5")).toEqual({ error: "At most 100%" });
    expect(parsePercent("1000")).toEqual({ error: "At most 100%" });
    expect(parsePercent("100")).toEqual({ basisPoints: 10_000 });
    expect(basisPointsToPercentInput(8750)).toBe("87.5");
  });
});
