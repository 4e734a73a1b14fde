import { describe, expect, it } from "vitest";
import { ACTIONS, FIRST_ACTIONS } from "../collections/actions.ts";
import { residentEventsCollection, residentsCollection } from "../collections/residents.collection.ts";
import { testSessionUser } from "./access.test-support.ts";
import { actionRefusal, actionsNeeded, actionsOfStoredRole } from "./role-actions.rules.ts";

describe("actionsOfStoredRole", () => {
  it("keeps a role's own list, known actions only", () => {
    expect(actionsOfStoredRole("caregiver", { actions: ["discharge", "fly"] })).toEqual(["discharge"]);
    expect(actionsOfStoredRole("night-nurse", { permissions: { residents: "write" }, actions: [] })).toEqual([]);
  });

  it("gives a shipped role stored without actions its least-privilege default", () => {
    const writer = { permissions: { residents: "write" } };
    expect(actionsOfStoredRole("administrator", writer)).toEqual([...ACTIONS]);
    expect(actionsOfStoredRole("house-manager", writer)).toEqual([...FIRST_ACTIONS]);
    expect(actionsOfStoredRole("caregiver", writer)).toEqual([]);
    expect(actionsOfStoredRole("office", { permissions: { residents: "read" } })).toEqual([]);
  });

  it("gives a group's own role what it could do before: every action with residents write, else none", () => {
    expect(actionsOfStoredRole("night-nurse", { permissions: { residents: "write" } })).toEqual([...FIRST_ACTIONS]);
    expect(actionsOfStoredRole("reader", { permissions: { residents: "read" } })).toEqual([]);
    expect(actionsOfStoredRole("empty", {})).toEqual([]);
  });
});

describe("actionRefusal", () => {
  const before = { status: "active", codeStatus: "full_code" };
  const caregiver = testSessionUser("caregiver", null);
  const manager = testSessionUser("house-manager", null);

  it("asks an action of the declared writes only", () => {
    const update = (after: Record<string, unknown>) =>
      ({ kind: "update", before, after: { ...before, ...after } }) as const;
    expect(actionsNeeded(residentsCollection, update({ status: "discharged" }))).toEqual(["discharge"]);
    expect(actionsNeeded(residentsCollection, update({ status: "deceased", codeStatus: "dnr" }))).toEqual([
      "recordDeath",
      "changeCodeStatus",
    ]);
    expect(actionsNeeded(residentsCollection, update({ status: "hospital", room: "2" }))).toEqual([]);
    // A code status given at admission, and a record staying discharged, need nothing.
    expect(actionsNeeded(residentsCollection, { kind: "create", after: { codeStatus: "dnr" } })).toEqual([]);
    const discharged = { ...before, status: "discharged" };
    expect(
      actionsNeeded(residentsCollection, { kind: "update", before: discharged, after: { ...discharged, notes: "x" } }),
    ).toEqual([]);
    expect(actionsNeeded(residentsCollection, { kind: "remove", before: { status: "active" } })).toEqual([
      "archiveResident",
    ]);
    expect(actionsNeeded(residentsCollection, { kind: "transfer" })).toEqual(["transferResident"]);
    expect(actionsNeeded(residentEventsCollection, { kind: "create", after: { type: "death" } })).toEqual([
      "recordDeath",
    ]);
  });

  it("guards a planned discharge's date and an event's undo with their actions", () => {
    const planned = (after: Record<string, unknown>) =>
      ({ kind: "update", before, after: { ...before, ...after } }) as const;
    expect(actionsNeeded(residentsCollection, planned({ dischargeDate: "2026-12-20" }))).toEqual(["discharge"]);
    expect(
      actionsNeeded(
        residentsCollection,
        planned({ status: "deceased", statusDate: "2026-11-20", dischargeDate: "2026-11-20" }),
      ),
    ).toEqual(["recordDeath"]);
    const event = { type: "leave", residentId: "r1", facilityId: "tull", date: "2026-11-20" };
    expect(
      actionsNeeded(residentEventsCollection, {
        kind: "update",
        before: event,
        after: { ...event, undoReason: "Mistake" },
      }),
    ).toEqual(["undoStatusEvent"]);
  });

  it("guards a discharge or death once recorded: undoing it, its dates and reason, removing its event", () => {
    const dead = { ...before, status: "deceased", statusDate: "2026-11-20", dischargeDate: "2026-11-20" };
    const update = (after: Record<string, unknown>) =>
      ({ kind: "update", before: dead, after: { ...dead, ...after } }) as const;
    expect(actionsNeeded(residentsCollection, update({ status: "active" }))).toEqual(["recordDeath"]);
    expect(actionsNeeded(residentsCollection, update({ dischargeDate: "2026-11-25" }))).toEqual(["recordDeath"]);
    expect(actionsNeeded(residentsCollection, update({ statusReason: "edited" }))).toEqual(["recordDeath"]);
    const event = { type: "death", residentId: "r1", facilityId: "tull", date: "2026-11-20" };
    const edit = (after: Record<string, unknown>) =>
      ({ kind: "update", before: event, after: { ...event, ...after } }) as const;
    expect(actionsNeeded(residentEventsCollection, edit({ date: "2026-11-27" }))).toEqual(["recordDeath"]);
    expect(actionsNeeded(residentEventsCollection, edit({ type: "hospital" }))).toEqual(["recordDeath"]);
    expect(actionsNeeded(residentEventsCollection, { kind: "remove", before: event })).toEqual(["recordDeath"]);
    // A move is recorded by the transfer alone, a readmission by who may discharge.
    for (const type of ["transfer_out", "transfer_in"])
      expect(actionsNeeded(residentEventsCollection, { kind: "create", after: { type } })).toEqual([
        "transferResident",
      ]);
    expect(actionsNeeded(residentEventsCollection, { kind: "create", after: { type: "readmission" } })).toEqual([
      "discharge",
    ]);
    expect(actionsNeeded(residentEventsCollection, { kind: "create", after: { type: "hospital" } })).toEqual([]);
  });

  it("refuses a role without the action, naming it; a role holding it passes", () => {
    const write = { kind: "create", after: { type: "discharge" } } as const;
    expect(actionRefusal(caregiver, residentEventsCollection, write)).toMatchObject({
      code: "FORBIDDEN",
      message: "Your role may not discharge residents.",
    });
    expect(actionRefusal(manager, residentEventsCollection, write)).toBeNull();
    expect(actionRefusal({}, residentsCollection, { kind: "remove", before: { status: "active" } })?.message).toBe(
      "Your role may not archive residents.",
    );
  });
});
