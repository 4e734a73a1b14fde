import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppError } from "../app-error.ts";
import { ACCESS_LEVELS, AREAS, type TPermissions } from "../collections/roles.collection.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { collections } from "../registry.ts";
import {
  assertCanGrantFacilities,
  assertCanWriteFields,
  assertCanWriteRecord,
  can,
  canGrantFacilities,
  canReadCollection,
  canSeeNamedFile,
  canSeeRecord,
  canWriteCollection,
  documentSubjectsFor,
  redactRecord,
  subjectsAllowed,
} from "./access.rules.ts";
import { testSessionUser } from "./access.test-support.ts";

const admin = (facilityIds: string[] | null): TSessionUser =>
  testSessionUser("administrator", facilityIds, { id: "a1", email: "admin@example.test" });

describe("the role policy", () => {
  const caregiver = testSessionUser("caregiver", ["tull"]);
  const office = testSessionUser("office", null);
  const manager = testSessionUser("house-manager", ["tull"]);

  it("gives each collection by its area: a caregiver reads and writes residents and medical records, reads documents, no rent", () => {
    expect(canReadCollection(caregiver, collections.residents)).toBe(true);
    expect(canWriteCollection(caregiver, collections.diagnoses)).toBe(true);
    expect(canReadCollection(caregiver, collections.documents)).toBe(true);
    expect(canWriteCollection(caregiver, collections.documents)).toBe(false);
    expect(canReadCollection(caregiver, collections.rentCharges)).toBe(false);
    expect(canReadCollection(caregiver, collections.payments)).toBe(false);
    expect(canReadCollection(caregiver, collections.staff)).toBe(false);
    expect(canReadCollection(caregiver, collections.users)).toBe(false);
    expect(canReadCollection(caregiver, collections.auditLog)).toBe(false);
    // Everyone signed in sees the homes they work in (the header's facility selector needs them).
    expect(canReadCollection(caregiver, collections.facilities)).toBe(true);
  });

  it("lets an office user read residents but not change them, and handle rent", () => {
    expect(canReadCollection(office, collections.residents)).toBe(true);
    expect(canWriteCollection(office, collections.residents)).toBe(false);
    expect(canWriteCollection(office, collections.payments)).toBe(true);
    expect(canReadCollection(office, collections.diagnoses)).toBe(false);
  });

  it("never lets a client write what only the server writes, whatever the role", () => {
    expect(canWriteCollection(admin(null), collections.auditLog)).toBe(false);
    expect(canWriteCollection(admin(null), collections.rentAccounts)).toBe(false);
    expect(canWriteCollection(admin(null), collections.recordChanges)).toBe(false);
  });

  it("keeps group-wide records (document types, roles) to users who see every home", () => {
    expect(canWriteCollection(admin(null), collections.documentTypes)).toBe(true);
    expect(canWriteCollection(admin(["tull"]), collections.documentTypes)).toBe(false);
    expect(canWriteCollection(admin(["tull"]), collections.roles)).toBe(false);
    expect(canWriteCollection(manager, collections.documentTypes)).toBe(false);
    // Users are group-wide records too, but a limited administrator manages the users of their homes.
    expect(canWriteCollection(admin(["tull"]), collections.users)).toBe(true);
  });

  it("write implies read, and none gives neither, for every area and level", () => {
    fc.assert(
      fc.property(fc.constantFrom(...AREAS), fc.constantFrom(...ACCESS_LEVELS), (area, level) => {
        const user = {
          permissions: { ...testSessionUser("caregiver", null).permissions, [area]: level } as TPermissions,
        };
        expect(can(user, area, "read")).toBe(level !== "none");
        expect(can(user, area, "write")).toBe(level === "write");
      }),
    );
  });

  it("hides the monthly rate from a role without rent, and refuses setting it", () => {
    const resident = { id: "r1", facilityId: "tull", firstName: "Ada", monthlyRateCents: 450_000 };
    expect(redactRecord(caregiver, collections.residents, resident)).not.toHaveProperty("monthlyRateCents");
    expect(redactRecord(manager, collections.residents, resident)).toHaveProperty("monthlyRateCents", 450_000);
    expect(() => assertCanWriteFields(caregiver, collections.residents, { monthlyRateCents: 1 })).toThrow(/rent/);
    expect(() => assertCanWriteFields(caregiver, collections.residents, { firstName: "Ada" })).not.toThrow();
  });

  it("shows a record's history to whoever may read the record, without the fields they may not see", () => {
    const change = {
      id: "c1",
      collection: "residents",
      facilityId: "tull",
      changes: [
        { field: "room", before: "1", after: "2" },
        { field: "monthlyRateCents", before: "1", after: "2" },
      ],
    };
    expect(canSeeRecord(caregiver, collections.recordChanges, change)).toBe(true);
    expect(redactRecord(caregiver, collections.recordChanges, change).changes).toEqual([change.changes[0]]);
    expect(canSeeRecord(caregiver, collections.recordChanges, { ...change, collection: "staff" })).toBe(false);
    expect(canSeeRecord(office, collections.recordChanges, change)).toBe(true);
  });

  it("reads and writes a person's documents and their files only with the person's area (staff: Staff, agents: Referrals)", () => {
    const doc = (subject: string) => ({ subject, subjectId: "x", facilityId: subject === "agent" ? null : "tull" });
    const documents = collections.documents;
    expect(subjectsAllowed(caregiver, documents, "read")).toEqual(["resident", "facility"]);
    expect(subjectsAllowed(manager, documents, "read")).toBeNull();
    for (const subject of ["resident", "facility"]) expect(canSeeRecord(caregiver, documents, doc(subject))).toBe(true);
    expect(canSeeRecord(caregiver, documents, doc("staff"))).toBe(false);
    expect(canSeeRecord(admin(null), documents, doc("agent"))).toBe(true);
    expect(canSeeRecord(testSessionUser("caregiver", null), documents, doc("agent"))).toBe(false);
    expect(canSeeRecord(manager, documents, doc("staff"))).toBe(true);
    // A role that writes documents but only reads staff uploads a home's papers, not a staff member's.
    const clerk = { ...manager, permissions: { ...manager.permissions, staff: "read" as const } };
    expect(() => assertCanWriteRecord(clerk, documents, doc("facility"))).not.toThrow();
    expect(() => assertCanWriteRecord(clerk, documents, doc("staff"))).toThrow(/staff permission/);
    // A file follows the documents naming it; one no record names yet follows its home alone.
    expect(canSeeNamedFile(caregiver, [])).toBe(true);
    expect(canSeeNamedFile(caregiver, [{ def: documents, record: doc("staff") }])).toBe(false);
    expect(canSeeNamedFile(caregiver, [{ def: documents, record: doc("resident") }])).toBe(true);
    // Collections declaring no subject area are not narrowed.
    expect(subjectsAllowed(caregiver, collections.residents, "read")).toBeNull();
  });

  it("counts paperwork only of the people a role may see", () => {
    expect(documentSubjectsFor(caregiver)).toEqual(["resident", "facility"]);
    expect(documentSubjectsFor(office)).toEqual([]);
    expect(documentSubjectsFor(manager)).toEqual(["resident", "staff", "facility"]);
  });
});

