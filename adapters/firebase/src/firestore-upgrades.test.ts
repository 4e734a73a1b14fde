import { ACTIONS, FIRST_ACTIONS } from "@care/core/collections/actions";
import { describe, expect, it } from "vitest";
import { collections } from "@care/core/registry";
import { toStoredData } from "./firestore-records.ts";
import { reminderStateId } from "@care/core/rules/reminders.rules";
import {
  documentTypeUpgrade,
  facilityDocumentUpgrade,
  reminderStateIdUpgrade,
  roleDocumentUpgrade,
  searchTokensUpgrade,
  staffDocumentUpgrade,
  userDocumentUpgrade,
  timesUpgrade,
} from "./firestore-upgrades.ts";

describe("facilityDocumentUpgrade", () => {
  it("gives a home without a go-live date the day it was created, in its own time zone", () => {
    // 03:30 UTC on 2 March is still 1 March in Los Angeles.
    const createdAt = { toDate: () => new Date("2026-03-02T03:30:00Z") };
    expect(facilityDocumentUpgrade({ timeZone: "America/Los_Angeles", createdAt })).toEqual({
      goLiveDate: "2026-03-01",
    });
    expect(facilityDocumentUpgrade({ timeZone: "Europe/Berlin", createdAt: "2026-03-02T03:30:00.000Z" })).toEqual({
      goLiveDate: "2026-03-02",
    });
  });
  it("leaves a home with a go-live date, or with none chosen on purpose (null: no limit)", () => {
    expect(facilityDocumentUpgrade({ goLiveDate: "2025-01-01", createdAt: "2026-03-02T03:30:00.000Z" })).toBeNull();
    expect(facilityDocumentUpgrade({ goLiveDate: null })).toBeNull();
  });
});

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

describe("userDocumentUpgrade", () => {
  it("adds the key of a user's facilities, and leaves a current document alone", () => {
    expect(userDocumentUpgrade({ facilityIds: ["tull", "newman"] })).toEqual({ _grantKey: "newman,tull" });
    expect(userDocumentUpgrade({ facilityIds: null })).toEqual({ _grantKey: null });
    expect(userDocumentUpgrade({ facilityIds: null, _grantKey: null })).toBeNull();
    expect(userDocumentUpgrade({ facilityIds: ["tull"], _grantKey: "tull" })).toBeNull();
  });
});

describe("roleDocumentUpgrade", () => {
  it("gives each role for referral fees what it had for referrals, and the Administrator role write", () => {
    const actions: string[] = [];
    expect(roleDocumentUpgrade("office", { permissions: { referrals: "write", rent: "write" }, actions })).toEqual({
      "permissions.fees": "write",
    });
    expect(roleDocumentUpgrade("caregiver", { permissions: { referrals: "none" }, actions })).toEqual({
      "permissions.fees": "none",
    });
    expect(roleDocumentUpgrade("administrator", { permissions: {}, actions: [...ACTIONS] })).toEqual({
      "permissions.fees": "write",
    });
    expect(roleDocumentUpgrade("office", { permissions: { referrals: "write", fees: "read" }, actions })).toBeNull();
  });

  it("gives a role stored without actions the shipped defaults, or what residents write allowed before", () => {
    const permissions = { fees: "none", residents: "write" };
    expect(roleDocumentUpgrade("caregiver", { permissions })).toEqual({ actions: [] });
    expect(roleDocumentUpgrade("house-manager", { permissions })).toEqual({ actions: [...FIRST_ACTIONS] });
    expect(roleDocumentUpgrade("night-nurse", { permissions })).toEqual({ actions: [...FIRST_ACTIONS] });
    expect(roleDocumentUpgrade("reader", { permissions: { fees: "none", residents: "read" } })).toEqual({
      actions: [],
    });
    expect(roleDocumentUpgrade("night-nurse", { permissions, actions: ["discharge"] })).toBeNull();
  });

  it("gives the Administrator role the actions that came later, and nobody else", () => {
    const permissions = { fees: "write", residents: "write" };
    expect(roleDocumentUpgrade("administrator", { permissions, actions: [...FIRST_ACTIONS] })).toEqual({
      actions: [...ACTIONS],
    });
    expect(roleDocumentUpgrade("administrator", { permissions, actions: [...ACTIONS] })).toBeNull();
    expect(roleDocumentUpgrade("house-manager", { permissions, actions: [...FIRST_ACTIONS] })).toBeNull();
  });
});

describe("timesUpgrade", () => {
  const fields = ["createdAt", "updatedAt", "archivedAt"];

  it("turns times an earlier version stored as ISO strings into timestamps, leaving null ones", () => {
    expect(
      timesUpgrade(fields, {
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-02T00:00:00.250Z",
        archivedAt: null,
      }),
    ).toEqual({
      createdAt: { seconds: 1767225600, nanoseconds: 0 },
      updatedAt: { seconds: 1767312000, nanoseconds: 250_000_000 },
    });
  });

  it("leaves a document whose times are timestamps alone, so the script may run again", () => {
    const stamp = { seconds: 1767225600, nanoseconds: 0 };
    expect(timesUpgrade(fields, { createdAt: stamp, updatedAt: stamp, archivedAt: null })).toBeNull();
  });
});

describe("reminderStateIdUpgrade", () => {
  it("moves a state under the id of its home and key, and leaves one that has it", () => {
    const data = { facilityId: "tull", key: "missing|resident|r1|t1", state: "snoozed", snoozedUntil: "2026-12-15" };
    const id = reminderStateId("tull", "missing|resident|r1|t1");
    expect(reminderStateIdUpgrade("rs-0123456789abcdef0123456789abcdef", data)).toBe(id);
    expect(reminderStateIdUpgrade(reminderStateId("newman", data.key), data)).toBe(id);
    expect(reminderStateIdUpgrade(id, data)).toBeNull();
  });
});

describe("searchTokensUpgrade", () => {
  it("recomputes word-prefix tokens as pieces of up to three characters, and leaves current ones", () => {
    const def = collections.facilities;
    const old = { name: "Van Buren", _search: ["v", "va", "van", "van b", "b", "bu", "bur"] };
    const tokens = searchTokensUpgrade(def, old);
    expect(tokens).toContain("ure");
    expect(searchTokensUpgrade(def, { ...old, _search: tokens })).toBeNull();
    expect(searchTokensUpgrade(collections.rentCharges, { _search: [] })).toBeNull();
  });
});

describe("documentTypeUpgrade", () => {
  it("makes the shipped first aid / CPR type expire after two years only while the group has not edited it", () => {
    expect(
      documentTypeUpgrade("rcfe-staff-first-aid-cpr", { name: "First aid / CPR certificate", version: 1 }),
    ).toEqual({
      expires: true,
      validityMonths: 24,
      version: 2,
    });
    // Edited by the group (its version moved on): left as the group set it.
    expect(documentTypeUpgrade("rcfe-staff-first-aid-cpr", { name: "First aid", version: 3 })).toBeNull();
    // Another type without a period keeps never expiring.
    expect(documentTypeUpgrade("rcfe-staff-training", { version: 1 })).toBeNull();
  });

  it("says a type with a period expires, once", () => {
    expect(documentTypeUpgrade("rcfe-resident-lic-602a", { validityMonths: 12, version: 4 })).toEqual({
      expires: true,
    });
    expect(documentTypeUpgrade("rcfe-resident-lic-602a", { validityMonths: 12, expires: true, version: 5 })).toBeNull();
  });
});
