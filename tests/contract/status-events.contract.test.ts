// DataPort contract for a resident's status events as their history: an event is never removed (one
// entered by mistake is undone, marked and kept), and an undo is refused unless it applies to a kind that
// can be undone, to the resident's latest event that still counts, dated the home's today — the same on
// every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import { todayIn } from "@care/core/rules/date-only.rules";
import { callerName } from "@care/core/rules/records.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

const HOME = "tull";

function residentInput(): TInputOf<"residents"> {
  return {
    facilityId: HOME,
    firstName: "Edda",
    lastName: unique("History"),
    dateOfBirth: "1937-05-02",
    gender: "female",
    admissionDate: "2025-03-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
  };
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let today: string;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    today = todayIn((await admin.data.get("facilities", HOME)).timeZone);
  });

  const it = ctx.itUsing(["auth", "data"]);

  /** A user of `role` who sees every home (so only the rule, never the home, can refuse them). */
  async function userOf(role: string): Promise<TPorts> {
    return ctx.signedIn(await ctx.createUser(admin, { role, facilityIds: null }));
  }

  async function eventOf(user: TPorts, resident: TRecordOf<"residents">, type: string, date: string) {
    const data = { residentId: resident.id, facilityId: HOME, type, date } as TInputOf<"residentEvents">;
    return user.data.create("residentEvents", data);
  }

  /** The undo fields as the history screen sends them, on `undoneOn` (the home's today unless given). */
  function undoOf(user: TPorts, undoneOn = today) {
    const me = user.auth.current();
    if (!me) throw new Error("signed in");
    return { undoReason: "Entered by mistake", undoneBy: callerName(me), undoneOn };
  }

  it("never removes a status event: not a caregiver's leave, a manager's discharge, nor an undone one", async () => {
    const caregiver = await userOf("caregiver");
    const manager = await userOf("house-manager");
    const resident = await admin.data.create("residents", residentInput());
    const leave = await eventOf(caregiver, resident, "leave", "2026-01-05");
    const discharge = await eventOf(manager, resident, "discharge", "2026-01-20");
    const undone = await admin.data.update("residentEvents", discharge.id, undoOf(admin), discharge.version);
    for (const [user, event] of [
      [caregiver, leave],
      [manager, discharge],
      [admin, undone],
    ] as const) {
      const refused = await expectAppError(user.data.remove("residentEvents", event.id, event.version), "FORBIDDEN");
      expect(refused.message).toContain("Undo an event entered by mistake");
    }
    expect(await admin.data.get("residentEvents", leave.id)).toMatchObject({ type: "leave" });
    expect(await admin.data.get("residentEvents", discharge.id)).toMatchObject({ undoReason: "Entered by mistake" });
  });

  it("undoes only the latest event that counts, of a kind that can be undone, on the home's today", async () => {
    const resident = await admin.data.create("residents", residentInput());
    const leave = await eventOf(admin, resident, "leave", "2026-01-05");
    const back = await eventOf(admin, resident, "return", "2026-01-08");
    const message = async (write: Promise<unknown>) =>
      Object.values((await expectAppError(write, "VALIDATION")).fields ?? {}).join();
    // A leave a later return still counts on: the return is undone first.
    expect(await message(admin.data.update("residentEvents", leave.id, undoOf(admin), leave.version))).toContain(
      "latest event",
    );
    // Dated another day than the home's today.
    expect(
      await message(admin.data.update("residentEvents", back.id, undoOf(admin, "1900-01-01"), back.version)),
    ).toContain("home's today");
    // A move is undone by a transfer back, not by an undo.
    const moved = await eventOf(admin, resident, "transfer_in", "2026-01-10");
    expect(await message(admin.data.update("residentEvents", moved.id, undoOf(admin), moved.version))).toContain(
      "transfer the resident back",
    );
    for (const event of [leave, back, moved])
      expect((await admin.data.get("residentEvents", event.id)).undoReason).toBeUndefined();
  });
});
