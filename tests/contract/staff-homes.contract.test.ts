// A staff member working at several homes, on every harness: listed, counted and shown in each home
// they work at (their home facility and their other homes), to users of any of those homes; changed only
// by users of their home facility; their paperwork counted in their home facility.
import { beforeAll, expect, it } from "vitest";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let atSecond: TPorts;
  let atThird: TPorts;
  const home = `homes-a-${RUN}`.toLowerCase().slice(0, 60);
  const second = `homes-b-${RUN}`.toLowerCase().slice(0, 60);
  const third = `homes-c-${RUN}`.toLowerCase().slice(0, 60);
  let floaterId = "";

  beforeAll(async () => {
    admin = await ctx.signedIn();
    for (const [id, name] of [
      [home, "Home A"],
      [second, "Home B"],
      [third, "Home C"],
    ] as const)
      await admin.data.create("facilities", { name }, { id });
    const floater = await admin.data.create("staff", {
      facilityId: home,
      otherFacilityIds: [second],
      firstName: "Fay",
      lastName: `Floater${RUN}`,
      position: "caregiver",
    });
    floaterId = floater.id;
    await admin.data.create("staff", {
      facilityId: second,
      firstName: "Bea",
      lastName: `Local${RUN}`,
      position: "cook",
    });
    atSecond = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [second] }));
    atThird = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [third] }));
  });

  const names = (page: { items: { lastName: string }[] }) => page.items.map((s) => s.lastName).sort();

  it("lists a staff member under every home they work at, for any user", async () => {
    expect(names(await admin.data.list("staff", { where: { facilityId: second } }))).toEqual([
      `Floater${RUN}`,
      `Local${RUN}`,
    ]);
    expect(names(await admin.data.list("staff", { where: { facilityId: home } }))).toEqual([`Floater${RUN}`]);
    expect(await admin.data.count("staff", { where: { facilityId: [home, second] } })).toBe(2);
    expect(await admin.data.count("staff", { where: { facilityId: third } })).toBe(0);
  });

  it("shows a limited user the staff of their home who belong to another home, searchable", async () => {
    expect(names(await atSecond.data.list("staff", {}))).toEqual([`Floater${RUN}`, `Local${RUN}`]);
    expect(await atSecond.data.count("staff", { search: "floater" })).toBe(1);
    expect((await atSecond.data.get("staff", floaterId)).facilityId).toBe(home);
    expect(await atThird.data.count("staff", {})).toBe(0);
    await expectAppError(atThird.data.get("staff", floaterId), "NOT_FOUND");
  });

  it("leaves changes to users of the home facility (FORBIDDEN from another home)", async () => {
    const floater = await atSecond.data.get("staff", floaterId);
    await expectAppError(atSecond.data.update("staff", floaterId, { notes: "x" }, floater.version), "FORBIDDEN");
  });

  it("counts them in each home's staff figure", async () => {
    const stats = await admin.insights.facilityStats({ facilityIds: [home, second, third] });
    expect(Object.fromEntries(stats.map((s) => [s.facilityId, s.staff]))).toEqual({
      [home]: 1,
      [second]: 2,
      [third]: 0,
    });
  });

  it("counts their paperwork only in their home facility", async () => {
    const report = await admin.insights.compliance({ facilityId: second, subject: "staff", today: "2030-01-01" });
    expect(report.subjects.map((s) => s.subjectId)).not.toContain(floaterId);
    const own = await admin.insights.compliance({ facilityId: home, subject: "staff", today: "2030-01-01" });
    expect(own.subjects.map((s) => s.subjectId)).toContain(floaterId);
  });

  it("accepts a reminder about them in any of their homes, none elsewhere", async () => {
    const reminder = { title: "Badge", dueDate: "2030-01-01", linkType: "staff" as const, linkId: floaterId };
    await admin.data.create("reminders", { ...reminder, facilityId: second });
    const refused = admin.data.create("reminders", { ...reminder, facilityId: third });
    const error = await expectAppError(refused, "VALIDATION");
    expect(error.fields).toEqual({ facilityId: "Must be a home the staff member works at" });
  });
});
