// Referral agents on every harness: kept once for the whole group (any home's user with referrals sees
// them), validated, searchable; their fee terms in a collection of their own, keyed by the agent, which
// a role without the Referral fees permission can neither read nor write — so fee fields never reach it;
// and the agent's papers (agreement, W-9) as group-wide documents, which only users of every home see.
import { beforeAll, expect, it } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

/** A one-page PDF. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

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

  ctx.itUsing(["files"])(
    "keeps an agent's agreement as a group-wide document: no home, seen only by users of every home",
    async () => {
      const typeId = unique("agent-agreement");
      await admin.data.create(
        "documentTypes",
        { subject: "agent", name: `Referral agreement ${RUN}`, validityMonths: 12 },
        { id: typeId },
      );
      // An agent's document type applies to the whole group, never to chosen homes.
      const scoped = await expectAppError(
        admin.data.create("documentTypes", { subject: "agent", name: `Agreement ${RUN}`, facilityIds: ["tull"] }),
        "VALIDATION",
      );
      expect(scoped.fields).toEqual({ facilityIds: "An agent's documents apply to the whole group" });

      const file = await admin.files.upload(new Blob([PDF.slice()]), "agreement.pdf", { facilityId: null });
      const fields = { fileId: file.id, fileName: file.name, contentType: file.contentType, size: file.size };
      const inHome = await expectAppError(
        admin.data.create("documents", { subject: "agent", subjectId: agentId, facilityId: "tull", typeId, ...fields }),
        "VALIDATION",
      );
      expect(inHome.fields).toMatchObject({ facilityId: "An agent's documents belong to the whole group" });
      const homeless = await expectAppError(
        admin.data.create("documents", {
          subject: "resident",
          subjectId: agentId,
          facilityId: null,
          typeId,
          ...fields,
        }),
        "VALIDATION",
      );
      expect(homeless.fields).toMatchObject({ facilityId: "Choose the home this document belongs to" });
      const stranger = await expectAppError(
        admin.data.create("documents", {
          subject: "agent",
          subjectId: unique("no-such-agent"),
          facilityId: null,
          typeId,
          ...fields,
        }),
        "VALIDATION",
      );
      expect(stranger.fields).toMatchObject({ subjectId: "No such referral agent" });
      const early = await expectAppError(
        admin.data.create("documents", {
          subject: "agent",
          subjectId: agentId,
          facilityId: null,
          typeId,
          ...fields,
          issueDate: "2999-01-01",
        }),
        "VALIDATION",
      );
      expect(early.fields).toMatchObject({ issueDate: "The issue date cannot be in the future" });

      const agreement = await admin.data.create("documents", {
        subject: "agent",
        subjectId: agentId,
        facilityId: null,
        typeId,
        ...fields,
        issueDate: "2026-01-15",
        expiryDate: "2027-01-14",
      });
      expect(agreement).toMatchObject({ subject: "agent", facilityId: null, current: true });
      const listed = await admin.data.list("documents", { where: { subject: "agent", subjectId: agentId } });
      expect(listed.items.map((d) => d.id)).toEqual([agreement.id]);

      // A role with Documents that sees every home reads the agreement. A house manager of one home
      // does not, and cannot file one either.
      const roleId = unique("papers-clerk");
      await admin.data.create(
        "roles",
        {
          name: `Papers clerk ${RUN}`,
          permissions: { ...permissionsAt("none"), documents: "read", referrals: "read" },
        },
        { id: roleId },
      );
      const clerk = await ctx.signedIn(await ctx.createUser(admin, { role: roleId, facilityIds: null }));
      expect((await clerk.data.get("documents", agreement.id)).expiryDate).toBe("2027-01-14");
      const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
      await expectAppError(manager.data.get("documents", agreement.id), "NOT_FOUND");
      expect((await manager.data.list("documents", { where: { subject: "agent", subjectId: agentId } })).items).toEqual(
        [],
      );
      await expectAppError(
        manager.data.create("documents", { subject: "agent", subjectId: agentId, facilityId: null, typeId, ...fields }),
        "FORBIDDEN",
      );
    },
  );
});
