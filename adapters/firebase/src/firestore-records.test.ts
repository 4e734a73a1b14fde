import { describe, expect, it } from "vitest";
import { getCollection } from "@care/core/registry";
import {
  compareStoredValues,
  disjunctionsOf,
  exactStoredValue,
  fileBytesPath,
  fileMoveTo,
  filesNamedAnew,
  fromStoredData,
  grantKeyOf,
  grantKeysWithin,
  homeGroups,
  isoOfTimestamp,
  ordersInMemory,
  refusedFields,
  SERVER_TIME,
  serverTimeFields,
  timestampParts,
  toStoredData,
  writtenTimes,
} from "./firestore-records.ts";
import { RECORD_META } from "./record-meta.test-support.ts";

describe("Firestore record layout", () => {
  it("stores the facility a record belongs to, search tokens and nulls for absent fields", () => {
    const data = toStoredData(getCollection("facilities"), {
      id: "tull",
      name: "Tull House",
      active: true,
      sortOrder: 1,
      ...RECORD_META,
    });
    expect(data._facility).toBe("tull");
    expect(data._search).toEqual(expect.arrayContaining(["t", "tul", "l h", "hou", "use"]));
    expect(data.address).toBeNull();
    expect(data).not.toHaveProperty("id");
  });

  it("stores an amount typed as -0 as zero, which the rules' integer check accepts", () => {
    const data = toStoredData(getCollection("rentCharges"), {
      id: "c1",
      residentId: "r1",
      facilityId: "tull",
      kind: "extra",
      month: "2026-11",
      dueDate: "2026-11-01",
      description: "Laundry",
      amountCents: -0,
      ...RECORD_META,
    });
    expect(Object.is(data.amountCents, 0)).toBe(true);
  });

  it("gives global records no facility", () => {
    const data = toStoredData(getCollection("users"), {
      id: "u2",
      email: "a@b.co",
      role: "house-manager",
      facilityIds: null,
      active: true,
      ...RECORD_META,
    });
    expect(data).not.toHaveProperty("_facility");
    expect(data.facilityIds).toBeNull();
  });

  it("reads back the record: private fields dropped, nulls the schema refuses made absent", () => {
    const def = getCollection("facilities");
    const stored = {
      ...toStoredData(def, { id: "tull", name: "Tull", active: true, sortOrder: 0, ...RECORD_META }),
      _writtenAt: { seconds: 1 },
    };
    const record = fromStoredData(def, "tull", stored);
    expect(record).toEqual({ id: "tull", name: "Tull", active: true, sortOrder: 0, goLiveDate: null, ...RECORD_META });
    const user = fromStoredData(
      getCollection("users"),
      "u2",
      toStoredData(getCollection("users"), {
        id: "u2",
        email: "a@b.co",
        role: "house-manager",
        facilityIds: null,
        active: true,
        ...RECORD_META,
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
      ...RECORD_META,
    });
    expect(stored.otherFacilityIds).toEqual(["ashwood", "newman"]);
    expect(fromStoredData(def, "s1", stored).otherFacilityIds).toEqual(["ashwood", "newman"]);
  });
});

describe("record times, the server's", () => {
  /** A stored timestamp as either SDK gives it. */
  const stamp = (iso: string) => ({ ...timestampParts(iso), toMillis: () => Date.parse(iso) });

  it("sets updatedAt on every write, createdAt on a create and archivedAt when archiving; keeps the rest as stored", () => {
    const agents = getCollection("referralAgents");
    expect(writtenTimes(agents, { archivedAt: null })).toEqual({
      createdAt: SERVER_TIME,
      updatedAt: SERVER_TIME,
      archivedAt: null,
    });
    // Kept as the document holds them: a timestamp (microseconds), or an earlier version's string.
    const stored = {
      createdAt: stamp("2026-01-01T00:00:00.000001Z"),
      updatedAt: stamp("2026-01-02T00:00:00Z"),
      archivedAt: null,
    };
    expect(writtenTimes(agents, { archivedAt: null }, stored)).toEqual({
      createdAt: stored.createdAt,
      updatedAt: SERVER_TIME,
      archivedAt: null,
    });
    expect(writtenTimes(agents, { archivedAt: "2026-03-01T00:00:00.000Z" }, stored).archivedAt).toBe(SERVER_TIME);
    const archived = { ...stored, archivedAt: "2026-03-01T00:00:00.000Z" };
    expect(writtenTimes(agents, { archivedAt: "2026-03-01T00:00:00.000Z" }, archived).archivedAt).toBe(
      archived.archivedAt,
    );
  });

  it("sets an audit row's own time (at) as its createdAt: the server's", () => {
    const audit = getCollection("auditLog");
    expect(serverTimeFields(audit)).toEqual(["createdAt", "updatedAt", "archivedAt", "at"]);
    expect(writtenTimes(audit, { archivedAt: null }).at).toBe(SERVER_TIME);
    expect(serverTimeFields(getCollection("recordChanges"))).not.toContain("at");
  });

  it("reads a stored timestamp as an ISO string with microseconds, which names the same instant again", () => {
    expect(isoOfTimestamp({ seconds: Date.parse("2026-11-27T10:00:00Z") / 1000, nanoseconds: 123_456_000 })).toBe(
      "2026-11-27T10:00:00.123456Z",
    );
    for (const iso of ["2026-11-27T10:00:00.123456Z", "2026-11-27T10:00:00.000001Z", "1999-12-31T23:59:59.999999Z"])
      expect(isoOfTimestamp(timestampParts(iso))).toBe(iso);
    // Times an earlier version stored (milliseconds) or a range end give the same instant.
    expect(timestampParts("2026-11-27T10:00:00.5Z")).toEqual({ seconds: 1795773600, nanoseconds: 500_000_000 });
    expect(timestampParts("2026-11-27T10:00:00Z").nanoseconds).toBe(0);
    expect(() => timestampParts("2026-11-27")).toThrow();
  });

  it("gives the record its times as ISO strings with milliseconds, as every backend; cursors page after the exact time", () => {
    const def = getCollection("facilities");
    const stored = {
      ...toStoredData(def, { id: "tull", name: "Tull", active: true, sortOrder: 0, ...RECORD_META }),
      createdAt: stamp("2026-01-01T00:00:00.000000Z"),
      updatedAt: stamp("2026-01-02T03:04:05.678901Z"),
    };
    expect(fromStoredData(def, "tull", stored)).toMatchObject({
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T03:04:05.678Z",
      archivedAt: null,
    });
    expect(exactStoredValue(stored.updatedAt)).toBe("2026-01-02T03:04:05.678901Z");
    expect(exactStoredValue("Tull")).toBe("Tull");
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
    const old = { facilityId: "tull", firstName: "Ida", lastName: "Wells", role: "cook", ...RECORD_META };
    expect(fromStoredData(def, "s1", old)).toMatchObject({ id: "s1", position: "cook" });
    expect(fromStoredData(def, "s1", old)).not.toHaveProperty("role");
    expect(fromStoredData(def, "s1", { ...old, position: "caregiver" })).toMatchObject({ position: "caregiver" });
  });

  it("order values as Firestore does: null, booleans, numbers, then strings", () => {
    const values = ["2026-02-01", 10, null, true, "2026-01-31", 2, false];
    expect([...values].sort(compareStoredValues)).toEqual([null, false, true, 2, 10, "2026-01-31", "2026-02-01"]);
  });
});

describe("lists within Firestore's 30 disjunctions", () => {
  const homes = (n: number) => Array.from({ length: n }, (_, i) => `home-${i}`);
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

  it("counts the disjunctions of the list's other in-filters, not the homes' own", () => {
    const charges = getCollection("rentCharges");
    expect(disjunctionsOf(charges, { residentId: ids(30) })).toBe(30);
    expect(disjunctionsOf(charges, { residentId: ids(5), month: ["2026-01", "2026-02"] })).toBe(10);
    expect(disjunctionsOf(charges, { residentId: "r1", facilityId: ["tull", "newman"] })).toBe(1);
  });

  it("gives a user of two homes asking for 30 residents one query per home, and 1 × 30 stays one query", () => {
    expect(homeGroups(homes(2), 30)).toEqual([["home-0"], ["home-1"]]);
    expect(homeGroups(homes(1), 30)).toEqual([["home-0"]]);
    expect(homeGroups(homes(6), 1)).toEqual([homes(6)]);
  });

  it("keeps every query at 30 disjunctions or fewer and every home in exactly one query", () => {
    for (const [k, other] of [
      [2, 30],
      [3, 11],
      [7, 4],
      [30, 1],
      [30, 2],
      [12, 15],
    ] as const) {
      const groups = homeGroups(homes(k), other);
      for (const group of groups) expect(group.length * other).toBeLessThanOrEqual(30);
      expect(groups.flat()).toEqual(homes(k));
    }
  });
});

describe("files a write names anew", () => {
  const documents = getCollection("documents");

  it("are a new document's file and a changed file, never a kept one or another collection's ids", () => {
    expect(filesNamedAnew(documents, { fileId: "f1" })).toEqual(["f1"]);
    expect(filesNamedAnew(documents, { fileId: "f2" }, { fileId: "f1" })).toEqual(["f2"]);
    // An edit or an archive keeping the file marks nothing again.
    expect(filesNamedAnew(documents, { fileId: "f1", notes: "x" }, { fileId: "f1" })).toEqual([]);
    expect(filesNamedAnew(getCollection("residents"), { id: "r1", fileId: "f1" })).toEqual([]);
  });
});

describe("refusedFields", () => {
  const residents = getCollection("residents");
  const resident = {
    id: "r1",
    facilityId: "tull",
    firstName: "Ada",
    lastName: "Lovelace",
    dateOfBirth: "1940-01-01",
    gender: "female",
    admissionDate: "2025-01-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    ...RECORD_META,
  };

  it("names each field its schema refuses: a wrong type, a size, a missing required field", () => {
    expect(refusedFields(residents, resident)).toEqual([]);
    const { firstName: _, ...unnamed } = resident;
    expect(refusedFields(residents, { ...unnamed, notes: "x".repeat(5001), dementia: "no" })).toEqual([
      "firstName",
      "dementia",
      "notes",
    ]);
  });

  it("passes a restricted field the reader does not get, and leaves rules across fields to the schema's writers", () => {
    // No monthly rate (rent's), and a discharged resident without a discharge date (a cross-field rule).
    expect(refusedFields(residents, { ...resident, status: "discharged" })).toEqual([]);
  });
});

describe("where a file's bytes are", () => {
  it("is its home's folder, or the folder it names once it followed a document to another home", () => {
    expect(fileBytesPath("f1", { facilityId: "tull" })).toBe("files/tull/f1");
    expect(fileBytesPath("f2", { facilityId: null })).toBe("files/_group/f2");
    const moved = { facilityId: "tull", _facility: "tull", ...fileMoveTo({ facilityId: "tull" }, "newman") };
    expect(moved).toEqual({ facilityId: "newman", _facility: "newman", _folder: "tull" });
    expect(fileBytesPath("f1", moved)).toBe("files/tull/f1");
    // Moved again, the bytes are still where they were stored.
    expect(fileMoveTo(moved, "van-buren")).toEqual({
      facilityId: "van-buren",
      _facility: "van-buren",
      _folder: "tull",
    });
  });
});

describe("a user's key of facilities", () => {
  it("is their facilities sorted, once each; none for every home or a malformed list", () => {
    expect(grantKeyOf(["tull", "newman", "tull"])).toBe("newman,tull");
    expect(grantKeyOf(null)).toBeNull();
    expect(grantKeyOf("tull")).toBeNull();
  });

  it("is stored with a user record", () => {
    const users = getCollection("users");
    const record = { ...RECORD_META, id: "u", email: "a@b.test", role: "caregiver", facilityIds: ["tull", "newman"] };
    expect(toStoredData(users, record)._grantKey).toBe("newman,tull");
  });

  it("of every set of a limited administrator's homes is asked for, and no other", () => {
    expect(grantKeysWithin(["tull"])).toEqual(["tull"]);
    expect(grantKeysWithin(["tull", "newman"]).sort()).toEqual(["newman", "newman,tull", "tull"]);
    expect(grantKeysWithin(["c", "a", "b"])).toHaveLength(7);
    expect(grantKeysWithin(["a", "b", "c"])).toContain("a,b,c");
  });
});
