// DataPort contract for the record that decides from when a home's reports count: its go-live date is
// moved only by a role holding "Change a home's go-live date", never past the home's today — the same on
// every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import { todayIn } from "@care/core/rules/date-only.rules";
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
