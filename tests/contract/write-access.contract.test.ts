// Rules every backend applies to a write beyond the record's own fields: a home's licensed capacity
// (an admission over it is refused unless someone who may change the home's settings records an
// approved exception), and archiving needs write access where the record belongs, not only a sight of
// it through another home.
import { beforeAll, expect, it } from "vitest";
import { residentInput } from "../../server/src/test/fixtures.ts";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let manager: TPorts;
  let caregiver: TPorts;
  const small = `small-${RUN}`.toLowerCase();
  const other = `other-${RUN}`.toLowerCase();

  beforeAll(async () => {
    admin = await ctx.signedIn();
    await admin.data.create("facilities", { name: `Small ${RUN}`, licensedCapacity: 1 }, { id: small });
    await admin.data.create("facilities", { name: `Other ${RUN}` }, { id: other });
    manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [small, other] }));
    caregiver = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: [small, other] }));
  });

  it("refuses an admission into a full home beside the home, and takes it with an approved exception", async () => {
    await manager.data.create("residents", residentInput(small, `First-${RUN}`));
    const error = await expectAppError(
      manager.data.create("residents", residentInput(small, `Second-${RUN}`)),
      "VALIDATION",
    );
    expect(error.fields?.facilityId).toMatch(/licensed for 1 resident/);
    // Only someone who may change the home's settings approves an exception (a caregiver may not).
    const byCaregiver = caregiver.data.create(
      "residents",
      residentInput(small, `Second-${RUN}`, { capacityException: "Approved by the licensee" }),
    );
    expect((await expectAppError(byCaregiver, "VALIDATION")).fields).toHaveProperty("capacityException");
    const admitted = await manager.data.create(
      "residents",
      residentInput(small, `Second-${RUN}`, { capacityException: "Approved by the licensee" }),
    );
    expect(admitted.facilityId).toBe(small);
  });

  it("refuses a transfer into a full home, as an admission", async () => {
    const elsewhere = await manager.data.create("residents", residentInput(other, `Mover-${RUN}`));
    const move = manager.data.transfer({
      subject: "resident",
      id: elsewhere.id,
      version: elsewhere.version,
      toFacilityId: small,
      date: "2025-06-01",
    });
    const error = await expectAppError(move, "VALIDATION");
    expect(Object.values(error.fields ?? {}).join(" ")).toMatch(/licensed for 1 resident/);
    expect((await manager.data.get("residents", elsewhere.id)).facilityId).toBe(other);
  });

  it("refuses to archive a staff member to a user who sees them only through another home", async () => {
    const floater = await admin.data.create("staff", {
      facilityId: other,
      otherFacilityIds: [small],
      firstName: "Fay",
      lastName: `Floater-${RUN}`,
      position: "caregiver",
    });
    const atSmall = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [small] }));
    const seen = await atSmall.data.get("staff", floater.id);
    await expectAppError(atSmall.data.remove("staff", floater.id, seen.version), "FORBIDDEN");
    const kept = await admin.data.get("staff", floater.id);
    expect(kept.archivedAt).toBeNull();
  });
});
