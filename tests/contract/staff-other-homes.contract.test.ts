// A staff member's other homes (`otherFacilityIds`) on every harness: adding a home to the list, or
// taking one off, needs write access to that home, and a home added must exist; homes the list keeps
// are not asked about again.
import { beforeAll, expect, it } from "vitest";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  /** A house manager of the first home only. */
  let firstOnly: TPorts;
  /** A house manager of the first two homes. */
  let both: TPorts;
  const first = `first-${RUN}`.toLowerCase();
  const second = `second-${RUN}`.toLowerCase();
  const third = `third-${RUN}`.toLowerCase();
  const person = (otherFacilityIds: string[]) => ({
    facilityId: first,
    otherFacilityIds,
    firstName: "Olive",
    lastName: unique("Homes"),
    position: "caregiver" as const,
  });

  beforeAll(async () => {
    admin = await ctx.signedIn();
    for (const id of [first, second, third]) await admin.data.create("facilities", { name: `Home ${id}` }, { id });
    firstOnly = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [first] }));
    both = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [first, second] }));
  });

  it("refuses to put a staff member into a home the user cannot write, or into one that does not exist", async () => {
    const into = await expectAppError(firstOnly.data.create("staff", person([second])), "FORBIDDEN");
    expect(into.fields).toEqual({ otherFacilityIds: `No access to ${second}` });
    const nowhere = await expectAppError(admin.data.create("staff", person([`nowhere-${RUN}`])), "VALIDATION");
    expect(nowhere.fields).toEqual({ otherFacilityIds: `No such home: nowhere-${RUN}` });
    expect((await both.data.create("staff", person([second]))).otherFacilityIds).toEqual([second]);
  });

  it("lets only a user who may write a home add it to or take it off a staff member's other homes", async () => {
    const staff = await admin.data.create("staff", person([second]));
    // An edit that keeps the list is not about the other homes.
    const renamed = await firstOnly.data.update("staff", staff.id, { preferredName: "Liv" }, staff.version);
    await expectAppError(
      firstOnly.data.update("staff", staff.id, { otherFacilityIds: [] }, renamed.version),
      "FORBIDDEN",
    );
    await expectAppError(
      firstOnly.data.update("staff", staff.id, { otherFacilityIds: [second, third] }, renamed.version),
      "FORBIDDEN",
    );
    await expectAppError(
      admin.data.update("staff", staff.id, { otherFacilityIds: [second, `nowhere-${RUN}`] }, renamed.version),
      "VALIDATION",
    );
    expect((await admin.data.get("staff", staff.id)).otherFacilityIds).toEqual([second]);
    const off = await both.data.update("staff", staff.id, { otherFacilityIds: [] }, renamed.version);
    expect(off.otherFacilityIds).toEqual([]);
    const back = await both.data.update("staff", staff.id, { otherFacilityIds: [second] }, off.version);
    expect(back.otherFacilityIds).toEqual([second]);
  });
});
