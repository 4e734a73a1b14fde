// Audit log contract: what the Settings → Audit log page and a record's "Who viewed or changed this
// record" panel read — filters, a time range, cursor pages newest first — and that nobody can change or
// remove a row, on every harness.
import { beforeAll, expect, it } from "vitest";
import type { TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { eventually, expectAppError, runContract, unique } from "./contract-runner.ts";

type TAuditRecord = TRecordOf<"auditLog">;

await runContract("data", (ctx) => {
  let admin: TPorts;
  let adminId: string;
  /** The facilities this suite changed, with the instants around the changes. */
  const ids: string[] = [];
  let before: string;
  let after: string;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    adminId = admin.auth.current()!.id;
    before = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 3; i += 1) {
      const id = unique("audit-home");
      ids.push(id);
      await admin.data.create("facilities", { name: `Audit ${id}`, sortOrder: 1000 }, { id });
      await admin.data.update("facilities", id, { phone: "(559) 555-0110" }, 1);
    }
    after = new Date(Date.now() + 1000).toISOString();
    // The audit log is a log: every backend has each change's row within a few seconds (at once but on
    // Firebase, where a function writes it after the commit, at the time of the change).
    await eventually(async () => {
      for (const id of ids)
        expect(await admin.data.count("auditLog", { where: { collection: "facilities", recordId: id } })).toBe(2);
    });
  });

  it("lists one record's rows (collection and record id) within a time range, and counts them", async () => {
    const where = { collection: "facilities", recordId: ids[0]!, actorId: adminId };
    const inside = await admin.data.list("auditLog", { where, range: { from: before, to: after } });
    expect(inside.items.map((row) => row.action)).toEqual(["update", "create"]);
    expect(await admin.data.count("auditLog", { where, range: { from: before, to: after } })).toBe(2);
    expect((await admin.data.list("auditLog", { where, range: { to: before } })).items).toEqual([]);
    expect(await admin.data.count("auditLog", { where, range: { from: after } })).toBe(0);
  });

  it("pages a filtered range newest first by cursor, without gaps or repeats", async () => {
    const query = { where: { collection: "facilities", actorId: adminId }, range: { from: before, to: after } };
    const rows: TAuditRecord[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: TAuditRecord[]; nextCursor: string | null } = await admin.data.list("auditLog", {
        ...query,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      rows.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const ours = rows.filter((row) => ids.includes(row.recordId ?? ""));
    expect(ours).toHaveLength(6);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const ats = rows.map((row) => row.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });

  it("refuses a malformed range naming its end, and a range on a collection without a time field", async () => {
    const bad = await expectAppError(admin.data.list("auditLog", { range: { from: "last week" } }), "VALIDATION");
    expect(bad.fields).toEqual({ "range.from": "Must be a date and time (ISO 8601)" });
    const reversed = await expectAppError(
      admin.data.count("auditLog", { range: { from: after, to: before } }),
      "VALIDATION",
    );
    expect(reversed.fields).toEqual({ "range.to": "Must be after the start of the range" });
    await expectAppError(admin.data.list("facilities", { range: { from: before } }), "VALIDATION");
  });

  it("records who created a user: the administrator, the new account and its role", async () => {
    const account = await ctx.createUser(admin, { role: "caregiver", facilityIds: ["tull"] });
    const rows = await admin.data.list("auditLog", { where: { action: "user_create", recordId: account.record.id } });
    expect(rows.items).toHaveLength(1);
    expect(rows.items[0]).toMatchObject({
      actorId: adminId,
      actorEmail: ctx.harness.admin.email,
      collection: "users",
      recordId: account.record.id,
    });
    expect(rows.items[0]!.summary).toContain("caregiver");
  });

  it("refuses to change or remove an audit row through update, remove and commit (FORBIDDEN)", async () => {
    const [row] = (await admin.data.list("auditLog", { where: { recordId: ids[1]! }, limit: 1 })).items;
    await expectAppError(admin.data.update("auditLog", row!.id, { summary: "rewritten" }, row!.version), "FORBIDDEN");
    await expectAppError(admin.data.remove("auditLog", row!.id, row!.version), "FORBIDDEN");
    await expectAppError(
      admin.data.commit([
        { op: "update", collection: "auditLog", id: row!.id, version: row!.version, patch: { summary: "x" } },
      ]),
      "FORBIDDEN",
    );
    await expectAppError(
      admin.data.commit([{ op: "remove", collection: "auditLog", id: row!.id, version: row!.version }]),
      "FORBIDDEN",
    );
    expect(await admin.data.get("auditLog", row!.id)).toEqual(row);
  });
});
