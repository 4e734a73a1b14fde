import { describe, expect, it } from "vitest";
import { getCollection } from "@care/core/registry";
import { compareStoredValues, fromStoredData, ordersInMemory, toStoredData } from "./firestore-records.ts";

const meta = {
  version: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: "u1",
  updatedBy: "u1",
  archivedAt: null,
};

describe("Firestore record layout", () => {
  it("stores the facility a record belongs to, search tokens and nulls for absent fields", () => {
    const data = toStoredData(getCollection("facilities"), {
      id: "tull",
      name: "Tull House",
      active: true,
      sortOrder: 1,
      ...meta,
    });
    expect(data._facility).toBe("tull");
    expect(data._search).toEqual(expect.arrayContaining(["tull", "tull house", "house"]));
    expect(data.address).toBeNull();
    expect(data).not.toHaveProperty("id");
  });

  it("gives global records no facility", () => {
    const data = toStoredData(getCollection("users"), {
      id: "u2",
      email: "a@b.co",
      role: "house-manager",
      facilityIds: null,
      active: true,
      ...meta,
    });
    expect(data).not.toHaveProperty("_facility");
    expect(data.facilityIds).toBeNull();
  });

  it("reads back the record: private fields dropped, nulls the schema refuses made absent", () => {
    const def = getCollection("facilities");
    const stored = {
      ...toStoredData(def, { id: "tull", name: "Tull", active: true, sortOrder: 0, ...meta }),
      _writtenAt: { seconds: 1 },
    };
    const record = fromStoredData(def, "tull", stored);
    expect(record).toEqual({ id: "tull", name: "Tull", active: true, sortOrder: 0, ...meta });
    const user = fromStoredData(
      getCollection("users"),
      "u2",
      toStoredData(getCollection("users"), {
        id: "u2",
        email: "a@b.co",
        role: "house-manager",
        facilityIds: null,
        active: true,
        ...meta,
      }),
    );
    expect(user.facilityIds).toBeNull();
    expect(user).not.toHaveProperty("displayName");
  });

  it("keeps arrays (a document type's facilities, a staff member's other homes) as they are", () => {
    const def = getCollection("staff");
    const stored = toStoredData(def, {
      id: "s1",
      facilityId: "tull",
      otherFacilityIds: ["ashwood", "newman"],
      firstName: "Ana",
      lastName: "Reyes",
      position: "caregiver",
      status: "active",
      clearanceStatus: "cleared",
      ...meta,
    });
    expect(stored.otherFacilityIds).toEqual(["ashwood", "newman"]);
    expect(fromStoredData(def, "s1", stored).otherFacilityIds).toEqual(["ashwood", "newman"]);
  });
});

describe("lists the adapter orders itself", () => {
  it("are meta-timestamp sorts, lists narrowed to one record's own and small collections, never unfiltered ones", () => {
    const documents = getCollection("documents");
    expect(ordersInMemory(documents, ["archivedAt"], "createdAt")).toBe(true);
    expect(ordersInMemory(documents, ["archivedAt", "subjectId"], "expiryDate")).toBe(true);
    expect(ordersInMemory(documents, ["archivedAt", "_facility"], "expiryDate")).toBe(false);
    expect(ordersInMemory(documents, [], "createdAt")).toBe(false);
    expect(ordersInMemory(getCollection("documentTypes"), ["archivedAt"], "sortOrder")).toBe(true);
    expect(ordersInMemory(getCollection("reminders"), ["linkId"], "dueDate")).toBe(true);
    expect(ordersInMemory(getCollection("staff"), ["_facility"], "lastName")).toBe(false);
  });

  it("reads a staff member stored before the rename with their job title as position", () => {
    const def = getCollection("staff");
    const old = { facilityId: "tull", firstName: "Ida", lastName: "Wells", role: "cook", ...meta };
    expect(fromStoredData(def, "s1", old)).toMatchObject({ id: "s1", position: "cook" });
    expect(fromStoredData(def, "s1", old)).not.toHaveProperty("role");
    expect(fromStoredData(def, "s1", { ...old, position: "caregiver" })).toMatchObject({ position: "caregiver" });
  });

  it("order values as Firestore does: null, booleans, numbers, then strings", () => {
    const values = ["2026-02-01", 10, null, true, "2026-01-31", 2, false];
    expect([...values].sort(compareStoredValues)).toEqual([null, false, true, 2, 10, "2026-01-31", "2026-02-01"]);
  });
});
