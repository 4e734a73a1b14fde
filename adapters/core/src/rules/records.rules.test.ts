import { describe, expect, it } from "vitest";
import { AppError } from "../app-error.ts";
import { residentsCollection } from "../collections/residents.collection.ts";
import { usersCollection } from "../collections/users.collection.ts";
import type { CollectionDef } from "../collection.ts";
import { collections } from "../registry.ts";
import { stampCaller, validateCreate, validateUpdate } from "./records.rules.ts";

const stored = {
  ...validateCreate(residentsCollection, {
    facilityId: "tull",
    firstName: "Ada",
    lastName: "Byrne",
    room: "12",
    dateOfBirth: "1940-02-03",
    gender: "female",
    status: "discharged",
    statusDate: "2026-03-04",
    admissionDate: "2025-01-10",
    dischargeDate: "2026-03-04",
    ambulatoryStatus: "ambulatory",
    codeStatus: "dnr",
    monthlyRateCents: 450000,
  }),
  id: "r1",
  version: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  archivedAt: null,
};

function thrown(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("Expected an AppError");
}

describe("validateUpdate", () => {
  it("merges a patch into the stored fields, without the metadata", () => {
    const merged = validateUpdate(residentsCollection, stored, { room: "14" });
    expect(merged).toMatchObject({ room: "14", lastName: "Byrne", monthlyRateCents: 450000 });
    expect(merged).not.toHaveProperty("version");
  });

  it("removes an optional field patched with null (date, number, text)", () => {
    const merged = validateUpdate(residentsCollection, stored, {
      status: "active",
      dischargeDate: null,
      monthlyRateCents: null,
      room: null,
    });
    expect(merged.status).toBe("active");
    expect(merged).not.toHaveProperty("dischargeDate");
    expect(merged).not.toHaveProperty("monthlyRateCents");
    expect(merged).not.toHaveProperty("room");
  });

  it("checks the record without the removed field, so cross-field rules still hold", () => {
    const error = thrown(() => validateUpdate(residentsCollection, stored, { dischargeDate: null }));
    expect(error.code).toBe("VALIDATION");
    expect(error.fields).toEqual({ dischargeDate: "Give the date of discharge or death" });
  });

  it("voids a payment recorded with a date today's rules refuse (fixed fields are judged as stored), the rest still checked", () => {
    // Recorded before payments were kept within a year ahead: a typo of the year, the very thing to void.
    const typo = {
      residentId: "r1",
      facilityId: "tull",
      receivedOn: "2099-01-01",
      amountCents: 1000,
      method: "check",
      kind: "payment",
      status: "recorded",
    };
    const voided = validateUpdate(collections.payments, typo, { status: "voided", voidReason: "Wrong year" });
    expect(voided).toMatchObject({ status: "voided", voidReason: "Wrong year", receivedOn: "2099-01-01" });
    const error = thrown(() => validateUpdate(collections.payments, typo, { status: "voided" }));
    expect(error.fields).toEqual({ voidReason: "Give the reason for voiding" });
    // A new payment with that date is refused as before.
    expect(thrown(() => validateCreate(collections.payments, typo)).fields).toEqual({
      receivedOn: "A payment can be dated at most a year ahead",
    });
  });

  it("refuses null on a required field with that field's message", () => {
    const error = thrown(() => validateUpdate(residentsCollection, stored, { lastName: null }));
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields ?? {})).toEqual(["lastName"]);
  });

  it("keeps null as a value for fields whose schema allows it (a user's every-facility access)", () => {
    const user = { email: "a@example.test", role: "house-manager", facilityIds: ["tull"] };
    const merged = validateUpdate(usersCollection, validateCreate(usersCollection, user), { facilityIds: null });
    expect(merged.facilityIds).toBeNull();
  });

  it("refuses unknown and metadata keys", () => {
    const error = thrown(() => validateUpdate(residentsCollection, stored, { version: 9, colour: "red" }));
    expect(error.fields).toEqual({ version: "This field cannot be changed", colour: "This field cannot be changed" });
  });
});

describe("stampCaller", () => {
  const vitals = collections.vitals as CollectionDef;
  const user = { id: "u1", displayName: "Ana Diaz", email: "ana@example.com" };

  it("sets who recorded a new entry from the caller, whatever the client sent", () => {
    expect(stampCaller(vitals, { pulse: 70, recordedBy: "Someone", recordedByUserId: "u9" }, user)).toEqual({
      pulse: 70,
      recordedBy: "Ana Diaz",
      recordedByUserId: "u1",
    });
    expect(stampCaller(vitals, { pulse: 70 }, { ...user, displayName: null })).toMatchObject({
      recordedBy: "ana@example.com",
    });
  });

  it("keeps the stored names on an update, an older entry's typed text too", () => {
    const before = { pulse: 70, recordedBy: "Nurse Joy" };
    expect(stampCaller(vitals, { pulse: 72, recordedBy: "Me", recordedByUserId: "u1" }, user, before)).toEqual({
      pulse: 72,
      recordedBy: "Nurse Joy",
    });
  });

  it("leaves collections without caller fields alone", () => {
    expect(stampCaller(collections.allergies as CollectionDef, { allergen: "Nuts" }, user)).toEqual({
      allergen: "Nuts",
    });
  });
});
