import { describe, expect, it } from "vitest";
import { residentsCollection, ZResident } from "@care/core/collections/residents.collection";
import { validateUpdate } from "@care/core/rules/records.rules";
import type { TRecordOf } from "@care/core/registry";
import {
  admissionFromReferral,
  EDITED_FIELDS,
  editPatch,
  fieldPaths,
  newResidentValues,
  residentToValues,
  type TResidentRecord,
} from "./resident-form-values.ts";
import { differingFields } from "../../lib/records/field-values.ts";

const stored: TResidentRecord = {
  ...ZResident.parse({
    facilityId: "tull",
    firstName: "Ada",
    lastName: "Byrne",
    preferredName: "Addie",
    dateOfBirth: "1940-02-03",
    gender: "female",
    status: "discharged",
    statusDate: "2026-01-05",
    dischargeDate: "2026-01-05",
    admissionDate: "2025-01-10",
    ambulatoryStatus: "ambulatory",
    codeStatus: "dnr",
    emergencyContacts: [{ name: "Sam Byrne", relationship: "Son", phone: "(559) 555-0101" }],
    monthlyRateCents: 450000,
  }),
  id: "r1",
  version: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  archivedAt: null,
};

describe("resident form values", () => {
  it("round-trips a stored resident through the form and the shared schema", () => {
    const values = residentToValues(stored);
    const parsed = ZResident.parse(values);
    expect(parsed.preferredName).toBe("Addie");
    expect(parsed.emergencyContacts[0]).toMatchObject({ name: "Sam Byrne", email: undefined, responsibleParty: false });
    expect(differingFields(values, residentToValues(stored), EDITED_FIELDS)).toEqual([]);
  });

  it("an edit never sends the status fields and sends emptied optional fields as null", () => {
    const values = ZResident.parse({
      ...residentToValues(stored),
      preferredName: "",
      room: "7",
      monthlyRateCents: undefined,
    });
    const patch = editPatch(values);
    expect(patch).not.toHaveProperty("status");
    expect(patch).not.toHaveProperty("dischargeDate");
    expect(patch).not.toHaveProperty("referralLogId");
    expect(patch.preferredName).toBeNull();
    expect(patch.monthlyRateCents).toBeNull();
    expect(patch.room).toBe("7");
    // Null survives JSON, and applied to the stored record it clears the name and the rate.
    const sent = JSON.parse(JSON.stringify(patch)) as typeof patch;
    const merged = validateUpdate(residentsCollection, stored, sent);
    expect(merged).not.toHaveProperty("preferredName");
    expect(merged).not.toHaveProperty("monthlyRateCents");
    expect(merged.room).toBe("7");
  });

  it("names the fields two versions disagree on, contacts included", () => {
    const mine = { ...residentToValues(stored), room: "9" };
    const theirs = residentToValues({
      ...stored,
      diet: "Low sodium",
      emergencyContacts: [{ ...stored.emergencyContacts[0]!, phone: "(559) 555-0199" }],
    });
    expect(differingFields(mine, theirs, EDITED_FIELDS).sort()).toEqual(["diet", "emergencyContacts", "room"]);
  });

  it("a new resident's empty form fails validation on the required fields only", () => {
    const result = ZResident.safeParse(newResidentValues("tull", "2026-02-01"));
    expect(result.success).toBe(false);
    const paths = new Set(result.error!.issues.map((i) => i.path.join(".")));
    expect(paths).toEqual(
      new Set([
        "firstName",
        "lastName",
        "dateOfBirth",
        "gender",
        "ambulatoryStatus",
        "codeStatus",
        "emergencyContacts.0.name",
        "emergencyContacts.0.relationship",
        "emergencyContacts.0.phone",
      ]),
    );
    expect(fieldPaths(1)).toContain("emergencyContacts.0.phone");
  });
});

describe("admissionFromReferral", () => {
  const referral = {
    id: "r1",
    facilityId: "tull",
    referredOn: "2026-11-02",
    source: "family",
    firstName: "Eleanor",
    lastName: "Vance",
    status: "toured",
  } as TRecordOf<"referrals">;

  it("admits on the referral's desired move-in, past or to come, and today only without one", () => {
    expect(admissionFromReferral({ ...referral, desiredMoveIn: "2026-11-20" }, "2026-11-25", false).admissionDate).toBe(
      "2026-11-20",
    );
    expect(admissionFromReferral({ ...referral, desiredMoveIn: "2026-12-01" }, "2026-11-25", false).admissionDate).toBe(
      "2026-12-01",
    );
    expect(admissionFromReferral(referral, "2026-11-25", false).admissionDate).toBe("2026-11-25");
  });
});
