import { describe, expect, it } from "vitest";
import { formatPhone, ZOptionalPhone, ZPhone } from "./phone.schema.ts";

describe("phone numbers", () => {
  it("writes a number of the US or Canada one way, whatever was typed", () => {
    for (const typed of ["559-555-0100", "(559) 555-0100", "5595550100", "+1 559 555 0100", "559.555.0100"])
      expect(formatPhone(typed)).toBe("(559) 555-0100");
    expect(formatPhone("+1 416 555 0123")).toBe("(416) 555-0123");
  });

  it("keeps the country code of a number abroad", () => {
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("+52 55 1234 5678")).toBe("+52 55 1234 5678");
  });

  it("refuses what is not a phone number, with a message that shows the form", () => {
    for (const typed of ["call me", "555-0100", "12", "+1 555"]) expect(formatPhone(typed)).toBeNull();
    const result = ZPhone.safeParse("call me");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Enter a phone number such as \(559\) 555-0100/);
  });

  it("treats an empty optional number as absent", () => {
    expect(ZOptionalPhone.parse("")).toBeUndefined();
    expect(ZOptionalPhone.parse(undefined)).toBeUndefined();
    expect(ZOptionalPhone.parse(" 559 555 0100 ")).toBe("(559) 555-0100");
    expect(ZPhone.safeParse("").success).toBe(false);
  });
});
