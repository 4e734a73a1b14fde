import { describe, expect, it } from "vitest";
import { testCollection } from "@care/core/collection.test-support";
import { z } from "zod";
import { permissionsAt } from "@care/core/collections/roles.collection";
import { getCollection } from "@care/core/registry";
import { testSessionUser } from "@care/core/rules/access.test-support";
import { fromStoredData, toStoredData } from "./firestore-records.ts";
import {
  mergeRestricted,
  readableParts,
  restrictedBatches,
  restrictedDocument,
  restrictedPartOf,
  restrictedParts,
  restrictedWrites,
  writableAreas,
} from "./restricted-fields.ts";
import { RECORD_META } from "./record-meta.test-support.ts";

const residents = getCollection("residents");
const [rent, medical] = restrictedParts(residents);

const resident = {
  id: "r1",
  facilityId: "tull",
  firstName: "Rosa",
  lastName: "Parks",
  dateOfBirth: "1938-05-01",
  gender: "female",
  admissionDate: "2024-01-01",
  ambulatoryStatus: "ambulatory",
  codeStatus: "full_code",
  status: "active",
  emergencyContacts: [],
  monthlyRateCents: 420_000,
  ...RECORD_META,
};

describe("where restricted fields are stored", () => {
  it("gives each area of a collection's restricted fields a sibling collection, and none to other collections", () => {
    expect(restrictedParts(residents)).toEqual([
      { area: "rent", collection: "residents__rent", fields: ["monthlyRateCents"] },
      {
        area: "medical",
        collection: "residents__medical",
        fields: [
          "codeStatusSource",
          "codeStatusSourceDate",
          "codeStatusReason",
          "insuranceCarrier",
          "insuranceMemberNumber",
          "medicareNumber",
          "mediCalNumber",
        ],
      },
    ]);
    expect(restrictedParts(getCollection("facilities"))).toEqual([]);
    expect(restrictedPartOf("residents__rent")).toEqual({ def: residents, part: rent });
    expect(restrictedPartOf("residents")).toBeUndefined();
  });

  it("keeps the monthly rate out of the resident's own document, even one written before the move", () => {
    const stored = toStoredData(residents, resident);
    expect(stored).not.toHaveProperty("monthlyRateCents");
    expect(stored.lastName).toBe("Parks");
    const old = { ...stored, monthlyRateCents: 420_000 };
    expect(fromStoredData(residents, "r1", old)).not.toHaveProperty("monthlyRateCents");
  });

  it("stores the rate with the resident's facility in the sibling document, null when there is none", () => {
    expect(restrictedDocument(residents, rent!, resident)).toEqual({
      monthlyRateCents: 420_000,
      _id: "r1",
      _facility: "tull",
    });
    const { monthlyRateCents: _, ...withoutRate } = resident;
    expect(restrictedDocument(residents, rent!, withoutRate)).toEqual({
      monthlyRateCents: null,
      _id: "r1",
      _facility: "tull",
    });
  });
});

describe("the sibling documents a write puts", () => {
  const { monthlyRateCents: _, ...withoutRate } = resident;

  it("a new record: the areas it sets, only", () => {
    expect(restrictedWrites(residents, ["rent"], resident)).toEqual([
      {
        collection: "residents__rent",
        data: { monthlyRateCents: 420_000, _id: "r1", _facility: "tull" },
        merge: false,
      },
    ]);
    expect(restrictedWrites(residents, ["rent"], withoutRate)).toEqual([]);
  });

  it("an update: the areas whose fields change, a cleared field as null", () => {
    expect(restrictedWrites(residents, ["rent"], { ...resident, room: "12B" }, resident)).toEqual([]);
    expect(restrictedWrites(residents, ["rent"], { ...resident, monthlyRateCents: 450_000 }, resident)).toEqual([
      {
        collection: "residents__rent",
        data: { monthlyRateCents: 450_000, _id: "r1", _facility: "tull" },
        merge: false,
      },
    ]);
    expect(restrictedWrites(residents, ["rent"], withoutRate, resident)).toEqual([
      { collection: "residents__rent", data: { monthlyRateCents: null, _id: "r1", _facility: "tull" }, merge: false },
    ]);
  });

  it("a role without the area writes nothing of it, and only carries its facility along when the record moves", () => {
    // Without rent, the record as read has no rate: the edit neither clears nor rewrites the stored one.
    expect(restrictedWrites(residents, [], { ...withoutRate, room: "12B" }, withoutRate)).toEqual([]);
    const moved = { ...withoutRate, facilityId: "newman" };
    expect(restrictedWrites(residents, [], moved, withoutRate)).toEqual([
      { collection: "residents__rent", data: { _id: "r1", _facility: "newman" }, merge: true },
      { collection: "residents__medical", data: { _id: "r1", _facility: "newman" }, merge: true },
    ]);
    // A rent writer moving a resident keeps the rate as it is, too.
    expect(restrictedWrites(residents, ["rent"], { ...resident, facilityId: "newman" }, resident)).toEqual([
      { collection: "residents__rent", data: { _id: "r1", _facility: "newman" }, merge: true },
      { collection: "residents__medical", data: { _id: "r1", _facility: "newman" }, merge: true },
    ]);
  });
});

