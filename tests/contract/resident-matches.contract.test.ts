// InsightsPort.residentMatches on every harness: a resident recorded with the same name (first or
// preferred, any case or accent) and date of birth is named when in the user's homes; only a user who
// may write residents (who may admit) asks.
import { beforeAll, expect, it } from "vitest";
import type { TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let okafor: TRecordOf<"residents">;
  const lastName = `Okafor-${RUN}`;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    okafor = await admin.data.create("residents", {
      facilityId: "tull",
      firstName: "Margaret",
      preferredName: "Maggie",
      lastName,
      dateOfBirth: "1938-04-02",
      gender: "female",
      admissionDate: "2025-02-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
  });

  it("names a resident with the same name and date of birth, by first or preferred name, any case", async () => {
    for (const firstName of ["Margaret", "maggie", "MARGARET "]) {
      const found = await admin.insights.residentMatches({
        firstName,
        lastName: lastName.toLowerCase(),
        dateOfBirth: "1938-04-02",
      });
      expect(found.matches).toEqual([
        { id: okafor.id, facilityId: "tull", name: `${lastName}, Margaret (Maggie)`, status: "active" },
      ]);
    }
  });

  it("does not match another date of birth, another name, or the resident being edited", async () => {
    const none = { matches: [], elsewhere: 0 };
    expect(
      await admin.insights.residentMatches({ firstName: "Margaret", lastName, dateOfBirth: "1938-04-03" }),
    ).toEqual(none);
    expect(await admin.insights.residentMatches({ firstName: "Martha", lastName, dateOfBirth: "1938-04-02" })).toEqual(
      none,
    );
    expect(
      await admin.insights.residentMatches({
        firstName: "Margaret",
        lastName,
        dateOfBirth: "1938-04-02",
        excludeId: okafor.id,
      }),
    ).toEqual(none);
  });

  it("is refused to a user who may only read residents (the Office role): it serves the admission form", async () => {
    const office = await ctx.signedIn(await ctx.createUser(admin, { role: "office", facilityIds: ["tull"] }));
    await expectAppError(
      office.insights.residentMatches({ firstName: "Margaret", lastName, dateOfBirth: "1938-04-02" }),
      "FORBIDDEN",
    );
  });

  it("refuses a question without a date of birth", async () => {
    await expectAppError(
      admin.insights.residentMatches({ firstName: "A", lastName: "B", dateOfBirth: "soon" }),
      "VALIDATION",
    );
  });
});
