// DataPort contract for the history of record edits: every backend writes a change row for each edit
// of a resident, staff member or facility (fields from what to what, who), shows it to whoever may read
// the record, and lets no client write one; a stale save names who saved first.
import { beforeAll, expect, it } from "vitest";
import type { TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullStaff: TPorts;
  let tullUser: { email: string; password: string; record: { id: string } };
  let newmanStaff: TPorts;
  let resident: TRecordOf<"residents">;

  const history = async (ports: TPorts, recordId: string) =>
    (await ports.data.list("recordChanges", { where: { recordId }, orderBy: { field: "at", direction: "desc" } }))
      .items;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    tullUser = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
    tullStaff = await ctx.signedIn(tullUser);
    newmanStaff = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["newman"] }));
    resident = await tullStaff.data.create("residents", {
      facilityId: "tull",
      firstName: "Margaret",
      lastName: `Historia-${RUN}`,
      dateOfBirth: "1938-04-02",
      gender: "female",
      room: "3",
      admissionDate: "2025-02-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
  });

  it("keeps each edit of a resident with the fields from what to what", async () => {
    await tullStaff.data.update("residents", resident.id, { room: "5", diet: "Pureed" }, 1);
    const rows = await history(tullStaff, resident.id);
    expect(rows.map((r) => r.action)).toEqual(["update", "create"]);
    expect(rows[0]).toMatchObject({
      collection: "residents",
      facilityId: "tull",
      changes: [
        { field: "room", before: "3", after: "5" },
        { field: "diet", after: "Pureed" },
      ],
    });
    // Who made it, by the name shown then (a user without a display name: the e-mail).
    expect(rows[0]).toMatchObject({ actorId: tullUser.record.id, actorName: tullUser.email });
  });

  it("shows the history to whoever may read the record, and to nobody else", async () => {
    expect(await history(admin, resident.id)).toHaveLength(2);
    expect(await history(newmanStaff, resident.id)).toEqual([]);
  });

  it("lets no client write a change", async () => {
    await expectAppError(
      tullStaff.data.create("recordChanges", {
        collection: "residents",
        recordId: resident.id,
        facilityId: "tull",
        at: new Date().toISOString(),
        actorId: null,
        actorName: "Forger",
        action: "update",
        changes: [],
      }),
      "FORBIDDEN",
    );
  });

  it("names who saved first when a save is refused as stale", async () => {
    const current = await admin.data.get("residents", resident.id);
    await tullStaff.data.update("residents", resident.id, { diet: "Soft" }, current.version);
    const error = await admin.data.update("residents", resident.id, { room: "6" }, current.version).catch((e) => e);
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(typeof error.savedBy).toBe("string");
  });
});
