// Contract for grants (rules/grants.rules of @care/core): "Users & roles: write" alone is not an
// administrator. A user gives only permissions they hold themselves, never edits their own role, and
// never edits a role or an account holding more than they do; each grant's audit row says who gave
// what — the same on every harness (see contract-runner.ts).
import { beforeAll, expect } from "vitest";
import { ADMINISTRATOR_ROLE_ID, permissionsAt } from "@care/core/collections/roles.collection";
import type { TPorts } from "./harness.ts";
import { eventually, expectAppError, runContract, unique } from "./contract-runner.ts";

await runContract("auth", (ctx) => {
  let admin: TPorts;
  /** A user of every home whose role manages users and reads residents, nothing more. */
  let accounts: TPorts;
  let accountsRoleId: string;
  /** A role within the accounts manager's permissions. */
  let readerRoleId: string;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    accountsRoleId = unique("accounts");
    await admin.data.create(
      "roles",
      { name: "Accounts", permissions: { ...permissionsAt("none"), users: "write", residents: "read" } },
      { id: accountsRoleId },
    );
    readerRoleId = unique("reader");
    await admin.data.create(
      "roles",
      { name: "Reader", permissions: { ...permissionsAt("none"), residents: "read" } },
      { id: readerRoleId },
    );
    const { email, password } = await ctx.createUser(admin, { role: accountsRoleId, facilityIds: null });
    accounts = await ctx.signedIn({ email, password });
  });

  const it = ctx.itUsing(["auth", "data"]);

  it("creates accounts only with a role whose permissions the creator holds", async () => {
    const invite = (role: string) => ({ email: `${unique("grant")}@contract.test`, role, facilityIds: null });
    await expectAppError(accounts.auth.createUser(invite(ADMINISTRATOR_ROLE_ID)), "FORBIDDEN");
    await expectAppError(accounts.auth.createUser(invite("caregiver")), "FORBIDDEN");
    const { user } = await accounts.auth.createUser(invite(readerRoleId));
    expect(user.role).toBe(readerRoleId);
  });

  it("gives a role only permissions the editor holds, and never edits their own role", async () => {
    const everything = { name: "Everything", permissions: permissionsAt("write") };
    await expectAppError(accounts.data.create("roles", everything, { id: unique("everything") }), "FORBIDDEN");
    const within = await accounts.data.create(
      "roles",
      { name: "Within", permissions: { ...permissionsAt("none"), residents: "read" } },
      { id: unique("within") },
    );
    await expectAppError(
      accounts.data.update(
        "roles",
        within.id,
        { permissions: { ...within.permissions, rent: "read" } },
        within.version,
      ),
      "FORBIDDEN",
    );
    // Their own role: neither widened nor narrowed (whoever narrowed it could not widen it again).
    const own = await admin.data.get("roles", accountsRoleId);
    await expectAppError(
      accounts.data.update("roles", own.id, { permissions: permissionsAt("write") }, own.version),
      "FORBIDDEN",
    );
    await expectAppError(accounts.data.update("roles", own.id, { name: "Renamed" }, own.version), "FORBIDDEN");
    // A role holding more than the editor stays as it is, and stays.
    const caregiver = await admin.data.get("roles", "caregiver");
    await expectAppError(
      accounts.data.update("roles", "caregiver", { permissions: permissionsAt("none") }, caregiver.version),
      "FORBIDDEN",
    );
    const spare = await admin.data.create(
      "roles",
      { name: "Spare", permissions: { ...permissionsAt("none"), medical: "read" } },
      { id: unique("spare") },
    );
    await expectAppError(accounts.data.remove("roles", spare.id, spare.version), "FORBIDDEN");
  });

  it("promotes nobody, and leaves alone an account holding more than the editor", async () => {
    const reader = await ctx.createUser(admin, { role: readerRoleId, facilityIds: ["tull"] });
    await expectAppError(
      accounts.data.update("users", reader.record.id, { role: ADMINISTRATOR_ROLE_ID }, reader.record.version),
      "FORBIDDEN",
    );
    await expectAppError(
      accounts.data.update("users", reader.record.id, { role: "caregiver" }, reader.record.version),
      "FORBIDDEN",
    );
    const caregiver = await ctx.createUser(admin, { role: "caregiver", facilityIds: ["tull"] });
    await expectAppError(
      accounts.data.update("users", caregiver.record.id, { active: false }, caregiver.record.version),
      "FORBIDDEN",
    );
    // A one-time password would open the account: not for one holding more than the editor.
    await expectAppError(accounts.auth.resetPassword(caregiver.record.id), "FORBIDDEN");
    await accounts.auth.resetPassword(reader.record.id);
  });

  it("records who gave whom which role and homes", async () => {
    const reader = await ctx.createUser(admin, { role: readerRoleId, facilityIds: ["tull"] });
    const record = await admin.data.get("users", reader.record.id);
    await admin.data.update("users", record.id, { role: accountsRoleId, facilityIds: null }, record.version);
    const row = await eventually(async () => {
      const { items } = await admin.data.list("auditLog", { where: { action: "update", recordId: record.id } });
      const granted = items.find((item) => item.summary?.includes("role:"));
      expect(granted).toBeDefined();
      return granted!;
    });
    expect(row.actorEmail).toBe(ctx.harness.admin.email);
    expect(row.summary).toContain(`role: ${readerRoleId} → ${accountsRoleId}`);
    expect(row.summary).toContain("facilities: tull → all homes");
  });
});
