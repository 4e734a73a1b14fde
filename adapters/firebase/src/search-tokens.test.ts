import { describe, expect, it } from "vitest";
import { MAX_TOKEN_LENGTH, normalizeSearchText, searchToken, searchTokens } from "./search-tokens.ts";

describe("search tokens", () => {
  it("indexes prefixes of the text from each word on", () => {
    const tokens = searchTokens(["Van Buren"]);
    for (const t of ["v", "van", "van b", "van buren", "b", "bur", "buren"]) expect(tokens).toContain(t);
    expect(tokens).not.toContain("uren");
    expect(tokens).not.toContain("van ");
  });

  it("normalizes case, accents and punctuation the same on both sides", () => {
    expect(normalizeSearchText("  José   O'Brien-Smith ")).toBe("jose o brien smith");
    expect(searchTokens(["José O'Brien"])).toContain(searchToken("JOSE o'b"));
    expect(searchToken("  !!  ")).toBeNull();
  });

  it("covers several fields, ignores non-text values and caps token length", () => {
    const long = "a".repeat(80);
    const tokens = searchTokens(["alice@example.com", null, 42, long]);
    expect(tokens).toContain("alice example");
    expect(tokens).toContain("example com");
    expect(Math.max(...tokens.map((t) => t.length))).toBe(MAX_TOKEN_LENGTH);
    expect(searchToken(long)).toHaveLength(MAX_TOKEN_LENGTH);
  });
});
