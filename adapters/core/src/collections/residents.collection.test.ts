import { describe, expect, it } from "vitest";
import { addDays, latestDateAnywhere } from "../rules/date-only.rules.ts";
import { ZResident } from "./residents.collection.ts";

const resident = {
  facilityId: "tull",
  firstName: "Odile",
  lastName: "Marchetti",
  gender: "female",
  admissionDate: "2025-02-03",
  ambulatoryStatus: "ambulatory",
  codeStatus: "full_code",
};

const issues = (input: Record<string, unknown>) =>
  ZResident.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("a resident's date of birth", () => {
  const future = addDays(latestDateAnywhere(), 400);

  it("is refused beside Date of birth when in the future, and the admission is not blamed for it", () => {
    expect(issues({ ...resident, dateOfBirth: future })).toEqual([
      ["dateOfBirth", "The date of birth cannot be in the future"],
    ]);
  });

  it("is refused while other fields are still empty (a form checks it as it is typed)", () => {
    const { gender: _, ...noGender } = resident;
    expect(issues({ ...noGender, dateOfBirth: future })).toContainEqual([
      "dateOfBirth",
      "The date of birth cannot be in the future",
    ]);
  });

  it("still refuses an admission before a past date of birth on the admission", () => {
    expect(issues({ ...resident, dateOfBirth: "2025-03-01" })).toEqual([
      ["admissionDate", "Admission cannot be before the date of birth"],
    ]);
  });
});
