// DataPort contract for the role policy (rules/access.rules of @care/core): a role gives each area
// none / read / write, the monthly rate is hidden from roles without rent, a change to a role applies
// to the next call, a reminder is snoozed by who may change what it is about, group-wide records need
// a user who sees every home, and the Administrator role and roles in use stay — the same on every
// harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import { ADMINISTRATOR_ROLE_ID, permissionsAt } from "@care/core/collections/roles.collection";
import type { TInputOf } from "@care/core/registry";
import { missingKey } from "@care/core/rules/compliance.rules";
import { rentKey, rotaKey } from "@care/core/rules/reminders.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

function residentInput(facilityId: string): TInputOf<"residents"> {
  return {
    facilityId,
    firstName: "Rosa",
    lastName: unique("Role"),
    dateOfBirth: "1938-05-01",
    gender: "female",
    admissionDate: "2024-01-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    monthlyRateCents: 420_000,
  };
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullResidentId: string;
  let newmanResidentId: string;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    tullResidentId = (await admin.data.create("residents", residentInput("tull"))).id;
    newmanResidentId = (await admin.data.create("residents", residentInput("newman"))).id;
    await admin.data.create("diagnoses", { residentId: tullResidentId, facilityId: "tull", name: "Hypertension" });
  });

  const it = ctx.itUsing(["auth", "data"]);

  it("a caregiver of one home reads and writes residents and medical records there, without money, staff or users", async () => {
    const { email, password } = await ctx.createUser(admin, { role: "caregiver", facilityIds: ["tull"] });
    const caregiver = await ctx.signedIn({ email, password });
    const resident = await caregiver.data.get("residents", tullResidentId);
    expect(resident.firstName).toBe("Rosa");
    expect(resident).not.toHaveProperty("monthlyRateCents");
    const { items } = await caregiver.data.list("residents", { where: { facilityId: "tull" } });
    expect(items.every((r) => !("monthlyRateCents" in r))).toBe(true);
    expect((await caregiver.data.list("diagnoses", { where: { residentId: tullResidentId } })).items).toHaveLength(1);
    await caregiver.data.create("allergies", {
      residentId: tullResidentId,
      facilityId: "tull",
      allergen: "Penicillin",
    });
    // Another home's resident stays out of sight (not found, not forbidden).
    await expectAppError(caregiver.data.get("residents", newmanResidentId), "NOT_FOUND");
    for (const collection of ["rentCharges", "payments", "rentAccounts", "staff", "users", "auditLog"] as const)
      await expectAppError(caregiver.data.list(collection, {}), "FORBIDDEN");
    // Setting the rate needs rent; an edit of other fields keeps the stored rate.
    const error = await expectAppError(
      caregiver.data.update("residents", tullResidentId, { monthlyRateCents: 1 }, resident.version),
      "FORBIDDEN",
    );
    expect(error.fields?.monthlyRateCents).toMatch(/rent/);
    await caregiver.data.update("residents", tullResidentId, { room: "12B" }, resident.version);
    expect((await admin.data.get("residents", tullResidentId)).monthlyRateCents).toBe(420_000);
    // Documents to read, not to change (refused before the record is even looked at).
    await caregiver.data.list("documents", { where: { subjectId: tullResidentId } });
    const document = { subject: "resident", subjectId: tullResidentId, facilityId: "tull" } as TInputOf<"documents">;
    await expectAppError(caregiver.data.create("documents", document), "FORBIDDEN");
  });

  it("a caregiver snoozes a missing document's reminder but cannot waive it (a waiver changes documents)", async () => {
    const typeId = unique("role-type");
    await admin.data.create("documentTypes", { subject: "resident", name: "Care plan" }, { id: typeId });
    const { email, password } = await ctx.createUser(admin, { role: "caregiver", facilityIds: ["tull"] });
    const caregiver = await ctx.signedIn({ email, password });
    const key = missingKey("resident", tullResidentId, typeId);
    const waiver = { facilityId: "tull", key, state: "waived", reason: "Not needed" } as const;
    await expectAppError(caregiver.data.create("reminderStates", waiver), "FORBIDDEN");
    const snoozed = await caregiver.data.create("reminderStates", {
      facilityId: "tull",
      key,
      state: "snoozed",
      snoozedUntil: "2099-01-01",
    });
    await expectAppError(
      caregiver.data.update(
        "reminderStates",
        snoozed.id,
        { state: "waived", reason: "Not needed", snoozedUntil: null },
        1,
      ),
      "FORBIDDEN",
    );
    await admin.data.update(
      "reminderStates",
      snoozed.id,
      { state: "waived", reason: "Not needed", snoozedUntil: null },
      1,
    );
  });

  it("a snooze needs write on what its reminder is about, and a key naming a reminder of the home", async () => {
    const { email, password } = await ctx.createUser(admin, { role: "caregiver", facilityIds: ["tull"] });
    const caregiver = await ctx.signedIn({ email, password });
    const snooze = (key: string) =>
      ({ facilityId: "tull", key, state: "snoozed", snoozedUntil: "2027-01-01" }) as const;
    // The office's rent reminder and the manager's rota reminder are not a caregiver's to silence.
    const rent = snooze(rentKey(tullResidentId, "2026-01-01"));
    await expectAppError(caregiver.data.create("reminderStates", rent), "FORBIDDEN");
    await expectAppError(caregiver.data.create("reminderStates", snooze(rotaKey("tull", "2026-01-05"))), "FORBIDDEN");
    // A key that names no reminder, or another home's rota, is not a state.
    for (const key of ["rent|" + tullResidentId, "anything|at|all", rotaKey("newman", "2026-01-05")])
      await expectAppError(admin.data.create("reminderStates", snooze(key)), "VALIDATION");
    // Nor is undoing the office's snooze.
    const { email: officeEmail, password: officePassword } = await ctx.createUser(admin, {
      role: "office",
      facilityIds: null,
    });
    const office = await ctx.signedIn({ email: officeEmail, password: officePassword });
    const snoozed = await office.data.create("reminderStates", rent);
    await expectAppError(caregiver.data.remove("reminderStates", snoozed.id, snoozed.version), "FORBIDDEN");
    await office.data.remove("reminderStates", snoozed.id, snoozed.version);
  });

  it("an office user reads residents, with their rate, but cannot change them or read medical records", async () => {
    const { email, password } = await ctx.createUser(admin, { role: "office", facilityIds: null });
    const office = await ctx.signedIn({ email, password });
    expect((await office.data.get("residents", tullResidentId)).monthlyRateCents).toBe(420_000);
    await expectAppError(office.data.create("residents", residentInput("tull")), "FORBIDDEN");
    await expectAppError(office.data.list("diagnoses", {}), "FORBIDDEN");
    await office.data.list("rentCharges", { where: { residentId: tullResidentId } });
  });

  it("a change to a role applies to its users' next call", async () => {
    const roleId = unique("night-nurse");
    await admin.data.create(
      "roles",
      { name: "Night nurse", permissions: { ...permissionsAt("none"), residents: "read" } },
      { id: roleId },
    );
    const { email, password } = await ctx.createUser(admin, { role: roleId, facilityIds: ["tull"] });
    const nurse = await ctx.signedIn({ email, password });
    await expectAppError(nurse.data.list("diagnoses", {}), "FORBIDDEN");
    const role = await admin.data.get("roles", roleId);
    await admin.data.update(
      "roles",
      roleId,
      { permissions: { ...permissionsAt("none"), residents: "read", medical: "read" } },
      role.version,
    );
    expect((await nurse.data.list("diagnoses", { where: { residentId: tullResidentId } })).items).toHaveLength(1);
    // The open app learns it too: a refresh of the session carries the role's new permissions.
    const heard: string[] = [];
    const stop = nurse.auth.onChange((state) => heard.push(state?.permissions.medical ?? "signed out"));
    await nurse.auth.refresh();
    expect(nurse.auth.current()?.permissions.medical).toBe("read");
    expect(heard.at(-1)).toBe("read");
    stop();
  });

  it("keeps group-wide records (roles, document types) to users who see every home", async () => {
    const { email, password } = await ctx.createUser(admin, { role: ADMINISTRATOR_ROLE_ID, facilityIds: ["tull"] });
    const limited = await ctx.signedIn({ email, password });
    await expectAppError(
      limited.data.create("roles", { name: "Sneaky", permissions: permissionsAt("write") }, { id: unique("sneaky") }),
      "FORBIDDEN",
    );
    const [type] = (await limited.data.list("documentTypes", { limit: 1 })).items;
    await expectAppError(
      limited.data.update("documentTypes", type!.id, { name: "Changed" }, type!.version),
      "FORBIDDEN",
    );
  });

  it("keeps the Administrator role whole, and a role in use", async () => {
    const administrator = await admin.data.get("roles", ADMINISTRATOR_ROLE_ID);
    await expectAppError(
      admin.data.update(
        "roles",
        ADMINISTRATOR_ROLE_ID,
        { permissions: { ...permissionsAt("write"), users: "read" } },
        administrator.version,
      ),
      "VALIDATION",
    );
    await expectAppError(admin.data.remove("roles", ADMINISTRATOR_ROLE_ID, administrator.version), "VALIDATION");
    // Nor in a commit of several writes.
    await expectAppError(
      admin.data.commit([
        { op: "remove", collection: "roles", id: ADMINISTRATOR_ROLE_ID, version: administrator.version },
      ]),
      "VALIDATION",
    );
    expect(await admin.data.get("roles", ADMINISTRATOR_ROLE_ID)).toEqual(administrator);
    const roleId = unique("in-use");
    const role = await admin.data.create(
      "roles",
      { name: "In use", permissions: permissionsAt("read") },
      { id: roleId },
    );
    await ctx.createUser(admin, { role: roleId, facilityIds: ["tull"] });
    await expectAppError(admin.data.remove("roles", roleId, role.version), "CONFLICT");
    const unused = await admin.data.create(
      "roles",
      { name: "Unused", permissions: permissionsAt("read") },
      { id: unique("unused") },
    );
    await admin.data.remove("roles", unused.id, unused.version);
    await expectAppError(admin.data.get("roles", unused.id), "NOT_FOUND");
  });
});
