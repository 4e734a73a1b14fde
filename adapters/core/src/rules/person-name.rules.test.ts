import { describe, expect, it } from "vitest";
import { distinctListNames, headingName, listName } from "./person-name.rules.ts";

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

  it("tells two people of the same name apart wherever they are listed together, and only then", () => {
    const residents = [
      { id: "r1", firstName: "Maria", lastName: "Garcia", room: "4", dateOfBirth: "1938-02-01" },
      { id: "r2", firstName: "Maria", lastName: "Garcia", dateOfBirth: "1941-07-09" },
      { id: "r3", firstName: "Ana", lastName: "Garcia", room: "5", dateOfBirth: "1940-01-01" },
    ];
    expect([...distinctListNames(residents).values()]).toEqual([
      "Garcia, Maria — room 4",
      "Garcia, Maria — born 1941-07-09",
      "Garcia, Ana",
    ]);
    const staff = [
      { id: "s1", firstName: "Bo", lastName: "Lee", email: "bo.lee@example.org", position: "caregiver" },
      { id: "s2", firstName: "Bo", lastName: "Lee", position: "med_tech" },
    ];
    expect([...distinctListNames(staff).values()]).toEqual(["Lee, Bo — bo.lee@example.org", "Lee, Bo — Med tech"]);
  });
});
