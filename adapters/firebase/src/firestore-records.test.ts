import { describe, expect, it } from "vitest";
import { getCollection } from "@care/core/registry";
import { fromStoredData, toStoredData } from "./firestore-records.ts";

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
      role: "staff",
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
        role: "staff",
        facilityIds: null,
        active: true,
        ...meta,
      }),
    );
    expect(user.facilityIds).toBeNull();
    expect(user).not.toHaveProperty("displayName");
  });
});
