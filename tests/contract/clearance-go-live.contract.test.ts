// DataPort contract for two records that decide what the compliance checks count: a staff member's
// clearance is recorded as cleared (or exempted) only with the day it came, not in the future, and a
// home's go-live date is moved only by a role holding "Change a home's go-live date", never past the
// home's today — the same on every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let manager: TPorts;
  let today: string;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: null }));
    today = todayIn((await admin.data.get("facilities", "tull")).timeZone);
  });

  const it = ctx.itUsing(["auth", "data"]);

  const fieldsOf = async (write: Promise<unknown>) => (await expectAppError(write, "VALIDATION")).fields ?? {};
  /** A field's message, whatever the backend names it (`patch.clearanceDate`, `clearanceDate`). */
  const messageOf = (fields: Record<string, string>, field: string) =>
    Object.entries(fields).find(([name]) => name.endsWith(field))?.[1];

  it("records a clearance as cleared or exempted only with its date, not in the future", async () => {
    const person = await manager.data.create("staff", {
      facilityId: "tull",
      firstName: "Cal",
      lastName: unique("Clearance"),
      position: "caregiver",
      clearanceStatus: "submitted",
      clearanceSubmittedDate: "2026-01-02",
    });
    for (const clearanceStatus of ["cleared", "exemption_granted"] as const) {
      const undated = await fieldsOf(manager.data.update("staff", person.id, { clearanceStatus }, person.version));
      expect(messageOf(undated, "clearanceDate")).toBe("Give the date the clearance came");
      const ahead = await fieldsOf(
        manager.data.update("staff", person.id, { clearanceStatus, clearanceDate: addDays(today, 3) }, person.version),
      );
      expect(messageOf(ahead, "clearanceDate")).toBe("The clearance date cannot be in the future");
    }
    expect((await admin.data.get("staff", person.id)).clearanceStatus).toBe("submitted");
    const cleared = await manager.data.update(
      "staff",
      person.id,
      { clearanceStatus: "cleared", clearanceDate: today },
      person.version,
    );
    expect(cleared).toMatchObject({ clearanceStatus: "cleared", clearanceDate: today });
  });

  it("moves a home's go-live date only with the action, never after the home's today", async () => {
    const id = unique("golive").toLowerCase();
    const home = await admin.data.create(
      "facilities",
      { name: `Go-live ${id}`, timeZone: "America/Los_Angeles", goLiveDate: "2026-01-01" },
      { id },
    );
    const refused = await expectAppError(
      manager.data.update("facilities", id, { goLiveDate: "2026-02-01" }, home.version),
      "FORBIDDEN",
    );
    expect(refused.message).toBe("Your role may not change a home's go-live date.");
    // An edit leaving the date as it is stays the manager's.
    const renamed = await manager.data.update("facilities", id, { name: `Go-live ${id} renamed` }, home.version);
    const ahead = await fieldsOf(admin.data.update("facilities", id, { goLiveDate: "9999-12-31" }, renamed.version));
    expect(messageOf(ahead, "goLiveDate")).toContain("cannot be after the home's today");
    const moved = await admin.data.update("facilities", id, { goLiveDate: today }, renamed.version);
    expect(moved.goLiveDate).toBe(today);
  });
});
