import { describe, expect, it } from "vitest";
import { MAX_AUDIT_SUMMARY, ZAuditEntry } from "@care/core/collections/audit-log.collection";
import { clientAuditEntry } from "./client-audit.ts";

describe("the audit rows a browser appends", () => {
  const user = { id: "uid-1", email: "nurse@example.test" };
  const facts = { action: "view", collection: "residents", recordId: "r1", facilityId: "tull", summary: null } as const;

  it("names the signed-in account as the actor and no IP, whatever the caller says", () => {
    const row = clientAuditEntry("a1", user, facts);
    expect(row).toMatchObject({
      id: "a1",
      actorId: "uid-1",
      actorEmail: "nurse@example.test",
      ip: null,
      createdBy: "uid-1",
      updatedBy: "uid-1",
      version: 1,
      archivedAt: null,
    });
    expect(ZAuditEntry.safeParse(row).success).toBe(true);
  });

  it("cuts a long summary (a list filtered by many records) to the limit the rules allow, as the server does", () => {
    const row = clientAuditEntry("a2", user, { ...facts, action: "export", summary: "x".repeat(3000) });
    expect(row.summary).toHaveLength(MAX_AUDIT_SUMMARY);
    expect(ZAuditEntry.safeParse(row).success).toBe(true);
  });
});
