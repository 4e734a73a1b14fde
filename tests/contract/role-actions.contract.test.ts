// DataPort contract for per-action permissions (rules/role-actions.rules of @care/core): residents write
// is a caregiver's everyday edit, while discharging, recording a death, transferring, archiving and
// changing a resident's code status need the role's action; a role gives only the actions its giver
// holds, the Administrator role keeps every action, and a user holding everything may rename their own
// role — the same on every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import { ACTIONS, ADMINISTRATOR_ROLE_ID, permissionsAt } from "@care/core/collections/roles.collection";
import type { TInputOf, TPatchOf, TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

function residentInput(): TInputOf<"residents"> {
  return {
    facilityId: "tull",
    firstName: "Iris",
    lastName: unique("Action"),
    dateOfBirth: "1936-02-01",
    gender: "female",
    admissionDate: "2024-01-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
  };
}

/** What a change of code status rests on: a source document, its date and a reason. */
const BASIS = {
  codeStatusSource: "physician_order",
  codeStatusSourceDate: "2026-01-05",
  codeStatusReason: "Physician's DNR order after a family meeting",
} as const;

const discharged = { status: "discharged", dischargeDate: "2026-01-10", statusDate: "2026-01-10" } as const;
const deceased = { status: "deceased", dischargeDate: "2026-01-10", statusDate: "2026-01-10" } as const;

await runContract("data", (ctx) => {
  let admin: TPorts;

  beforeAll(async () => {
    admin = await ctx.signedIn();
  });

  const it = ctx.itUsing(["auth", "data"]);

  /** A user of `role` who sees every home (so only the action, never the home, can refuse them). */
  async function userOf(role: string): Promise<TPorts> {
    return ctx.signedIn(await ctx.createUser(admin, { role, facilityIds: null }));
  }

  /** Tries each of the five steps on a fresh resident of the admin's; what each answered. */
  async function tryEach(user: TPorts): Promise<Record<string, string>> {
    const fresh = async () => admin.data.create("residents", residentInput());
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => "done",
        (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
      );
    const attempt = async (write: (resident: TRecordOf<"residents">) => Promise<unknown>) => write(await fresh());
    return {
      discharge: await outcome(attempt((r) => user.data.update("residents", r.id, discharged, r.version))),
      dischargeEvent: await outcome(
        attempt((r) =>
          user.data.create("residentEvents", {
            residentId: r.id,
            facilityId: "tull",
            type: "discharge",
            date: "2026-01-10",
          }),
        ),
      ),
      recordDeath: await outcome(attempt((r) => user.data.update("residents", r.id, deceased, r.version))),
      deathEvent: await outcome(
        attempt((r) =>
          user.data.create("residentEvents", {
            residentId: r.id,
            facilityId: "tull",
            type: "death",
            date: "2026-01-10",
          }),
        ),
      ),
      transferResident: await outcome(
        attempt((r) =>
          user.data.transfer({
            subject: "resident",
            id: r.id,
            version: r.version,
            toFacilityId: "newman",
            date: "2026-01-10",
          }),
        ),
      ),
      archiveResident: await outcome(attempt((r) => user.data.remove("residents", r.id, r.version))),
      changeCodeStatus: await outcome(
        attempt((r) => user.data.update("residents", r.id, { codeStatus: "dnr", ...BASIS }, r.version)),
      ),
    };
  }

  it("refuses the default Caregiver each of the five, naming the action, and lets them edit a resident", async () => {
    const caregiver = await userOf("caregiver");
    expect(await tryEach(caregiver)).toEqual({
      discharge: "FORBIDDEN: Your role may not discharge residents.",
      dischargeEvent: "FORBIDDEN: Your role may not discharge residents.",
      recordDeath: "FORBIDDEN: Your role may not record a resident's death.",
      deathEvent: "FORBIDDEN: Your role may not record a resident's death.",
      transferResident: "FORBIDDEN: Your role may not transfer residents to another home.",
      archiveResident: "FORBIDDEN: Your role may not archive residents.",
      changeCodeStatus: "FORBIDDEN: Your role may not change a resident's code status.",
    });
    // Everyday edits stay theirs, a code status given at admission among them.
    const created = await caregiver.data.create("residents", { ...residentInput(), codeStatus: "polst" });
    const edited = await caregiver.data.update("residents", created.id, { room: "3", status: "hospital" }, 1);
    expect(edited).toMatchObject({ room: "3", status: "hospital", codeStatus: "polst" });
    await caregiver.data.create("residentEvents", {
      residentId: created.id,
      facilityId: "tull",
      type: "hospital",
      date: "2026-01-10",
    });
  });

  it("keeps a recorded death from a role without the action: not undone, its dates and event not edited or removed", async () => {
    const caregiver = await userOf("caregiver");
    const created = await admin.data.create("residents", residentInput());
    const dead = await admin.data.update("residents", created.id, deceased, created.version);
    const event = await admin.data.create("residentEvents", {
      residentId: created.id,
      facilityId: "tull",
      type: "death",
      date: "2026-01-10",
    });
    const refused = "Your role may not record a resident's death.";
    for (const patch of [
      { status: "active" as const, dischargeDate: null },
      { dischargeDate: "2026-01-12" },
      { statusReason: "x" },
    ]) {
      const error = await expectAppError(caregiver.data.update("residents", dead.id, patch, dead.version), "FORBIDDEN");
      expect(error.message).toBe(refused);
    }
    for (const patch of [{ date: "2026-01-12" }, { type: "hospital" }] as const) {
      const error = await expectAppError(
        caregiver.data.update("residentEvents", event.id, patch, event.version),
        "FORBIDDEN",
      );
      expect(error.message).toBe(refused);
    }
    await expectAppError(caregiver.data.remove("residentEvents", event.id, event.version), "FORBIDDEN");
    expect(await admin.data.get("residents", dead.id)).toMatchObject({
      status: "deceased",
      dischargeDate: "2026-01-10",
    });
    expect(await admin.data.get("residentEvents", event.id)).toMatchObject({ type: "death", date: "2026-01-10" });
  });

  it("records moves only by a transfer and readmissions only with the discharge action; no discharge date without one", async () => {
    const caregiver = await userOf("caregiver");
    const resident = await admin.data.create("residents", residentInput());
    const event = (type: "transfer_out" | "transfer_in" | "readmission") =>
      caregiver.data.create("residentEvents", {
        residentId: resident.id,
        facilityId: "tull",
        type,
        date: "2026-01-10",
      });
    for (const type of ["transfer_out", "transfer_in"] as const)
      expect((await expectAppError(event(type), "FORBIDDEN")).message).toBe(
        "Your role may not transfer residents to another home.",
      );
    expect((await expectAppError(event("readmission"), "FORBIDDEN")).message).toBe(
      "Your role may not discharge residents.",
    );
    // A discharge date on a resident living there is a planned discharge: the discharge action's too.
    const error = await expectAppError(
      caregiver.data.update("residents", resident.id, { dischargeDate: "2026-01-10" }, resident.version),
      "FORBIDDEN",
    );
    expect(error.message).toBe("Your role may not discharge residents.");
  });

  it("lets a House manager do each of the five", async () => {
    const manager = await userOf("house-manager");
    const answers = await tryEach(manager);
    for (const answer of Object.values(answers)) expect(answer).toBe("done");
  });

  it("changes a code status only with its source document, the document's date and a reason, each change anew", async () => {
    const manager = await userOf("house-manager");
    const resident = await admin.data.create("residents", residentInput());
    const bare = await expectAppError(
      manager.data.update("residents", resident.id, { codeStatus: "dnr" }, resident.version),
      "VALIDATION",
    );
    expect(bare.fields).toEqual({
      codeStatusSource: "Give the document the new code status rests on",
      codeStatusSourceDate: "Give the date of that document",
      codeStatusReason: "Give the reason for this change",
    });
    const future = await expectAppError(
      manager.data.update(
        "residents",
        resident.id,
        { codeStatus: "dnr", ...BASIS, codeStatusSourceDate: "2999-01-01" },
        resident.version,
      ),
      "VALIDATION",
    );
    expect(future.fields?.codeStatusSourceDate).toBe("The document's date cannot be in the future");
    const changed = await manager.data.update(
      "residents",
      resident.id,
      { codeStatus: "dnr", ...BASIS },
      resident.version,
    );
    expect(changed).toMatchObject({ codeStatus: "dnr", ...BASIS });
    expect(await admin.data.get("residents", resident.id)).toMatchObject({ codeStatus: "dnr", ...BASIS });
    // Another change needs its own reason: the last one's does not stand for it.
    const again = await expectAppError(
      manager.data.update("residents", resident.id, { codeStatus: "polst" }, changed.version),
      "VALIDATION",
    );
    expect(again.fields).toEqual({ codeStatusReason: "Give the reason for this change" });
    const polst = await manager.data.update(
      "residents",
      resident.id,
      { codeStatus: "polst", codeStatusSource: "polst_form", codeStatusReason: "POLST signed with the physician" },
      changed.version,
    );
    expect(polst).toMatchObject({ codeStatus: "polst", codeStatusSource: "polst_form" });
    // Other edits need no basis; the code status set at admission needs none either.
    const moved = await manager.data.update("residents", resident.id, { room: "12" }, polst.version);
    expect(moved).toMatchObject({ room: "12", codeStatus: "polst" });
  });

  it("keeps what a code status rests on from a role without the action: its document, date and reason", async () => {
    const caregiver = await userOf("caregiver");
    const manager = await userOf("house-manager");
    const resident = await admin.data.create("residents", residentInput());
    const dnr = await manager.data.update("residents", resident.id, { codeStatus: "dnr", ...BASIS }, resident.version);
    const patches: TPatchOf<"residents">[] = [
      { codeStatusSource: "request", codeStatusSourceDate: "2026-11-01", codeStatusReason: "rewritten" },
      { codeStatusReason: "rewritten" },
      { codeStatusSource: null },
    ];
    for (const patch of patches) {
      const refused = await expectAppError(
        caregiver.data.update("residents", resident.id, patch, dnr.version),
        "FORBIDDEN",
      );
      expect(refused.message).toBe("Your role may not change a resident's code status.");
    }
    expect(await admin.data.get("residents", resident.id)).toMatchObject({ codeStatus: "dnr", ...BASIS });
    // Giving a basis to a resident admitted without one is a change too; admitting with one is not.
    const bare = await caregiver.data.create("residents", residentInput());
    await expectAppError(caregiver.data.update("residents", bare.id, BASIS, bare.version), "FORBIDDEN");
    await caregiver.data.create("residents", { ...residentInput(), codeStatus: "dnr", ...BASIS });
    // Other edits stay the caregiver's; a House manager corrects the basis.
    expect(await caregiver.data.update("residents", resident.id, { room: "7" }, dnr.version)).toMatchObject({
      room: "7",
      ...BASIS,
    });
    const fixed = await manager.data.update(
      "residents",
      resident.id,
      { codeStatusReason: "Typo fixed" },
      dnr.version + 1,
    );
    expect(fixed).toMatchObject({ codeStatus: "dnr", codeStatusReason: "Typo fixed" });
  });

  it("refuses a group's role with residents write but no actions, and allows it each action it is given", async () => {
    const roleId = unique("night-aide");
    await admin.data.create(
      "roles",
      { name: "Night aide", permissions: { ...permissionsAt("none"), residents: "write", medical: "write" } },
      { id: roleId },
    );
    const aide = await userOf(roleId);
    const answers = await tryEach(aide);
    for (const answer of Object.values(answers)) expect(answer).toMatch(/^FORBIDDEN: Your role may not/);
    const role = await admin.data.get("roles", roleId);
    expect(role.actions).toEqual([]);
    await admin.data.update("roles", roleId, { actions: ["discharge"] }, role.version);
    const resident = await admin.data.create("residents", residentInput());
    await aide.data.update("residents", resident.id, discharged, resident.version);
  });

  it("gives a role only the actions its giver holds", async () => {
    // A manager of users who holds no action: may give roles without actions, not with one.
    const roleId = unique("user-manager");
    await admin.data.create(
      "roles",
      { name: "User manager", permissions: { ...permissionsAt("write") }, actions: ["discharge"] },
      { id: roleId },
    );
    const manager = await userOf(roleId);
    await manager.data.create(
      "roles",
      { name: "Helper", permissions: { ...permissionsAt("none"), residents: "write" }, actions: ["discharge"] },
      { id: unique("helper") },
    );
    const error = await expectAppError(
      manager.data.create(
        "roles",
        { name: "Mortician", permissions: permissionsAt("none"), actions: ["recordDeath"] },
        { id: unique("mortician") },
      ),
      "FORBIDDEN",
    );
    expect(error.fields?.actions).toBeDefined();
    // Nor a user a role holding an action they lack (the house manager holds all five).
    await expectAppError(ctx.createUser(manager, { role: "house-manager", facilityIds: null }), "FORBIDDEN");
    await ctx.createUser(manager, { role: "caregiver", facilityIds: null });
  });

  it("keeps every action on the Administrator role, and lets a user holding everything rename it", async () => {
    const administrator = await admin.data.get("roles", ADMINISTRATOR_ROLE_ID);
    expect(administrator.actions).toEqual([...ACTIONS]);
    const error = await expectAppError(
      admin.data.update(
        "roles",
        ADMINISTRATOR_ROLE_ID,
        { actions: ACTIONS.filter((action) => action !== "discharge") },
        administrator.version,
      ),
      "VALIDATION",
    );
    expect(error.fields?.actions).toBeDefined();
    // The harness's admin holds every permission and action on every home: their own role's name is theirs.
    const renamed = await admin.data.update(
      "roles",
      ADMINISTRATOR_ROLE_ID,
      { name: "Owner", description: "Runs the group." },
      administrator.version,
    );
    expect(renamed).toMatchObject({ name: "Owner", actions: [...ACTIONS] });
    await admin.data.update("roles", ADMINISTRATOR_ROLE_ID, { name: "Administrator" }, renamed.version);
    // An administrator limited to some homes still may not edit their own role.
    const limited = await ctx.signedIn(
      await ctx.createUser(admin, { role: ADMINISTRATOR_ROLE_ID, facilityIds: ["tull"] }),
    );
    const current = await admin.data.get("roles", ADMINISTRATOR_ROLE_ID);
    await expectAppError(
      limited.data.update("roles", ADMINISTRATOR_ROLE_ID, { name: "Mine" }, current.version),
      "FORBIDDEN",
    );
  });
});
