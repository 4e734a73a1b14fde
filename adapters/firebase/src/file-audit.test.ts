import { describe, expect, it } from "vitest";
import { ZAuditEntry } from "@care/core/collections/audit-log.collection";
import { BYTES_GONE_OUTSIDE_PORTAL, fileOfObject, fileRemovedAuditEntry } from "./file-audit.ts";

describe("the audit row of a removed file", () => {
  it("names who removed it, the file, its home and type, as the server's file_remove row does", () => {
    const row = fileRemovedAuditEntry(
      "a1",
      { id: "uid-1", email: "admin@example.test" },
      { id: "f1", facilityId: "tull", contentType: "application/pdf" },
    );
    expect(row).toMatchObject({
      action: "file_remove",
      collection: "files",
      actorId: "uid-1",
      actorEmail: "admin@example.test",
      recordId: "f1",
      facilityId: "tull",
      summary: "application/pdf",
      ip: null,
    });
    expect(ZAuditEntry.safeParse(row).success).toBe(true);
  });

  it("records bytes gone outside the portal without an actor, saying so", () => {
    const row = fileRemovedAuditEntry(
      "a2",
      null,
      { id: "f1", facilityId: null, contentType: null },
      BYTES_GONE_OUTSIDE_PORTAL,
    );
    expect(row).toMatchObject({
      actorId: null,
      actorEmail: null,
      facilityId: null,
      summary: BYTES_GONE_OUTSIDE_PORTAL,
    });
    expect(ZAuditEntry.safeParse(row).success).toBe(true);
  });

  it("finds the portal file a Storage object holds, and nothing in other objects", () => {
    expect(fileOfObject("files/tull/f1")).toEqual({ id: "f1", facilityId: "tull" });
    expect(fileOfObject("files/_group/f2")).toEqual({ id: "f2", facilityId: null });
    expect(fileOfObject("exports/tull/f1")).toBeNull();
    expect(fileOfObject("files/tull")).toBeNull();
    expect(fileOfObject(undefined)).toBeNull();
  });
});
