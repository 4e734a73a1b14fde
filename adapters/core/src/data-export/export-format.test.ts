import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { collectionNames } from "../registry.ts";
import { CsvNames, csvFields, csvHeaderLine, csvLines, safeCsvCell } from "./export-csv.ts";
import {
  collectionJsonPath,
  exportSchemaVersion,
  IMPORT_ORDER,
  JSON_HEAD,
  JSON_TAIL,
  parseRecordLine,
  recordLine,
  ZExportManifest,
  type TExportManifest,
} from "./export-format.ts";

const SHA = "a".repeat(64);

function manifest(): TExportManifest {
  return {
    format: "care-portal-export",
    version: 1,
    schemaVersion: exportSchemaVersion(),
    exportedAt: "2026-11-27T10:00:00.000Z",
    exportedBy: { id: "u1", email: "admin@example.test" },
    backend: "http",
    facilityIds: null,
    collections: Object.fromEntries(
      collectionNames.map((name) => [
        name,
        {
          count: 0,
          json: { path: collectionJsonPath(name), sha256: SHA },
          csv: { path: `csv/${name}.csv`, sha256: SHA },
        },
      ]),
    ) as TExportManifest["collections"],
    files: { count: 0, bytes: 0, index: { path: "files/index.json", sha256: SHA } },
  };
}

describe("the export manifest", () => {
  it("accepts a manifest naming every collection", () => {
    expect(ZExportManifest.safeParse(manifest()).success).toBe(true);
  });

  it("refuses another format version, a missing collection and a checksum that is no SHA-256", () => {
    const other = { ...manifest(), version: 2 };
    expect(ZExportManifest.safeParse(other).success).toBe(false);
    const { residents: _residents, ...fewer } = manifest().collections;
    expect(ZExportManifest.safeParse({ ...manifest(), collections: fewer }).success).toBe(false);
    const bad = manifest();
    bad.collections.staff.json.sha256 = "not-a-hash";
    const result = ZExportManifest.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["collections", "staff", "json", "sha256"]);
  });

  it("names the schema version by the registry's schemas, stably", () => {
    expect(exportSchemaVersion()).toMatch(/^[0-9a-f]{28}$/);
    expect(exportSchemaVersion()).toBe(exportSchemaVersion());
  });

  it("imports every collection once, the audit log last", () => {
    expect([...IMPORT_ORDER].sort()).toEqual([...collectionNames].sort());
    expect(IMPORT_ORDER.at(-1)).toBe("auditLog");
    expect(IMPORT_ORDER.indexOf("facilities")).toBe(0);
  });
});

describe("record lines", () => {
  it("render equal records as equal bytes whatever their key order, one per line", () => {
    const a = recordLine({ id: "r1", b: 1, a: { y: 2, x: [{ q: 1, p: 2 }] }, note: "two\nlines" }, false);
    const b = recordLine({ note: "two\nlines", a: { x: [{ p: 2, q: 1 }], y: 2 }, b: 1, id: "r1" }, false);
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"x":[{"p":2,"q":1}],"y":2},"b":1,"id":"r1","note":"two\\nlines"},\n');
    expect(recordLine({ id: "r2" }, true)).toBe('{"id":"r2"}\n');
  });

  it("make a JSON array a plain parser reads, and parse back line by line", () => {
    const records = [
      { id: "a", n: 1 },
      { id: "b", n: 2 },
    ];
    const text = JSON_HEAD + records.map((r, i) => recordLine(r, i === records.length - 1)).join("") + JSON_TAIL;
    expect(JSON.parse(text)).toEqual(records);
    const lines = text.split("\n");
    expect(lines.map(parseRecordLine).filter(Boolean)).toEqual(records);
    expect(parseRecordLine("[")).toBeUndefined();
    expect(parseRecordLine("{broken")).toBeUndefined();
  });
});

