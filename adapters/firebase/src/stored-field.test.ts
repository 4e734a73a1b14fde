import { describe, expect, it } from "vitest";
import { storedField } from "./stored-field.ts";

describe("storedField", () => {
  it("stores an absent field as null and other values as they are", () => {
    expect(storedField(undefined)).toBeNull();
    expect(storedField("Room 4")).toBe("Room 4");
    expect(storedField(450_000)).toBe(450_000);
    expect(storedField(null)).toBeNull();
  });

  it("stores a negative zero as zero, also inside lists and nested objects", () => {
    expect(Object.is(storedField(-0), 0)).toBe(true);
    const [first] = storedField([-0, 5]) as number[];
    expect(Object.is(first, 0)).toBe(true);
    const nested = storedField({ amountCents: -0, note: "x", lines: [{ cents: -0 }] }) as {
      amountCents: number;
      lines: { cents: number }[];
    };
    expect(Object.is(nested.amountCents, 0)).toBe(true);
    expect(Object.is(nested.lines[0]!.cents, 0)).toBe(true);
  });

  it("leaves out a nested object's absent fields, as JSON does on the other backends", () => {
    const contacts = storedField([{ name: "Rosa", email: undefined, altPhone: undefined }]) as object[];
    expect(contacts).toEqual([{ name: "Rosa" }]);
    expect(Object.keys(contacts[0]!)).toEqual(["name"]);
  });
});
