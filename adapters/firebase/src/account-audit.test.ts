import { describe, expect, it } from "vitest";
import { ZAuditEntry } from "@care/core/collections/audit-log.collection";
import { userCreatedAuditEntry } from "./account-audit.ts";

describe("the audit row of a created account", () => {
  it("names the administrator who created it, the new user and what they were given, as the server's row does", () => {
    const row = userCreatedAuditEntry(
      "a1",
      { id: "admin-uid", email: "admin@example.test" },
      { id: "new-uid", role: "caregiver", facilityIds: ["tull"] },
    );
    expect(row).toMatchObject({
      id: "a1",
      action: "user_create",
      actorId: "admin-uid",
      actorEmail: "admin@example.test",
      collection: "users",
      recordId: "new-uid",
      facilityId: null,
      summary: "granted role: none → caregiver; facilities: none → tull",
      ip: null,
      createdBy: "admin-uid",
    });
    expect(ZAuditEntry.safeParse(row).success).toBe(true);
  });
});
