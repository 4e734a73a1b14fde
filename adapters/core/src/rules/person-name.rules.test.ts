import { describe, expect, it } from "vitest";
import { headingName, listName } from "./person-name.rules.ts";

describe("person names", () => {
  const maggie = { firstName: "Margaret", lastName: "Okafor", preferredName: "Maggie" };

  it("lists by last name with the preferred name in brackets", () => {
    expect(listName(maggie)).toBe("Okafor, Margaret (Maggie)");
    expect(listName({ firstName: "Ana", lastName: "Garcia" })).toBe("Garcia, Ana");
  });

  it("heads a page with the name the person is called", () => {
    expect(headingName(maggie)).toBe("Maggie Okafor");
    expect(headingName({ firstName: "Ana", lastName: "Garcia" })).toBe("Ana Garcia");
  });

  it("ignores a preferred name that is blank or the first name again", () => {
    expect(listName({ ...maggie, preferredName: "Margaret" })).toBe("Okafor, Margaret");
    expect(headingName({ ...maggie, preferredName: "  " })).toBe("Margaret Okafor");
  });
});
