import { describe, expect, it } from "vitest";
import { ZAuditEntry } from "@care/core/collections/audit-log.collection";
import { bytesRefusal, checkFileBytes, REJECTED_FIELD, type TFileBytesStore } from "./file-bytes-check.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const HTML = new TextEncoder().encode("<html><script>alert(1)</script></html>");

/** Storage and Firestore in memory, with what the check did to them. */
function fakeStore(objects: Record<string, Uint8Array>, descriptions: Record<string, Record<string, unknown>>) {
  const rows: (Record<string, unknown> & { id: string })[] = [];
  const log: string[] = [];
  /** Each rejected description as it was when deleted, with its mark. */
  const rejected: Record<string, Record<string, unknown>> = {};
  const store: TFileBytesStore = {
    async readHead(name, length) {
      log.push(`read ${name} ${length}`);
      return (objects[name] ?? new Uint8Array()).slice(0, length);
    },
    async deleteObject(name) {
      log.push(`delete object ${name}`);
      delete objects[name];
    },
    async description(id) {
      return descriptions[id] ?? null;
    },
    async rejectDescription(id, reason) {
      log.push(`reject description ${id}`);
      rejected[id] = { ...descriptions[id], [REJECTED_FIELD]: reason };
      delete descriptions[id];
    },
    async appendAuditRow(row) {
      rows.push(row);
    },
    newAuditId: () => `a${rows.length + 1}`,
  };
  return { store, rows, log, objects, descriptions, rejected };
}

describe("checkFileBytes", () => {
  it("keeps bytes of the accepted type their object and description declare", async () => {
    const fake = fakeStore(
      { "files/tull/f1": PDF, "files/_group/f2": PNG },
      { f1: { contentType: "application/pdf", createdBy: "u1" }, f2: { contentType: "image/png", createdBy: "u1" } },
    );
    expect(await checkFileBytes(fake.store, { name: "files/tull/f1", contentType: "application/pdf" })).toBe("kept");
    expect(await checkFileBytes(fake.store, { name: "files/_group/f2", contentType: "image/png" })).toBe("kept");
    expect(fake.log).toEqual(["read files/tull/f1 16", "read files/_group/f2 16"]);
    expect(fake.rows).toEqual([]);
  });

  it("removes bytes of no accepted type, their description first, with one audit row saying why", async () => {
    const fake = fakeStore(
      { "files/tull/f1": HTML },
      { f1: { contentType: "application/pdf", facilityId: "tull", createdBy: "u1" } },
    );
    expect(await checkFileBytes(fake.store, { name: "files/tull/f1", contentType: "application/pdf" })).toBe("removed");
    expect(fake.log).toEqual(["read files/tull/f1 16", "reject description f1", "delete object files/tull/f1"]);
    expect(fake.objects).toEqual({});
    expect(fake.descriptions).toEqual({});
    // Marked before its deletion: auditFileRemoval leaves the row to this check.
    expect(fake.rejected.f1?.[REJECTED_FIELD]).toBe(fake.rows[0]?.summary);
    expect(fake.rows).toHaveLength(1);
    expect(fake.rows[0]).toMatchObject({
      action: "file_remove",
      collection: "files",
      recordId: "f1",
      facilityId: "tull",
      actorId: null,
      summary:
        "Removed on upload: the bytes are no file type the portal accepts (pdf, png, jpg, webp, heic); uploaded by u1",
    });
    expect(ZAuditEntry.safeParse(fake.rows[0]).success).toBe(true);
  });

  it("removes accepted bytes of another type than the object or its description declares", async () => {
    const declaredPng = fakeStore({ "files/tull/f1": PDF }, { f1: { contentType: "image/png", createdBy: "u1" } });
    expect(await checkFileBytes(declaredPng.store, { name: "files/tull/f1", contentType: "image/png" })).toBe(
      "removed",
    );
    expect(declaredPng.rows[0]?.summary).toBe(
      "Removed on upload: the bytes are application/pdf, declared image/png; uploaded by u1",
    );
    // The object's metadata and the description disagree (the rules require them equal): removed too.
    const described = fakeStore({ "files/tull/f1": PDF }, { f1: { contentType: "image/png" } });
    expect(await checkFileBytes(described.store, { name: "files/tull/f1", contentType: "application/pdf" })).toBe(
      "removed",
    );
    expect(described.rows[0]?.summary).toBe("Removed on upload: the bytes are application/pdf, declared image/png");
  });

  it("removes bad bytes that have no description, and leaves objects that are no portal file", async () => {
    const fake = fakeStore({ "files/tull/f9": HTML, "exports/x.zip": HTML }, {});
    expect(await checkFileBytes(fake.store, { name: "files/tull/f9" })).toBe("removed");
    expect(fake.log).toEqual(["read files/tull/f9 16", "delete object files/tull/f9"]);
    expect(fake.rows[0]).toMatchObject({
      recordId: "f9",
      facilityId: "tull",
      summary: "Removed on upload: the bytes are no file type the portal accepts (pdf, png, jpg, webp, heic)",
    });
    expect(await checkFileBytes(fake.store, { name: "exports/x.zip", contentType: "application/zip" })).toBe(
      "not-a-file",
    );
    expect(fake.objects["exports/x.zip"]).toBeDefined();
  });
});

describe("bytesRefusal", () => {
  it("accepts only sniffed bytes of the declared type", () => {
    expect(bytesRefusal("image/jpeg", "image/jpeg")).toBeNull();
    expect(bytesRefusal(null, "image/jpeg")).toBe("the bytes are image/jpeg, declared without a type");
    expect(bytesRefusal("image/jpeg", null)).toMatch(/^the bytes are no file type the portal accepts/);
  });
});