describe("a reader's record put back together", () => {
  const { monthlyRateCents: _, ...stored } = resident;

  it("takes the area's fields from the sibling document", () => {
    expect(mergeRestricted(residents, stored, rent!, { monthlyRateCents: 420_000, _facility: "tull" })).toEqual(
      resident,
    );
  });

  it("leaves them absent without a sibling document or with a cleared value", () => {
    expect(mergeRestricted(residents, stored, rent!, undefined)).toEqual(stored);
    const cleared = mergeRestricted(residents, stored, rent!, { monthlyRateCents: null, _facility: "tull" });
    expect(cleared).not.toHaveProperty("monthlyRateCents");
  });

  it("reads the sibling documents only for roles that may see the area, and writes them for roles that may write it", () => {
    const caregiver = testSessionUser("caregiver", ["tull"]);
    const office = testSessionUser("office", null);
    const rentReader = testSessionUser("caregiver", ["tull"], {
      permissions: { ...permissionsAt("none"), residents: "write", rent: "read" },
    });
    // A caregiver records medical entries: they see and may write what a code status rests on, not the rate.
    expect(readableParts(caregiver, residents)).toEqual([medical]);
    expect(writableAreas(caregiver, residents)).toEqual(["medical"]);
    expect(readableParts(rentReader, residents)).toEqual([rent]);
    expect(writableAreas(rentReader, residents)).toEqual([]);
    expect(readableParts(office, residents)).toEqual([rent]);
    expect(writableAreas(office, residents)).toEqual(["rent"]);
  });

  it("asks for many records' documents by facility, at most 30 ids a query", () => {
    const records = [
      ...Array.from({ length: 31 }, (_, i) => ({ id: `t${i}`, facilityId: "tull" })),
      { id: "n0", facilityId: "newman" },
    ];
    const batches = restrictedBatches(residents, records);
    expect(batches.map((b) => [b.facility, b.ids.length])).toEqual([
      ["tull", 30],
      ["tull", 1],
      ["newman", 1],
    ]);
    expect(batches.flatMap((b) => b.ids)).toEqual(records.map((r) => r.id));
  });
});

describe("a collection of several areas' restricted fields", () => {
  const notes = testCollection({
    name: "notes",
    schema: z.object({ text: z.string(), feeCents: z.number().optional(), diagnosis: z.string().optional() }),
    restrictedFields: { feeCents: "rent", diagnosis: "medical" },
  });

  it("keeps one sibling document per area, without a facility when the collection has none", () => {
    expect(restrictedParts(notes).map((p) => p.collection)).toEqual(["notes__rent", "notes__medical"]);
    const note = { id: "n1", text: "Hi", feeCents: 500, diagnosis: "Flu" };
    expect(restrictedWrites(notes, ["medical"], note)).toEqual([
      { collection: "notes__medical", data: { diagnosis: "Flu", _id: "n1" }, merge: false },
    ]);
    expect(toStoredData(notes, note)).not.toHaveProperty("feeCents");
    expect(toStoredData(notes, note)).not.toHaveProperty("diagnosis");
    expect(restrictedBatches(notes, [note])).toEqual([{ facility: undefined, ids: ["n1"] }]);
  });
});