describe("collection CSV", () => {
  it("names the linked record beside its id, from the collections exported before", () => {
    const fields = csvFields("payments");
    expect(fields.slice(0, 5)).toEqual(["id", "residentId", "residentIdName", "facilityId", "facilityIdName"]);
    expect(csvHeaderLine("payments")).toMatch(/^Id,Resident,Resident name,Facility,Facility name,/);
    const names = new CsvNames();
    names.remember("residents", [{ id: "r1", firstName: "Margaret", lastName: "Okafor" }]);
    names.remember("facilities", [{ id: "tull", name: "Tull House" }]);
    const [row] = Papa.parse<string[]>(
      csvLines("payments", [{ id: "p1", residentId: "r1", facilityId: "tull", method: "ach" }], names).trim(),
    ).data;
    expect(row!.slice(0, 5)).toEqual(["p1", "r1", "Okafor, Margaret", "tull", "Tull House"]);
    // Codes in words, an abbreviation in capitals.
    expect(row![fields.indexOf("method")]).toBe("ACH");
  });

  it("says a field's unit once: no doubled ($) in a header", () => {
    expect(csvHeaderLine("agentFeeTerms")).toContain(",Flat fee ($),At most ($),");
    for (const name of collectionNames) expect(csvHeaderLine(name), name).not.toContain("($) ($)");
  });

  it("heads the columns with the field labels, id first, metadata last", () => {
    expect(csvFields("roles")).toEqual([
      "id",
      "name",
      "description",
      "permissions",
      "actions",
      "version",
      "createdAt",
      "updatedAt",
      "createdBy",
      "updatedBy",
      "archivedAt",
    ]);
    expect(csvHeaderLine("roles")).toBe(
      "Id,Name,Description,Permissions,Actions,Version,Created (America/Los_Angeles),Updated (America/Los_Angeles),Created by,Updated by,Archived (America/Los_Angeles)\r\n",
    );
  });

  it("writes objects and lists as readable text, never JSON, empties for absent values, and guards formulas", () => {
    const csv = csvLines("roles", [
      {
        id: "r1",
        name: "=cmd()",
        permissions: { users: "write", audit: "read" },
        actions: ["discharge", "recordDeath"],
        version: 1,
        archivedAt: null,
      },
    ]);
    const [row] = Papa.parse<string[]>(csv.trim()).data;
    // Keys sorted, as every backend must render the same bytes; areas, levels and actions by their labels.
    expect(row).toEqual([
      "r1",
      "'=cmd()",
      "",
      "Audit log: Read, Users & roles: Read & write",
      "Discharge residents; Record a death",
      "1",
      "",
      "",
      "",
      "",
      "",
    ]);
    const contacts = csvFields("residents").indexOf("emergencyContacts");
    const [resident] = Papa.parse<string[]>(
      csvLines("residents", [
        {
          id: "r1",
          emergencyContacts: [
            { name: "Byron King", relationship: "son", powerOfAttorney: true },
            { name: "Ann King", phone: "(559) 555-0101" },
          ],
        },
      ]).trim(),
    ).data;
    expect(resident![contacts]).toBe(
      "Name: Byron King, Power of attorney: yes, Relationship: son; Name: Ann King, Phone: (559) 555-0101",
    );
    expect(csvLines("roles", [])).toBe("");
    expect(safeCsvCell("-2")).toBe("'-2");
    expect(safeCsvCell(-2)).toBe("-2");
  });

  it("gives money in dollars, its header saying so, credits as negative numbers", () => {
    expect(csvHeaderLine("payments")).toContain(",Amount ($),");
    const column = csvFields("payments").indexOf("amountCents");
    const csv = csvLines("payments", [
      { id: "p1", amountCents: 425_050 },
      { id: "p2", amountCents: -2_500 },
    ]);
    expect(Papa.parse<string[]>(csv.trim()).data.map((cells) => cells[column])).toEqual(["4250.5", "-25"]);
  });

  it("writes times in the home's time zone, named in the header, and in several zones names each", () => {
    const names = new CsvNames();
    names.remember("facilities", [{ id: "tull", name: "Tull House", timeZone: "America/Los_Angeles", sortOrder: 1 }]);
    const created = csvFields("payments").indexOf("createdAt");
    const line = (csv: string) => Papa.parse<string[]>(csv.trim()).data[0]!;
    const payment = { id: "p1", facilityId: "tull", createdAt: "2026-11-29T16:15:00.000Z" };
    expect(line(csvHeaderLine("payments", names))[created]).toBe("Created (America/Los_Angeles)");
    expect(line(csvLines("payments", [payment], names))[created]).toBe("2026-11-29 08:15");
    // A group-wide record (a role): the group's zone, its first home's.
    expect(line(csvLines("roles", [{ id: "r1", createdAt: "2026-01-01T07:59:00.000Z" }], names))[6]).toBe(
      "2025-12-31 23:59",
    );
    // A date stays a date.
    const received = csvFields("payments").indexOf("receivedOn");
    expect(line(csvLines("payments", [{ ...payment, receivedOn: "2026-11-29" }], names))[received]).toBe("2026-11-29");

    names.remember("facilities", [{ id: "denver", name: "Denver House", timeZone: "America/Denver", sortOrder: 2 }]);
    expect(line(csvHeaderLine("payments", names))[created]).toBe("Created (home's time zone)");
    expect(line(csvLines("payments", [{ ...payment, facilityId: "denver" }], names))[created]).toBe(
      "2026-11-29 09:15 America/Denver",
    );
    // The facilities' own CSV: its Time zone column names each home's.
    expect(line(csvHeaderLine("facilities", names))).toContain("Created (home's time zone)");
  });

  it("reads a code by its declared label where the portal has one, and leaves no code raw", () => {
    const staff = csvFields("staff");
    const [row] = Papa.parse<string[]>(
      csvLines("staff", [{ id: "s1", position: "administrator", clearanceStatus: "exemption_granted" }]).trim(),
    ).data;
    expect(row![staff.indexOf("clearanceStatus")]).not.toMatch(/_/);
    expect(row![staff.indexOf("position")]).toMatch(/^[A-Z]/);
    // No doubled unit, and no column headed by a raw field name ("lastSignInAt").
    for (const name of collectionNames)
      expect(csvHeaderLine(name), name).not.toMatch(/\(\$\) \(\$\)|(^|,)[a-z]+[A-Z][A-Za-z]*(,|\r)/);
  });
});
