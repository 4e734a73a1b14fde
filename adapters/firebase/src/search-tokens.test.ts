import { describe, expect, it } from "vitest";
import { matchesSearch, MAX_TOKEN_LENGTH, searchQuery, searchTokens } from "./search-tokens.ts";

describe("search tokens", () => {
  it("indexes every piece of the lowercase text up to the token length, anywhere in it", () => {
    const tokens = searchTokens(["Van Buren"]);
    for (const t of ["v", "van", "n b", "ure", "ren", " "]) expect(tokens).toContain(t);
    expect(tokens).not.toContain("uren");
    expect(Math.max(...tokens.map((t) => t.length))).toBe(MAX_TOKEN_LENGTH);
  });

  it("asks for a short search exactly, and a longer one by a piece the adapter then checks as contains", () => {
    expect(searchQuery("UrE")).toEqual({ token: "ure", exact: true, text: "ure" });
    const long = searchQuery("UREN");
    expect(long).toEqual({ token: "ure", exact: false, text: "uren" });
    expect(searchTokens(["Van Buren"])).toContain(long.token);
    expect(matchesSearch(["Van Buren", null], long.text)).toBe(true);
    expect(matchesSearch(["Van Bu ren"], long.text)).toBe(false);
  });

  it("takes % and _ as the characters they are", () => {
    const stored = ["Literal-x 100%_sure"];
    expect(searchTokens(stored)).toContain("%_s");
    expect(matchesSearch(stored, searchQuery("x 100%_").text)).toBe(true);
    expect(matchesSearch(stored, searchQuery("Literal_x").text)).toBe(false);
    expect(matchesSearch(stored, searchQuery("Literal-x%").text)).toBe(false);
  });

  it("keeps | out of tokens (the rules join them by it) and searches around it", () => {
    expect(searchTokens(["a|b"])).toEqual(["a", "b"]);
    expect(searchQuery("ab|c")).toEqual({ token: "ab", exact: false, text: "ab|c" });
    expect(searchQuery("|")).toEqual({ token: null, exact: false, text: "|" });
  });

  it("covers several fields, ignores non-text values and splits no character in two", () => {
    const tokens = searchTokens(["alice@example.com", null, 42, "😀x"]);
    expect(tokens).toContain("@ex");
    expect(tokens).toContain("😀x");
    expect(tokens).not.toContain("42");
  });
});
