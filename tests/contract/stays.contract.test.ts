// DataPort contract for a resident's stays (rules/census, stays and status-undo rules of @care/core): a
// discharge dated after the home's today leaves the resident living there until that day; a status event
// entered by mistake is undone only by a role holding the action, within its window, restoring the
// resident and their bill; a readmission keeps the admission date and must follow the discharge — the
// same on every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import { effectiveStatus } from "@care/core/rules/census.rules";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import { callerName } from "@care/core/rules/records.rules";
import { residentStays } from "@care/core/rules/stays.rules";
import { undoPatch, UNDO_WINDOW_DAYS } from "@care/core/rules/status-undo.rules";
import type { TPorts } from "./harness.ts";
import { eventually, expectAppError, runContract, unique } from "./contract-runner.ts";

const HOME = "tull";

function residentInput(): TInputOf<"residents"> {
  return {
    facilityId: HOME,
    firstName: "Nell",
    lastName: unique("Stay"),
    dateOfBirth: "1938-04-02",
    gender: "female",
    admissionDate: "2025-02-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    monthlyRateCents: 300000,
  };
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let manager: TPorts;
  let today: string;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    // A House manager discharges and readmits, but does not hold "Undo a status event" by default.
    manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: null }));
    today = todayIn((await admin.data.get("facilities", HOME)).timeZone);
  });

  const it = ctx.itUsing(["auth", "data"]);

  const eventsOf = async (user: TPorts, residentId: string) =>
    (await user.data.list("residentEvents", { where: { residentId } })).items;

  /** Records a discharge on `date` as the screens do: the event first, then the resident. */
  async function discharge(user: TPorts, resident: TRecordOf<"residents">, date: string) {
    const planned = date > today;
    await user.data.commit([
      {
        op: "create",
        collection: "residentEvents",
        data: { residentId: resident.id, facilityId: HOME, type: "discharge", date },
      },
      {
        op: "update",
        collection: "residents",
        id: resident.id,
        version: resident.version,
        patch: planned ? { dischargeDate: date } : { status: "discharged", statusDate: date, dischargeDate: date },
      },
    ]);
    const [event] = (await eventsOf(user, resident.id)).filter((e) => e.type === "discharge");
    return { event: event!, resident: await user.data.get("residents", resident.id) };
  }

  /** Undoes `event` as the history screen does: the event marked, then the resident restored. */
  async function undo(user: TPorts, resident: TRecordOf<"residents">, event: TRecordOf<"residentEvents">) {
    const me = user.auth.current();
    if (!me) throw new Error("signed in");
    await user.data.commit([
      {
        op: "update",
        collection: "residentEvents",
        id: event.id,
        version: event.version,
        patch: { undoReason: "Entered for the wrong resident", undoneBy: callerName(me), undoneOn: today },
      },
      {
        op: "update",
        collection: "residents",
        id: resident.id,
        version: resident.version,
        patch: undoPatch(resident, await eventsOf(user, resident.id), event),
      },
    ]);
  }

  it("keeps a resident discharged for a later day living in the home, and counted, until that day", async () => {
    const resident = await manager.data.create("residents", residentInput());
    const [before] = await admin.insights.facilityStats({ facilityIds: [HOME] });
    const leaving = addDays(today, 10);
    const planned = (await discharge(manager, resident, leaving)).resident;
    expect(planned).toMatchObject({ status: "active", dischargeDate: leaving });
    expect(effectiveStatus(planned, today)).toBe("active");
    expect(effectiveStatus(planned, leaving)).toBe("discharged");
    const [after] = await admin.insights.facilityStats({ facilityIds: [HOME] });
    expect(after?.census).toBe(before?.census);
  });

  it("stops counting a resident in compliance and reminders from their planned discharge's day", async () => {
    const input = residentInput();
    const resident = await manager.data.create("residents", input);
    const leaving = addDays(today, 10);
    await discharge(manager, resident, leaving);
    // Nothing rewrites the stored status on that day: every answer asks for the status on its today.
    const counted = async (day: string) => {
      const report = await admin.insights.compliance({ subjectIds: [resident.id], today: day });
      const reminders = await admin.insights.derivedReminders({
        facilityId: HOME,
        today: day,
        search: input.lastName,
        limit: 50,
      });
      return {
        compliance: report.subjects.some((s) => s.subjectId === resident.id),
        // Rent past due stays a reminder after the discharge: money is owed whether or not they live here.
        reminders: reminders.items.some((r) => r.link.id === resident.id && r.kind.startsWith("document-")),
      };
    };
    expect(await counted(addDays(leaving, -1))).toEqual({ compliance: true, reminders: true });
    expect(await counted(leaving)).toEqual({ compliance: false, reminders: false });
  });

  it("undoes a discharge only for a role holding the action: status, dates and bill come back", async () => {
    const created = await manager.data.create("residents", residentInput());
    const billed = await eventually(async () => {
      const account = await admin.data.get("rentAccounts", created.id);
      if (account.balanceCents <= 0) throw new Error("not billed yet");
      return account.balanceCents;
    });
    const { event, resident } = await discharge(manager, created, `${today.slice(0, 7)}-01`);
    await eventually(async () => {
      expect((await admin.data.get("rentAccounts", created.id)).balanceCents).toBeLessThan(billed);
    });

    const refused = await expectAppError(undo(manager, resident, event), "FORBIDDEN");
    expect(refused.message).toContain("undo a status event");

    await undo(admin, resident, event);
    const restored = await admin.data.get("residents", created.id);
    expect(restored).toMatchObject({ status: "active", statusDate: "2025-02-01", admissionDate: "2025-02-01" });
    expect(restored.dischargeDate).toBeUndefined();
    const marked = await admin.data.get("residentEvents", event.id);
    expect(marked).toMatchObject({ type: "discharge", undoReason: "Entered for the wrong resident", undoneOn: today });
    await eventually(async () => {
      expect((await admin.data.get("rentAccounts", created.id)).balanceCents).toBe(billed);
    });
  });

  it(`refuses an undo more than ${UNDO_WINDOW_DAYS} days after the event was recorded`, async () => {
    const created = await admin.data.create("residents", residentInput());
    const { event, resident } = await discharge(admin, created, today);
    await ctx.harness.age("residentEvents", event.id, UNDO_WINDOW_DAYS + 1);
    const aged = await admin.data.get("residentEvents", event.id);
    const refused = await expectAppError(undo(admin, resident, aged), "VALIDATION");
    // The message is the field's (named `ops.0.undoReason` by the server's commit, `undoReason` elsewhere).
    expect(Object.values(refused.fields ?? {}).join()).toContain(`within ${UNDO_WINDOW_DAYS} days`);
    expect(await admin.data.get("residents", created.id)).toMatchObject({ status: "discharged" });
  });

  it("readmits after the discharge only, keeping the admission date and adding a stay", async () => {
    const created = await manager.data.create("residents", residentInput());
    const left = addDays(today, -20);
    const { resident } = await discharge(manager, created, left);
    const readmit = (date: string) =>
      manager.data.commit([
        {
          op: "create",
          collection: "residentEvents",
          data: { residentId: resident.id, facilityId: HOME, type: "readmission", date },
        },
        {
          op: "update",
          collection: "residents",
          id: resident.id,
          version: resident.version,
          patch: { status: "active", statusDate: date, statusReason: "", dischargeDate: null },
        },
      ]);
    const refused = await expectAppError(readmit(left), "VALIDATION");
    expect(Object.values(refused.fields ?? {})).toEqual([`The readmission must be after the discharge on ${left}`]);
    expect(await manager.data.get("residents", resident.id)).toMatchObject({ status: "discharged" });

    const back = addDays(left, 5);
    await readmit(back);
    const readmitted = await manager.data.get("residents", resident.id);
    expect(readmitted).toMatchObject({ status: "active", admissionDate: "2025-02-01", statusDate: back });
    expect(residentStays(readmitted, await eventsOf(manager, resident.id))).toEqual([
      { from: "2025-02-01", to: left },
      { from: back, to: null },
    ]);
  });
});
