// InsightsPort contract: the same compliance and derived-reminder answers on every harness (memory and
// firebase compute them from the DataPort, http on the server). Registered under the data port, whose
// availability it shares: on firebase it reads Firestore, skipped here for the emulator's offline reason.
import { beforeAll, expect, it } from "vitest";
import type { TDerivedReminder, TSubjectCompliance } from "@care/core/ports/insights.port";
import { reminderStateId } from "@care/core/rules/reminders.rules";
import { SCENARIO_TODAY as TODAY, seedInsightsScenario } from "@care/core/insights/insights-scenario.test-support";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

const PDF = new Blob([new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], {
  type: "application/pdf",
});

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullStaff: TPorts;
  const ids = { ana: "", bob: "", cara: "", physician: "", appraisal: "" };
  const t602 = `t602-${RUN}`;
  const t603 = `t603-${RUN}`;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    tullStaff = await ctx.signedIn(await ctx.createUser(admin, { role: "staff", facilityIds: ["tull"] }));
    // Only this suite's types count: retire any seeded defaults.
    const seeded = await admin.data.list("documentTypes", { limit: 500 });
    for (const type of seeded.items) await admin.data.remove("documentTypes", type.id, type.version);
    Object.assign(
      ids,
      await seedInsightsScenario(
        {
          create: (collection, data, id) => admin.data.create(collection, data, { id }),
          uploadPdf: (facilityId) => admin.files.upload(PDF, "report.pdf", { facilityId }),
        },
        { typeIds: { physician: t602, appraisal: t603 }, lastNameSuffix: RUN },
      ),
    );
  });

  const byId = (subjects: TSubjectCompliance[], id: string) => subjects.find((s) => s.subjectId === id);

  it("gives each subject's status per applicable type; expired beats expiring; optional types never count", async () => {
    const report = await admin.insights.compliance({ facilityId: "tull", subject: "resident", today: TODAY });
    expect(report.today).toBe(TODAY);
    expect(report.subjects.map((s) => s.subjectId).sort()).toEqual([ids.ana, ids.bob].sort());
    const ana = byId(report.subjects, ids.ana)!;
    expect(ana).toMatchObject({ status: "expired", name: `Garcia${RUN}, Ana`, facilityId: "tull" });
    expect(ana.counts).toEqual({ complete: 0, missing: 0, expiring: 1, expired: 1 });
    expect(ana.requirements.map((r) => [r.typeName, r.required, r.status, r.documentId, r.expiryDate])).toEqual([
      ["Physician's Report", true, "expiring", ids.physician, "2026-03-10"],
      ["Appraisal", true, "expired", ids.appraisal, "2025-12-01"],
      ["Photo", false, "missing", undefined, undefined],
    ]);
    expect(byId(report.subjects, ids.bob)).toMatchObject({ status: "missing" });
  });

  it("answers for the given subjects only, as of the given day", async () => {
    const report = await admin.insights.compliance({ subjectIds: [ids.ana, ids.cara], today: "2025-06-01" });
    expect(report.subjects.map((s) => [s.subjectId, s.status]).sort()).toEqual(
      [
        [ids.ana, "complete"],
        [ids.cara, "missing"],
      ].sort(),
    );
  });

  it("derives reminders with their states, soonest first; an ended snooze opens again", async () => {
    const items = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY });
    expect(items.map((r) => [r.kind, r.title, r.dueDate, r.state])).toEqual([
      ["document-missing", `LIC 602A Physician's Report missing — Lee${RUN}, Bob`, "2025-06-01", "snoozed"],
      ["document-missing", `LIC 603 Appraisal missing — Lee${RUN}, Bob`, "2025-06-01", "open"],
      ["reappraisal-due", `Reappraisal due: LIC 603 Appraisal — Garcia${RUN}, Ana`, "2025-12-01", "open"],
      ["rent-overdue", `Rent past due: $1,250.50 — Garcia${RUN}, Ana`, "2026-02-01", "open"],
      ["document-expiring", `LIC 602A Physician's Report expiring — Garcia${RUN}, Ana`, "2026-03-10", "open"],
    ]);
    const key = `missing|resident|${ids.bob}|${t602}`;
    expect(items[0]).toMatchObject({
      key,
      snoozedUntil: "2026-03-01",
      stateRecord: { id: reminderStateId(key), version: 1 },
      link: { type: "resident", id: ids.bob },
    } satisfies Partial<TDerivedReminder>);
    const later = await admin.insights.derivedReminders({ facilityId: "tull", today: "2026-03-01" });
    expect(later.find((r) => r.key === key)?.state).toBe("open");
  });

  it("covers only a limited user's facilities; another facility is NOT_FOUND", async () => {
    const mine = await tullStaff.insights.compliance({ today: TODAY });
    expect(mine.subjects.map((s) => s.subjectId).sort()).toEqual([ids.ana, ids.bob, "tull"].sort());
    const reminders = await tullStaff.insights.derivedReminders({ today: TODAY });
    expect(new Set(reminders.map((r) => r.facilityId))).toEqual(new Set(["tull"]));
    const everyone = await admin.insights.derivedReminders({ today: TODAY });
    expect(everyone.some((r) => r.link.id === ids.cara)).toBe(true);
    await expectAppError(tullStaff.insights.compliance({ facilityId: "newman", today: TODAY }), "NOT_FOUND");
    await expectAppError(tullStaff.insights.derivedReminders({ facilityId: "newman", today: TODAY }), "NOT_FOUND");
  });

  it("refuses a bad date or too many ids with VALIDATION naming the field", async () => {
    const bad = await expectAppError(admin.insights.compliance({ today: "2026-02-30" }), "VALIDATION");
    expect(Object.keys(bad.fields ?? {})).toEqual(["today"]);
    await expectAppError(admin.insights.derivedReminders({ today: "20260220" }), "VALIDATION");
    const many = Array.from({ length: 101 }, (_, i) => `r${i}`);
    const tooMany = await expectAppError(admin.insights.compliance({ subjectIds: many, today: TODAY }), "VALIDATION");
    expect(tooMany.fields).toEqual({ subjectIds: "At most 100 ids" });
    await expectAppError(ctx.client().insights.compliance({ today: TODAY }), "UNAUTHENTICATED");
  });
});
