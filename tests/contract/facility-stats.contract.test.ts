// InsightsPort.facilityStats on every harness: each home's census on its own today, planned move-ins
// counted apart, staff count and compliance, in one answer; homes the user may not see are left out,
// and so are the figures of areas their role may not read.
import { beforeAll, expect, it } from "vitest";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

/** A one-page PDF. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

await runContract("data", (ctx) => {
  let admin: TPorts;
  let limited: TPorts;
  const home = `stats-${RUN}`.toLowerCase().slice(0, 60);
  const other = `stats-other-${RUN}`.toLowerCase().slice(0, 60);

  const resident = (lastName: string, admissionDate: string, status = "active") => ({
    facilityId: home,
    firstName: "Stat",
    lastName,
    dateOfBirth: "1940-01-01",
    gender: "female" as const,
    admissionDate,
    status: status as "active",
    ambulatoryStatus: "ambulatory" as const,
    codeStatus: "full_code" as const,
    ...(status === "discharged" ? { dischargeDate: admissionDate } : {}),
  });

  beforeAll(async () => {
    admin = await ctx.signedIn();
    // A home on Hawaii time: its today is not the server's.
    await admin.data.create(
      "facilities",
      { name: "Stats home", timeZone: "Pacific/Honolulu", licensedCapacity: 6 },
      { id: home },
    );
    await admin.data.create("facilities", { name: "Other home" }, { id: other });
    const today = todayIn("Pacific/Honolulu");
    await admin.data.create("residents", resident("Living", addDays(today, -30)));
    await admin.data.create("residents", resident("Arrives", addDays(today, 10)));
    await admin.data.create("residents", resident("Left", addDays(today, -60), "discharged"));
    await admin.data.create("staff", { facilityId: home, firstName: "Sam", lastName: "Staff", position: "caregiver" });
    limited = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [other] }));
  });

  it("counts each home's census, planned move-ins and staff in one answer", async () => {
    const [stats] = await admin.insights.facilityStats({ facilityIds: [home] });
    expect(stats).toMatchObject({ facilityId: home, census: 1, plannedMoveIns: 1, staff: 1 });
    expect(["complete", "missing", "expiring", "expired"]).toContain(stats!.compliance?.status);
  });

  it("answers every home the user may see, and leaves out the others", async () => {
    const all = await admin.insights.facilityStats({});
    expect(all.map((s) => s.facilityId)).toEqual(expect.arrayContaining([home, other]));
    expect((await limited.insights.facilityStats({})).map((s) => s.facilityId)).toEqual([other]);
    expect(await limited.insights.facilityStats({ facilityIds: [home] })).toEqual([]);
  });

  it("answers a role without some areas its homes' other figures, those areas' as null", async () => {
    const caregiver = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: [home] }));
    const [stats] = await caregiver.insights.facilityStats({});
    // A caregiver reads residents and documents, not staff.
    expect(stats).toMatchObject({ facilityId: home, census: 1, plannedMoveIns: 1, staff: null });
    expect(["complete", "missing", "expiring", "expired"]).toContain(stats!.compliance?.status);
    const office = await ctx.signedIn(await ctx.createUser(admin, { role: "office", facilityIds: [home] }));
    // Office reads residents, neither staff nor documents.
    expect(await office.insights.facilityStats({ facilityIds: [home, other] })).toEqual([
      { facilityId: home, census: 1, plannedMoveIns: 1, staff: null, compliance: null },
    ]);
  });

  it("counts a staff member's documents in their home's compliance for whoever reads staff", async () => {
    // A staff paper required at this home only; Sam (a caregiver) has none, then one.
    const type = await admin.data.create("documentTypes", {
      subject: "staff",
      name: `Stats paper ${RUN}`,
      required: true,
      facilityIds: [home],
    });
    const before = (await admin.insights.facilityStats({ facilityIds: [home] }))[0]!.compliance!;
    const [sam] = (await admin.data.list("staff", { where: { facilityId: home } })).items;
    const file = await admin.files.upload(new Blob([PDF.slice()]), "paper.pdf", { facilityId: home });
    await admin.data.create("documents", {
      subject: "staff",
      subjectId: sam!.id,
      facilityId: home,
      typeId: type.id,
      fileId: file.id,
      fileName: file.name,
      contentType: file.contentType,
      size: file.size,
      issueDate: "2025-01-02",
    });
    const after = (await admin.insights.facilityStats({ facilityIds: [home] }))[0]!.compliance!;
    expect(after.counts.complete).toBe(before.counts.complete + 1);
    expect(after.counts.missing).toBe(before.counts.missing - 1);
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [home] }));
    expect((await manager.insights.facilityStats({ facilityIds: [home] }))[0]!.compliance!.counts).toEqual(
      after.counts,
    );
  });

  it("refuses a question about too many homes", async () => {
    await expectAppError(
      admin.insights.facilityStats({ facilityIds: Array.from({ length: 101 }, (_, i) => `h${i}`) }),
      "VALIDATION",
    );
  });
});
