// What a record is called in the audit log and the export's CSVs.
import { describe, expect, it } from "vitest";
import { recordName, shortId } from "./record-name.rules.ts";

describe("recordName", () => {
  it("names a person by listName, other records by their name, title, display name or e-mail", () => {
    expect(recordName({ firstName: "Margaret", lastName: "Okafor", preferredName: "Maggie" })).toBe(
      "Okafor, Margaret (Maggie)",
    );
    expect(recordName({ name: "Tull House", id: "tull" })).toBe("Tull House");
    expect(recordName({ title: "", fileName: "tb-test.pdf" })).toBe("tb-test.pdf");
    expect(recordName({ displayName: null, email: "ann@example.test" })).toBe("ann@example.test");
    expect(recordName({ amountCents: 100 })).toBeNull();
  });
});

describe("shortId", () => {
  it("cuts a UUID to its first eight characters and keeps a short id whole", () => {
    expect(shortId("0b6c6f2e-1d1a-4c4e-9a7e-0d6b3f1e2a9c")).toBe("0b6c6f2e…");
    expect(shortId("tull")).toBe("tull");
  });
});
