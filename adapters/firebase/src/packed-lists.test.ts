import { describe, expect, it } from "vitest";
import { getCollection } from "@care/core/registry";
import { packList, packedListRules, unpackList } from "./packed-lists.ts";

const residents = getCollection("residents");

describe("packed lists", () => {
  it("stores each emergency contact as one string and reads it back as it was, separators and all", () => {
    const contacts = [
      {
        name: "Ann | Bo; ~x",
        relationship: "Daughter",
        phone: "(559) 555-0100",
        responsibleParty: true,
        powerOfAttorney: false,
      },
      {
        name: "Cy",
        relationship: "Son",
        phone: "(559) 555-0101",
        altPhone: "(559) 555-0102",
        email: "cy@example.test",
        responsibleParty: false,
        powerOfAttorney: true,
      },
    ];
    const packed = packList(residents, "emergencyContacts", contacts) as string[];
    expect(packed).toEqual([
      "Ann ~1 Bo~2 ~~x|Daughter|(559) 555-0100|||1|0",
      "Cy|Son|(559) 555-0101|(559) 555-0102|cy@example.test|0|1",
    ]);
    expect(unpackList(residents, "emergencyContacts", packed)).toEqual(contacts);
  });

  it("reads a list stored before packing as it is", () => {
    const old = [
      { name: "Ann", relationship: "Daughter", phone: "1", responsibleParty: false, powerOfAttorney: false },
    ];
    expect(unpackList(residents, "emergencyContacts", old)).toEqual(old);
  });

  it("checks the list joined by two patterns: the fields' sizes and the e-mail's form", () => {
    const rules = packedListRules("residents", "emergencyContacts", residents.schema.shape.emergencyContacts);
    expect(rules.call("d.emergencyContacts")).toBe("packed_residents_emergencyContacts(d.emergencyContacts)");
    expect(rules.declaration).toContain("let j = v.join(';') + ';';");
    expect(rules.declaration).toContain("(?:[^|;~]|~[~12]){1,120}[|]");
    expect(rules.declaration).toContain("@(?:[A-Za-z0-9][A-Za-z0-9-]*[.])+[A-Za-z]{2,}");
  });
});
