import { describe, expect, it } from "vitest";
import { ZDateOnly } from "./common.schema.ts";

const messageOf = (value: string) => {
  const result = ZDateOnly.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("ZDateOnly", () => {
  it("accepts a real calendar day", () => {
    expect(messageOf("2026-02-28")).toBeUndefined();
    expect(messageOf("2028-02-29")).toBeUndefined();
  });

  it("says what is wrong in words that fit a date picker showing mm/dd/yyyy", () => {
    expect(messageOf("")).toBe("Required");
    // A browser's date field lets a year run to six digits; the value it hands over is then not YYYY-MM-DD.
    expect(messageOf("20266-01-05")).toBe("Enter a whole date with a four-digit year (as YYYY-MM-DD)");
    expect(messageOf("2026-02-30")).toBe("Not a real date");
  });
});