describe("canGrantFacilities", () => {
  it("lets an unrestricted administrator give and change any access", () => {
    const all = admin(null);
    expect(canGrantFacilities(all, undefined, null)).toBe(true);
    expect(canGrantFacilities(all, undefined, ["tull", "newman"])).toBe(true);
    expect(canGrantFacilities(all, null, ["tull"])).toBe(true);
    expect(canGrantFacilities(all, ["tull"], null)).toBe(true);
  });

  it("lets a limited administrator give only facilities they see", () => {
    const tull = admin(["tull", "lee"]);
    expect(canGrantFacilities(tull, undefined, ["tull"])).toBe(true);
    expect(canGrantFacilities(tull, undefined, ["tull", "lee"])).toBe(true);
    expect(canGrantFacilities(tull, undefined, [])).toBe(true);
    expect(canGrantFacilities(tull, ["lee"], ["tull"])).toBe(true);
    expect(canGrantFacilities(tull, undefined, ["newman"])).toBe(false);
    expect(canGrantFacilities(tull, undefined, ["tull", "newman"])).toBe(false);
    expect(canGrantFacilities(tull, ["tull"], ["tull", "newman"])).toBe(false);
  });

  it("refuses all facilities (null) to a limited administrator", () => {
    const tull = admin(["tull"]);
    expect(canGrantFacilities(tull, undefined, null)).toBe(false);
    expect(canGrantFacilities(tull, ["tull"], null)).toBe(false);
  });

  it("refuses a limited administrator any change to a user whose access exceeds theirs", () => {
    const tull = admin(["tull"]);
    expect(canGrantFacilities(tull, null, ["tull"])).toBe(false);
    expect(canGrantFacilities(tull, ["tull", "newman"], ["tull"])).toBe(false);
    expect(canGrantFacilities(tull, ["newman"], ["newman"])).toBe(false);
  });

  it("treats an administrator limited to no facility as granting nothing but none", () => {
    const none = admin([]);
    expect(canGrantFacilities(none, undefined, [])).toBe(true);
    expect(canGrantFacilities(none, undefined, ["tull"])).toBe(false);
  });
});

describe("assertCanGrantFacilities", () => {
  it("throws FORBIDDEN when the grant is refused and nothing when allowed", () => {
    expect(() => assertCanGrantFacilities(admin(["tull"]), undefined, ["tull"])).not.toThrow();
    let error: unknown;
    try {
      assertCanGrantFacilities(admin(["tull"]), ["tull"], null);
    } catch (caught) {
      error = caught;
    }
    expect(isAppError(error) && error.code).toBe("FORBIDDEN");
  });
});
