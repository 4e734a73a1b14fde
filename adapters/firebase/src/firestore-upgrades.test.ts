import { describe, expect, it } from "vitest";
import { collections } from "@care/core/registry";
import { toStoredData } from "./firestore-records.ts";
import { roleDocumentUpgrade, staffDocumentUpgrade } from "./firestore-upgrades.ts";

describe("staffDocumentUpgrade", () => {
  it("widens an old clearance status and adds the homes list facility-limited lists match on", () => {
    expect(
      staffDocumentUpgrade({ facilityId: "tull", clearanceStatus: "pending", clearanceDate: "2025-03-04" }),
    ).toEqual({
      clearanceStatus: "submitted",
      clearanceSubmittedDate: "2025-03-04",
      clearanceDate: null,
      otherFacilityIds: [],
      _facilities: ["tull"],
    });
    expect(
      staffDocumentUpgrade({ facilityId: "tull", otherFacilityIds: ["newman"], clearanceStatus: "not_cleared" }),
    ).toEqual({ clearanceStatus: "denied", _facilities: ["tull", "newman"] });
  });

  it("leaves a document written by this version alone, so the script may run again", () => {
    const record = {
      id: "s1",
      facilityId: "tull",
      otherFacilityIds: ["newman", "ashwood"],
      firstName: "Ana",
      lastName: "Diaz",
      clearanceStatus: "cleared",
    };
    expect(staffDocumentUpgrade(toStoredData(collections.staff, record))).toBeNull();
  });

  it("brings the homes list up to date when it disagrees with the record", () => {
    expect(
      staffDocumentUpgrade({
        facilityId: "tull",
        otherFacilityIds: ["newman"],
        clearanceStatus: "cleared",
        _facilities: ["tull"],
      }),
    ).toEqual({ _facilities: ["tull", "newman"] });
  });
});

describe("roleDocumentUpgrade", () => {
  it("gives each role for referral fees what it had for referrals, and the Administrator role write", () => {
    expect(roleDocumentUpgrade("office", { permissions: { referrals: "write", rent: "write" } })).toEqual({
      "permissions.fees": "write",
    });
    expect(roleDocumentUpgrade("caregiver", { permissions: { referrals: "none" } })).toEqual({
      "permissions.fees": "none",
    });
    expect(roleDocumentUpgrade("administrator", { permissions: {} })).toEqual({ "permissions.fees": "write" });
    expect(roleDocumentUpgrade("office", { permissions: { referrals: "write", fees: "read" } })).toBeNull();
  });
});
