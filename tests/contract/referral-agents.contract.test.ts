// Referral agents on every harness: kept once for the whole group (any home's user with referrals sees
// them), validated, searchable; their fee terms in a collection of their own, keyed by the agent, which
// a role without the Referral fees permission can neither read nor write — so fee fields never reach it.
import { beforeAll, expect, it } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let agentId = "";

  beforeAll(async () => {
    admin = await ctx.signedIn();
  });

  it("keeps agents for the whole group, validated, searchable by agent or agency", async () => {
    const bad = await expectAppError(
      admin.data.create("referralAgents", { name: "", email: "not an address", duplicateReportDays: 0 }),
      "VALIDATION",
    );
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(["duplicateReportDays", "email", "name"]);
    const agent = await admin.data.create("referralAgents", {
      name: `Rosa Placement ${RUN}`,
      agency: `Sunset Senior Advisors ${RUN}`,
      phone: "(559) 555-0199",
      duplicateReportDays: 7,
      moveInReportBusinessDays: 1,
    });
    agentId = agent.id;
    expect(agent).toMatchObject({ active: true, duplicateReportDays: 7, moveInReportBusinessDays: 1, version: 1 });
    const found = await admin.data.list("referralAgents", { search: `Sunset Senior Advisors ${RUN}` });
    expect(found.items.map((a) => a.id)).toEqual([agentId]);
    // A house manager of one home sees the group's agents.
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
    expect((await manager.data.get("referralAgents", agentId)).name).toBe(`Rosa Placement ${RUN}`);
  });

  it("keeps fee terms under the agent's id, with the kind's amount required", async () => {
    const missing = await expectAppError(
      admin.data.create("agentFeeTerms", { agentId, kind: "percent_first_month" }, { id: agentId }),
      "VALIDATION",
    );
    expect(missing.fields).toEqual({ percentBasisPoints: "Enter the percent of the first month" });
    const capped = await expectAppError(
      admin.data.create(
        "agentFeeTerms",
        { agentId, kind: "flat", flatCents: 150_000, capCents: 100_000 },
        { id: agentId },
      ),
      "VALIDATION",
    );
    expect(capped.fields).toEqual({ capCents: "A flat fee has no cap" });
    const terms = await admin.data.create(
      "agentFeeTerms",
      { agentId, kind: "percent_first_month", percentBasisPoints: 5000, capCents: 300_000, prorateFirstMonth: true },
      { id: agentId },
    );
    expect(terms).toMatchObject({ id: agentId, percentBasisPoints: 5000, capCents: 300_000 });
    await expectAppError(
      admin.data.create("agentFeeTerms", { agentId, kind: "flat", flatCents: 100_000 }, { id: agentId }),
      "CONFLICT",
    );
    const stranger = await expectAppError(
      admin.data.create("agentFeeTerms", { agentId: unique("nobody"), kind: "flat", flatCents: 100_000 }),
      "VALIDATION",
    );
    expect(Object.keys(stranger.fields ?? {})).toContain("agentId");
  });

  it("never gives fee terms to a role without the Referral fees permission", async () => {
    const roleId = unique("referrals-clerk");
    await admin.data.create(
      "roles",
      { name: `Referrals clerk ${RUN}`, permissions: { ...permissionsAt("none"), referrals: "write" } },
      { id: roleId },
    );
    const clerk = await ctx.signedIn(await ctx.createUser(admin, { role: roleId, facilityIds: null }));
    const agent = await clerk.data.get("referralAgents", agentId);
    expect(Object.keys(agent)).not.toContain("percentBasisPoints");
    await expectAppError(clerk.data.get("agentFeeTerms", agentId), "FORBIDDEN");
    await expectAppError(clerk.data.list("agentFeeTerms", { where: { agentId } }), "FORBIDDEN");
    await expectAppError(
      clerk.data.create("agentFeeTerms", { agentId, kind: "flat", flatCents: 1 }, { id: `${agentId}-x` }),
      "FORBIDDEN",
    );
    // The office role has it (as it had "Referrals & fees").
    const office = await ctx.signedIn(await ctx.createUser(admin, { role: "office", facilityIds: null }));
    expect((await office.data.get("agentFeeTerms", agentId)).percentBasisPoints).toBe(5000);
  });
});
