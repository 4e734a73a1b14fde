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
    tullStaff = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
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

  it("derives reminders due when action is due (expiry − lead time), grouped by person, what to act on first first", async () => {
    const answer = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, limit: 50 });
    expect(answer.items.map((r) => [r.kind, r.title, r.dueDate, r.expiryDate, r.state])).toEqual([
      ["document-missing", `LIC 603 Appraisal missing — Lee${RUN}, Bob`, "2025-06-01", undefined, "open"],
      ["reappraisal-due", `Reappraisal due: LIC 603 Appraisal — Garcia${RUN}, Ana`, "2025-11-01", "2025-12-01", "open"],
      ["rent-overdue", `Rent past due: $1,250.50 — Garcia${RUN}, Ana`, "2026-02-01", undefined, "open"],
      // Valid through 2026-03-10 with 30 days' lead: action was due on 2026-02-08.
      [
        "document-expiring",
        `LIC 602A Physician's Report expiring — Garcia${RUN}, Ana`,
        "2026-02-08",
        "2026-03-10",
        "open",
      ],
    ]);
    expect({ total: answer.total, due: answer.due, nextOffset: answer.nextOffset }).toEqual({
      total: 4,
      due: 4,
      nextOffset: null,
    });
    expect(answer.groups).toEqual([
      {
        id: `resident|${ids.bob}`,
        label: `Lee${RUN}, Bob`,
        facilityId: "tull",
        link: { type: "resident", id: ids.bob },
        count: 1,
        overdue: 1,
        firstDueDate: "2025-06-01",
        kinds: { "document-missing": 1 },
      },
      {
        id: `resident|${ids.ana}`,
        label: `Garcia${RUN}, Ana`,
        facilityId: "tull",
        link: { type: "resident", id: ids.ana },
        count: 3,
        // The physician's report is due for renewal but still valid: not overdue until it expires.
        overdue: 2,
        firstDueDate: "2025-11-01",
        kinds: { "reappraisal-due": 1, "rent-overdue": 1, "document-expiring": 1 },
      },
    ]);
    // Groups alone by default: no items.
    const groupsOnly = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY });
    expect(groupsOnly.items).toEqual([]);
    expect(groupsOnly.groups).toEqual(answer.groups);
  });

  it("pages the items inside one group; groups by home and kind; filters by kind and search", async () => {
    const page1 = await admin.insights.derivedReminders({
      facilityId: "tull",
      today: TODAY,
      group: `resident|${ids.ana}`,
      limit: 2,
    });
    expect(page1.items.map((r) => r.kind)).toEqual(["reappraisal-due", "rent-overdue"]);
    expect(page1.nextOffset).toBe(2);
    const page2 = await admin.insights.derivedReminders({
      facilityId: "tull",
      today: TODAY,
      group: `resident|${ids.ana}`,
      offset: 2,
      limit: 2,
    });
    expect(page2.items.map((r) => r.kind)).toEqual(["document-expiring"]);
    expect(page2.nextOffset).toBeNull();
    // The groups with the first group's first page (what the Reminders page opens), in one answer.
    const withFirst = await admin.insights.derivedReminders({
      facilityId: "tull",
      today: TODAY,
      itemsOf: "first-group",
      limit: 2,
    });
    expect(withFirst.groups.map((g) => g.id)).toEqual([`resident|${ids.bob}`, `resident|${ids.ana}`]);
    expect(withFirst.items.map((r) => [r.kind, r.link])).toEqual([["document-missing", { type: "resident", id: ids.bob }]]); // prettier-ignore
    expect(withFirst.nextOffset).toBeNull();
    const firstByKind = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, groupBy: "kind", itemsOf: "first-group", limit: 5 }); // prettier-ignore
    expect(firstByKind.items.map((r) => r.kind)).toEqual(["document-missing"]);
    const byHome = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, groupBy: "home" });
    expect(byHome.groups.map((g) => [g.id, g.count])).toEqual([["tull", 4]]);
    expect(byHome.groups[0]!.label).not.toBe("tull");
    const byKind = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, groupBy: "kind" });
    expect(byKind.groups.map((g) => [g.id, g.label, g.count])).toEqual([
      ["document-missing", "Missing documents", 1],
      ["reappraisal-due", "Reappraisals due", 1],
      ["rent-overdue", "Rent past due", 1],
      ["document-expiring", "Expiring documents", 1],
    ]);
    const rent = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, kind: "rent-overdue" });
    expect(rent.total).toBe(1);
    const search = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, search: `lee${RUN}` });
    expect(search.groups.map((g) => g.id)).toEqual([`resident|${ids.bob}`]);
  });

  it("lists snoozed reminders as settled; an ended snooze opens again", async () => {
    const settled = await admin.insights.derivedReminders({
      facilityId: "tull",
      today: TODAY,
      view: "settled",
      limit: 50,
    });
    const key = `missing|resident|${ids.bob}|${t602}`;
    expect(settled.items).toEqual([
      expect.objectContaining({
        key,
        state: "snoozed",
        snoozedUntil: "2026-03-01",
        stateRecord: { id: reminderStateId("tull", key), version: 1 },
        link: { type: "resident", id: ids.bob },
      } satisfies Partial<TDerivedReminder>),
    ]);
    const later = await admin.insights.derivedReminders({ facilityId: "tull", today: "2026-03-01", limit: 50 });
    expect(later.items.find((r) => r.key === key)?.state).toBe("open");
  });

  it("a waiver with a reason ends the requirement's reminders and counts it as met in compliance, until removed", async () => {
    const key = `missing|resident|${ids.bob}|${t603}`;
    await expectAppError(
      tullStaff.data.create(
        "reminderStates",
        { facilityId: "tull", key, state: "waived" },
        { id: reminderStateId("tull", key) },
      ),
      "VALIDATION",
    );
    const expiry = await expectAppError(
      tullStaff.data.create("reminderStates", {
        facilityId: "tull",
        key: `expiry|${ids.physician}|2026-03-10`,
        state: "waived",
        reason: "Not needed",
      }),
      "VALIDATION",
    );
    expect(expiry.fields).toEqual({ key: "Only a document requirement can be waived" });
    const waiver = await tullStaff.data.create(
      "reminderStates",
      { facilityId: "tull", key, state: "waived", reason: "Not applicable to this resident" },
      { id: reminderStateId("tull", key) },
    );
    const open = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, limit: 50 });
    expect(open.items.some((r) => r.key === key)).toBe(false);
    const settled = await admin.insights.derivedReminders({
      facilityId: "tull",
      today: TODAY,
      view: "settled",
      limit: 50,
    });
    expect(settled.items.find((r) => r.key === key)).toMatchObject({
      state: "waived",
      waiverReason: "Not applicable to this resident",
      stateRecord: { id: waiver.id, version: 1 },
    });
    const report = await admin.insights.compliance({ subjectIds: [ids.bob], today: TODAY });
    const appraisal = report.subjects[0]!.requirements.find((r) => r.typeId === t603);
    expect(appraisal).toMatchObject({ status: "complete", waiverReason: "Not applicable to this resident" });
    expect(report.subjects[0]!.counts).toMatchObject({ complete: 1, missing: 1 });

    await tullStaff.data.remove("reminderStates", waiver.id, waiver.version);
    const back = await admin.insights.derivedReminders({ facilityId: "tull", today: TODAY, limit: 50 });
    expect(back.items.find((r) => r.key === key)?.state).toBe("open");
  });

  it("covers only a limited user's facilities; another facility is NOT_FOUND", async () => {
    const mine = await tullStaff.insights.compliance({ today: TODAY });
    expect(mine.subjects.map((s) => s.subjectId).sort()).toEqual([ids.ana, ids.bob, "tull"].sort());
    const reminders = await tullStaff.insights.derivedReminders({ today: TODAY, limit: 500 });
    expect(new Set(reminders.items.map((r) => r.facilityId))).toEqual(new Set(["tull"]));
    const everyone = await admin.insights.derivedReminders({ today: TODAY, limit: 500 });
    expect(everyone.items.some((r) => r.link.id === ids.cara)).toBe(true);
    await expectAppError(tullStaff.insights.compliance({ facilityId: "newman", today: TODAY }), "NOT_FOUND");
    await expectAppError(tullStaff.insights.derivedReminders({ facilityId: "newman", today: TODAY }), "NOT_FOUND");
  });

  it("refuses a bad date or too many ids with VALIDATION naming the field", async () => {
    const bad = await expectAppError(admin.insights.compliance({ today: "2026-02-30" }), "VALIDATION");
    expect(Object.keys(bad.fields ?? {})).toEqual(["today"]);
    await expectAppError(admin.insights.derivedReminders({ today: "20260220" }), "VALIDATION");
    const page = await expectAppError(admin.insights.derivedReminders({ today: TODAY, limit: 501 }), "VALIDATION");
    expect(page.fields).toEqual({ limit: "Must be at most 500" });
    const many = Array.from({ length: 101 }, (_, i) => `r${i}`);
    const tooMany = await expectAppError(admin.insights.compliance({ subjectIds: many, today: TODAY }), "VALIDATION");
    expect(tooMany.fields).toEqual({ subjectIds: "At most 100 ids" });
    await expectAppError(ctx.client().insights.compliance({ today: TODAY }), "UNAUTHENTICATED");
  });
});
