// A person's papers follow the person's area, on every harness: a staff member's documents and their
// files need Staff besides Documents (read to list and download, write to upload or change), a
// referral agent's need Referrals, a resident's Residents; a home's own documents need Documents alone.
// And the rota shows a reader without Staff the names and shifts of colleagues, never their clearance,
// employment dates or training.
import { beforeAll, expect, it } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import type { TListQuery } from "@care/core/list-query";
import { addDays, localToday } from "@care/core/rules/date-only.rules";
import { weekStartOf } from "@care/core/rules/schedule.rules";
import { residentInput } from "../../server/src/test/fixtures.ts";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

/** A one-page PDF. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

await runContract("files", (ctx) => {
  let admin: TPorts;
  /** A caregiver of every home: Residents write, Documents read, no Staff, no Referrals. */
  let caregiver: TPorts;
  /** A house manager of every home: Staff, Referrals and Documents. */
  let manager: TPorts;
  /** Documents write and Residents write, but Staff and Referrals read only. */
  let clerk: TPorts;
  const home = `subj-${RUN}`.toLowerCase();
  const week = weekStartOf(addDays(localToday(), 14));
  const ids: Record<string, string> = {};
  /** Each subject's document and its file, as the admin created them. */
  const papers = {} as Record<TDocumentSubject, { id: string; fileId: string }>;

  /** Uploads a file and creates a document of `subject` naming it, as `ports`. */
  async function paper(ports: TPorts, subject: TDocumentSubject, subjectId: string) {
    const facilityId = subject === "agent" ? null : home;
    const file = await ports.files.upload(new Blob([PDF.slice()]), `${subject}.pdf`, { facilityId });
    const fields = { fileId: file.id, fileName: file.name, contentType: file.contentType, size: file.size };
    return ports.data.create("documents", { subject, subjectId, facilityId, title: `${subject} paper`, ...fields });
  }

  beforeAll(async () => {
    admin = await ctx.signedIn();
    await admin.data.create("facilities", { name: `Subjects ${RUN}`, timeZone: "America/Los_Angeles" }, { id: home });
    ids.staff = (
      await admin.data.create("staff", {
        facilityId: home,
        firstName: "Sam",
        lastName: `Subject${RUN}`,
        position: "caregiver",
        clearanceStatus: "exemption_granted",
        clearanceSubmittedDate: "2025-01-01",
        clearanceDate: "2025-02-01",
      })
    ).id;
    ids.resident = (await admin.data.create("residents", residentInput(home, `Subject${RUN}`))).id;
    ids.agent = (await admin.data.create("referralAgents", { name: `Agent ${RUN}`, duplicateReportDays: 7 })).id;
    const subjects: Record<TDocumentSubject, string> = {
      staff: ids.staff,
      resident: ids.resident,
      facility: home,
      agent: ids.agent,
    };
    for (const [subject, subjectId] of Object.entries(subjects) as [TDocumentSubject, string][]) {
      const created = await paper(admin, subject, subjectId);
      papers[subject] = { id: created.id, fileId: created.fileId };
    }
    const clerkRole = unique("clerk").toLowerCase();
    await admin.data.create(
      "roles",
      {
        name: `Clerk ${RUN}`,
        permissions: {
          ...permissionsAt("none"),
          documents: "write",
          residents: "write",
          staff: "read",
          referrals: "read",
        },
      },
      { id: clerkRole },
    );
    caregiver = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: null }));
    manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: null }));
    clerk = await ctx.signedIn(await ctx.createUser(admin, { role: clerkRole, facilityIds: null }));
  });

  const listed = async (ports: TPorts, where: TListQuery["where"]) =>
    (await ports.data.list("documents", { where })).items.map((d) => d.id).sort();

  it("keeps a staff member's and an agent's papers from a caregiver: not listed, counted, got or downloaded", async () => {
    expect(await listed(caregiver, { subjectId: ids.staff! })).toEqual([]);
    expect(await listed(caregiver, { subject: "staff" })).toEqual([]);
    expect(await listed(caregiver, { subjectId: ids.agent! })).toEqual([]);
    expect(await listed(caregiver, { facilityId: home })).toEqual([papers.resident.id, papers.facility.id].sort());
    expect(await caregiver.data.count("documents", { where: { facilityId: home } })).toBe(2);
    for (const subject of ["staff", "agent"] as const) {
      await expectAppError(caregiver.data.get("documents", papers[subject].id), "NOT_FOUND");
      await expectAppError(caregiver.files.describe(papers[subject].fileId), "NOT_FOUND");
      await expectAppError(caregiver.files.download(papers[subject].fileId), "NOT_FOUND");
    }
  });

  it("lets a caregiver list and download a resident's documents and the home's own", async () => {
    for (const subject of ["resident", "facility"] as const) {
      expect((await caregiver.data.get("documents", papers[subject].id)).subject).toBe(subject);
      expect((await caregiver.files.describe(papers[subject].fileId)).facilityId).toBe(home);
      expect((await caregiver.files.download(papers[subject].fileId)).size).toBe(PDF.byteLength);
    }
    expect(await listed(caregiver, { subject: ["resident", "facility"], facilityId: home })).toEqual(
      [papers.resident.id, papers.facility.id].sort(),
    );
  });

  it("lets a house manager (Staff and Referrals read) list, get and download every subject's papers", async () => {
    expect(await listed(manager, { facilityId: home })).toEqual(
      [papers.staff.id, papers.resident.id, papers.facility.id].sort(),
    );
    expect(await listed(manager, { subjectId: ids.agent! })).toEqual([papers.agent.id]);
    // Thirty people's papers at once, of every subject the manager reads (Firebase asks each subject apart).
    const thirty = [ids.staff!, ids.resident!, home, ...Array.from({ length: 27 }, (_, i) => `nobody-${i}`)];
    expect(await listed(manager, { subjectId: thirty, facilityId: home })).toEqual(
      [papers.staff.id, papers.resident.id, papers.facility.id].sort(),
    );
    expect(await manager.data.count("documents", { where: { subjectId: thirty, facilityId: home } })).toBe(3);
    for (const subject of ["staff", "agent"] as const) {
      expect((await manager.data.get("documents", papers[subject].id)).subject).toBe(subject);
      expect((await manager.files.download(papers[subject].fileId)).size).toBe(PDF.byteLength);
    }
  });

  it("refuses an upload or change of a staff member's or agent's papers without write on their area", async () => {
    await expectAppError(paper(clerk, "staff", ids.staff!), "FORBIDDEN");
    await expectAppError(paper(clerk, "agent", ids.agent!), "FORBIDDEN");
    await expectAppError(paper(caregiver, "resident", ids.resident!), "FORBIDDEN");
    // The clerk sees the staff member's paper (Staff read) but may not change or archive it.
    const seen = await clerk.data.get("documents", papers.staff.id);
    await expectAppError(clerk.data.update("documents", seen.id, { notes: "changed" }, seen.version), "FORBIDDEN");
    await expectAppError(clerk.data.remove("documents", seen.id, seen.version), "FORBIDDEN");
    // A resident's and the home's own papers are the clerk's to upload.
    expect((await paper(clerk, "resident", ids.resident!)).subject).toBe("resident");
    expect((await paper(clerk, "facility", home)).subject).toBe("facility");
  });

  it("shows a caregiver the rota's names and shifts, never colleagues' clearance or training", async () => {
    const shift = await admin.data.create("shifts", {
      facilityId: home,
      staffId: ids.staff!,
      date: week,
      start: "07:00",
      end: "15:00",
      position: "caregiver",
      published: true,
    });
    const seen = await caregiver.insights.scheduleWeek({ facilityId: home, weekStart: week });
    expect(seen.shifts.map((s) => s.id)).toEqual([shift.id]);
    const person = seen.people.find((p) => p.id === ids.staff);
    expect(person).toBeDefined();
    expect(Object.keys(person!).sort()).toEqual(["current", "homeFacilityId", "id", "name", "position"]);
    // A Staff reader sees what they saw before: the clearance and what the checks read.
    const managed = await manager.insights.scheduleWeek({ facilityId: home, weekStart: week });
    expect(managed.people.find((p) => p.id === ids.staff)).toMatchObject({
      name: `Sam Subject${RUN}`,
      clearanceStatus: "exemption_granted",
      mayWorkIndependently: expect.any(Boolean),
    });
  });
});
