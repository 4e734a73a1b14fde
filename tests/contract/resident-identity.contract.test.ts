// DataPort contract for a resident's identity numbers on the face sheet: the insurance carrier and member
// number, the Medicare number (MBI) and the Medi-Cal number (CIN). They are medical fields: kept as typed
// without dashes, refused with a message on the field when malformed, and never shown to a role without
// medical read — the same on every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import type { TInputOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

function residentInput(overrides: Partial<TInputOf<"residents">> = {}): TInputOf<"residents"> {
  return {
    facilityId: "tull",
    firstName: "Iris",
    lastName: unique("Numbers"),
    dateOfBirth: "1936-02-01",
    gender: "female",
    admissionDate: "2024-01-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    ...overrides,
  };
}

const NUMBERS = {
  insuranceCarrier: "Blue Shield of California",
  insuranceMemberNumber: "XEH 123456789",
  medicareNumber: "1eg4-te5-mk73",
  mediCalNumber: "91234567a",
} as const;

await runContract("data", (ctx) => {
  let admin: TPorts;

  beforeAll(async () => {
    admin = await ctx.signedIn();
  });

  const it = ctx.itUsing(["auth", "data"]);

  it("keeps the insurance, Medicare and Medi-Cal numbers, the card's dashes dropped and letters upper case", async () => {
    const resident = await admin.data.create("residents", residentInput(NUMBERS));
    const kept = {
      insuranceCarrier: "Blue Shield of California",
      insuranceMemberNumber: "XEH 123456789",
      medicareNumber: "1EG4TE5MK73",
      mediCalNumber: "91234567A",
    };
    expect(resident).toMatchObject(kept);
    expect(await admin.data.get("residents", resident.id)).toMatchObject(kept);
    // Cleared, they are gone.
    const cleared = await admin.data.update(
      "residents",
      resident.id,
      { medicareNumber: "", mediCalNumber: null, insuranceCarrier: null, insuranceMemberNumber: null } as never,
      resident.version,
    );
    for (const field of Object.keys(kept)) expect(cleared).not.toHaveProperty(field);
    const read = await admin.data.get("residents", resident.id);
    for (const field of Object.keys(kept)) expect(read).not.toHaveProperty(field);
  });

  it("refuses a malformed Medicare or Medi-Cal number and a too long insurance entry, with a message on the field", async () => {
    const error = await expectAppError(
      admin.data.create(
        "residents",
        residentInput({
          // An S is never in an MBI (CMS leaves out S, L, O, I, B and Z); a CIN ends in one letter.
          medicareNumber: "1SG4-TE5-MK73",
          mediCalNumber: "912345678",
          insuranceMemberNumber: "9".repeat(61),
        }),
      ),
      "VALIDATION",
    );
    expect(error.fields).toMatchObject({
      medicareNumber: expect.stringContaining("11 letters and digits") as unknown,
      mediCalNumber: expect.stringContaining("8 digits and a letter") as unknown,
      insuranceMemberNumber: "At most 60 characters",
    });
    const resident = await admin.data.create("residents", residentInput());
    await expectAppError(
      admin.data.update("residents", resident.id, { medicareNumber: "1EG4TE5MK7" }, resident.version),
      "VALIDATION",
    );
  });

  it("shows the numbers only to a role with medical read", async () => {
    const roleId = unique("front-desk");
    await admin.data.create(
      "roles",
      { name: "Front desk", permissions: { ...permissionsAt("none"), residents: "write" } },
      { id: roleId },
    );
    const desk = await ctx.signedIn(await ctx.createUser(admin, { role: roleId, facilityIds: null }));
    const resident = await admin.data.create("residents", residentInput(NUMBERS));
    const seen = await desk.data.get("residents", resident.id);
    expect(seen.lastName).toBe(resident.lastName);
    for (const field of Object.keys(NUMBERS)) expect(seen).not.toHaveProperty(field);
    const listed = await desk.data.list("residents", { where: { facilityId: "tull" }, limit: 500 });
    const row = listed.items.find((r) => r.id === resident.id);
    for (const field of Object.keys(NUMBERS)) expect(row).not.toHaveProperty(field);
    // An everyday edit by that role leaves the numbers as they were.
    await desk.data.update("residents", resident.id, { room: "7" }, seen.version);
    expect(await admin.data.get("residents", resident.id)).toMatchObject({ room: "7", medicareNumber: "1EG4TE5MK73" });
  });
});
