// InsightsPort.report on every harness: the same figures from the same records whichever backend
// computes them (the server from SQL reads, memory and Firebase from the DataPort), the same access
// (Reports read and the areas a report covers; a home out of reach does not exist) and the same
// refusal of a bad range.
import { beforeAll, expect, it } from "vitest";
import type { TPorts } from "./harness.ts";
import { permissionsAt } from "@care/core/collections/roles.collection";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

const NO_ACCESS = permissionsAt("none");

await runContract("data", (ctx) => {
  let admin: TPorts;
  const home = `report-${RUN}`.toLowerCase().slice(0, 60);
  const other = `report-other-${RUN}`.toLowerCase().slice(0, 60);
  const range = { facilityId: home, from: "2026-01-01", to: "2026-03-31", today: "2026-06-30" };

  const admit = async (lastName: string, admissionDate: string, dischargeDate?: string) => {
    const resident = await admin.data.create("residents", {
      facilityId: home,
      firstName: "Report",
      lastName,
      dateOfBirth: "1940-01-01",
      gender: "female",
      admissionDate,
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      ...(dischargeDate ? { status: "discharged", dischargeDate } : {}),
    });
    await admin.data.create("residentEvents", {
      residentId: resident.id,
      facilityId: home,
      type: "admission",
      date: admissionDate,
    });
    if (dischargeDate)
      await admin.data.create("residentEvents", {
        residentId: resident.id,
        facilityId: home,
        type: "discharge",
        date: dischargeDate,
      });
    return resident;
  };

  beforeAll(async () => {
    admin = await ctx.signedIn();
    await admin.data.create("facilities", { name: "Report home", licensedCapacity: 4 }, { id: home });
    await admin.data.create("facilities", { name: "Other report home" }, { id: other });
    const stays = await admit("Stays", "2026-01-10");
    const extra = (amountCents: number, dueDate: string) => ({
      residentId: stays.id,
      facilityId: home,
      month: dueDate.slice(0, 7),
      kind: "extra" as const,
      amountCents,
      periodStart: dueDate,
      periodEnd: dueDate,
      dueDate,
      description: "Care supplies",
      reason: "Supplies ordered for the resident",
    });
    await admin.data.create("rentCharges", extra(100_000, "2026-01-15"));
    await admin.data.create("rentCharges", extra(50_000, "2026-03-01"));
    await admin.data.create("payments", {
      residentId: stays.id,
      facilityId: home,
      receivedOn: "2026-02-01",
      amountCents: 60_000,
      method: "check",
    });
    await admit("Leaves", "2025-12-01", "2026-02-15");
    await admit("Arrives", "2026-02-20");
  });

  it("counts census, occupancy, moves and length of stay per home and per month", async () => {
    const report = await admin.insights.report("census", range);
    expect(report.countedOn).toBe("2026-03-31");
    expect(report.homes).toEqual([
      {
        facilityId: home,
        name: "Report home",
        goLiveDate: null,
        capacity: 4,
        census: 2,
        occupancyPercent: 50,
        moveIns: 2,
        moveOuts: 1,
        moveOutsByReason: { discharged: 1, deceased: 0, transferred: 0 },
        // December 1 to February 15, both days in residence.
        averageStayDays: 77,
      },
    ]);
    expect(report.months).toEqual([
      { month: "2026-01", census: 2, capacity: 4, occupancyPercent: 50, moveIns: 1, moveOuts: 0 },
      { month: "2026-02", census: 2, capacity: 4, occupancyPercent: 50, moveIns: 1, moveOuts: 1 },
      { month: "2026-03", census: 2, capacity: 4, occupancyPercent: 50, moveIns: 0, moveOuts: 0 },
    ]);
  });

  it("ages what is owed by due date, payments settling the oldest charge first, with totals per home", async () => {
    const report = await admin.insights.report("rent-roll", range);
    const figures = {
      chargedCents: 150_000,
      paidCents: 60_000,
      balanceCents: 90_000,
      // $600 paid the January charge down to $400, due 75 days before March 31; March's $500 is 30 days old.
      aging: { days0to30: 50_000, days31to60: 0, days61to90: 40_000, over90: 0 },
    };
    expect(report.residents).toEqual([
      // Residents living there are listed without charges too; the one who left had none.
      expect.objectContaining({ name: "Arrives, Report", chargedCents: 0, balanceCents: 0 }),
      {
        residentId: expect.any(String),
        facilityId: home,
        name: "Stays, Report",
        status: "active",
        rateCents: null,
        ...figures,
      },
    ]);
    expect(report.homes).toEqual([
      {
        facilityId: home,
        name: "Report home",
        goLiveDate: null,
        residents: 2,
        averageRateCents: null,
        vacantBeds: 2,
        lossToVacancyCents: null,
        ...figures,
      },
    ]);
    // A caregiver reads neither reports nor rent.
    const caregiver = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: [home] }));
    await expectAppError(caregiver.insights.report("rent-roll", range), "FORBIDDEN");
  });

  it("counts open document items by home and person as the compliance insight does, and by month", async () => {
    const report = await admin.insights.report("compliance", range);
    const insight = await admin.insights.compliance({ facilityId: home, today: "2026-03-31" });
    const sum = (key: "missing" | "expiring" | "expired") =>
      insight.subjects.reduce((total, s) => total + s.counts[key], 0);
    expect(sum("missing")).toBeGreaterThan(0);
    expect(report.total).toMatchObject({ missing: sum("missing"), expiring: sum("expiring"), expired: sum("expired") });
    // The two residents living there and the home itself; the one who left in February is not counted.
    expect(report.total.subjects).toBe(3);
    expect(report.people.map((p) => p.name)).toEqual(expect.arrayContaining(["Arrives, Report", "Stays, Report"]));
    expect(report.people.find((p) => p.name === "Stays, Report")?.items.length).toBe(
      insight.subjects.find((s) => s.name === "Stays, Report")?.counts.missing,
    );
    // March's end is the day counted; at January's end the resident who arrived in February was not there yet.
    const arrives = insight.subjects.find((s) => s.name === "Arrives, Report")!.counts.missing;
    expect(report.months.map((m) => m.missing)).toEqual([sum("missing") - arrives, sum("missing"), sum("missing")]);
  });

  it("counts a home from its go-live date: no empty beds, census or missing papers in the months before", async () => {
    const live = `report-live-${RUN}`.toLowerCase().slice(0, 60);
    await admin.data.create(
      "facilities",
      { name: "Report go-live home", licensedCapacity: 4, goLiveDate: "2026-02-15" },
      { id: live },
    );
    // Living there long before the home kept its records in the portal (entered when it went live).
    const resident = await admin.data.create("residents", {
      facilityId: live,
      firstName: "Report",
      lastName: "Live",
      dateOfBirth: "1940-01-01",
      gender: "female",
      admissionDate: "2025-06-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      monthlyRateCents: 300_000,
    });
    await admin.data.create("residentEvents", {
      residentId: resident.id,
      facilityId: live,
      type: "admission",
      date: "2025-06-01",
    });
    const query = { facilityId: live, from: "2026-01-01", to: "2026-03-31", today: "2026-06-30" };

    // January ended before the go-live: only February's and March's 3 empty beds × $3,000 are lost.
    const rent = await admin.insights.report("rent-roll", query);
    expect(rent.homes).toEqual([
      expect.objectContaining({ goLiveDate: "2026-02-15", vacantBeds: 3, lossToVacancyCents: 1_800_000 }),
    ]);
    const census = await admin.insights.report("census", query);
    expect(census.homes[0]).toMatchObject({ goLiveDate: "2026-02-15", census: 1, moveIns: 0 });
    expect(census.months).toEqual([
      { month: "2026-01", census: 0, capacity: null, occupancyPercent: null, moveIns: 0, moveOuts: 0 },
      { month: "2026-02", census: 1, capacity: 4, occupancyPercent: 25, moveIns: 0, moveOuts: 0 },
      { month: "2026-03", census: 1, capacity: 4, occupancyPercent: 25, moveIns: 0, moveOuts: 0 },
    ]);

    // The papers of the resident and the home count from the go-live too.
    const compliance = await admin.insights.report("compliance", query);
    const [january, february, march] = compliance.months.map((m) => m.missing);
    expect(january).toBe(0);
    expect(february).toBeGreaterThan(0);
    expect(march).toBe(february);

    // Moving the go-live date back (or removing it) counts every month again.
    const home = await admin.data.get("facilities", live);
    await admin.data.update("facilities", live, { goLiveDate: null }, home.version);
    const before = await admin.insights.report("rent-roll", query);
    expect(before.homes[0]).toMatchObject({ goLiveDate: null, lossToVacancyCents: 2_700_000 });
    expect((await admin.insights.report("compliance", query)).months[0]!.missing).toBe(february);
  });

  it("judges each month by the documents held then, and from today on by the current versions", async () => {
    // A home of its own, one resident, two required types of its own (the seeded types apply too, and
    // stay missing throughout: no documents of them).
    const docsHome = `report-docs-${RUN}`.toLowerCase().slice(0, 60);
    await admin.data.create("facilities", { name: "Report documents home" }, { id: docsHome });
    const tb = `report-tb-${RUN}`;
    const photo = `report-photo-${RUN}`;
    const type = { subject: "resident" as const, required: true, leadTimeDays: 30, facilityIds: [docsHome] };
    await admin.data.create("documentTypes", { ...type, name: `TB test ${RUN}`, sortOrder: 1 }, { id: tb });
    await admin.data.create("documentTypes", { ...type, name: `Photo ${RUN}`, sortOrder: 2 }, { id: photo });
    const resident = await admin.data.create("residents", {
      facilityId: docsHome,
      firstName: "Report",
      lastName: "Docs",
      dateOfBirth: "1940-01-01",
      gender: "female",
      admissionDate: "2025-06-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
    const file = await admin.files.upload(
      new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }),
      "tb.pdf",
      { facilityId: docsHome },
    );
    const document = (typeId: string, current: boolean, issueDate?: string, expiryDate?: string) =>
      admin.data.create("documents", {
        subject: "resident",
        subjectId: resident.id,
        facilityId: docsHome,
        typeId,
        fileId: file.id,
        fileName: "tb.pdf",
        contentType: "application/pdf",
        size: file.size,
        current,
        ...(issueDate ? { issueDate } : {}),
        ...(expiryDate ? { expiryDate } : {}),
      });
    await document(tb, false, "2025-06-01", "2026-01-20");
    // Issued later, but not the version on file now.
    await document(tb, false, "2026-02-10", "2027-02-10");
    // The current version: valid through April 1, 2026.
    await document(tb, true, "2025-12-01", "2026-04-01");
    // No issue date: held from the day it was uploaded (today), so missing on every day of a past range.
    await document(photo, true);

    // March is counted on "today", March 15: from today on, the current version (17 days left: expiring).
    const march = await admin.insights.report("compliance", {
      facilityId: docsHome,
      from: "2026-01-01",
      to: "2026-03-31",
      today: "2026-03-15",
    });
    const ours = (items: { typeName: string }[]) => items.filter((i) => i.typeName.endsWith(RUN));
    const person = march.people.find((p) => p.subjectId === resident.id)!;
    expect(ours(person.items)).toEqual([
      { typeName: `TB test ${RUN}`, status: "expiring", expiryDate: "2026-04-01" },
      { typeName: `Photo ${RUN}`, status: "missing" },
    ]);
    // January: the December version, the newest issued by then (60 days left); February: the one issued
    // February 10; March 15: the current one.
    expect(march.months.map((m) => m.expiring)).toEqual([0, 0, 1]);
    expect(march.months.map((m) => m.expired)).toEqual([0, 0, 0]);
    const missing = march.months[0]!.missing;
    expect(march.months.map((m) => m.missing)).toEqual([missing, missing, missing]);

    // Today: the photo uploaded today is held (no expiry: complete).
    const today = new Date().toISOString().slice(0, 10);
    const now = await admin.insights.report("compliance", {
      facilityId: docsHome,
      from: `${today.slice(0, 7)}-01`,
      to: today,
      today,
    });
    expect(ours(now.people.find((p) => p.subjectId === resident.id)!.items)).toEqual([
      { typeName: `TB test ${RUN}`, status: "expired", expiryDate: "2026-04-01" },
    ]);
    expect(now.total.missing).toBe(march.total.missing - 1);
  });

  it("counts training hours in the range and where each staff member stands on each requirement", async () => {
    const member = await admin.data.create("staff", {
      facilityId: home,
      firstName: "Tess",
      lastName: "Trainee",
      position: "caregiver",
      hireDate: "2025-06-01",
    });
    const requirement = await admin.data.create("trainingRequirements", {
      name: `Report yearly ${RUN}`,
      positions: ["caregiver"],
      period: "yearly",
      yearBasis: "calendar",
      hours: 4,
      categories: ["annual"],
    });
    const entry = (date: string, hours: number) => ({
      staffId: member.id,
      facilityId: home,
      date,
      topic: "Resident rights",
      hours,
      category: "annual" as const,
    });
    await admin.data.create("trainingEntries", entry("2026-02-10", 3));
    // Before the range: not in its hours, and not in 2026's period either.
    await admin.data.create("trainingEntries", entry("2025-12-15", 2));
    const report = await admin.insights.report("training", range);
    const row = report.staff.find((s) => s.staffId === member.id)!;
    expect(row).toMatchObject({ name: "Trainee, Tess", position: "caregiver", hours: 3 });
    expect(row.requirements.find((r) => r.requirementId === requirement.id)).toEqual({
      requirementId: requirement.id,
      name: `Report yearly ${RUN}`,
      state: "short",
      hours: 3,
      required: 4,
      shortBy: 1,
      due: "2026-12-31",
    });
    expect(report.requirements.find((r) => r.requirementId === requirement.id)).toMatchObject({
      applies: 1,
      short: 1,
      met: 0,
    });
    expect(report.homes).toEqual([
      { facilityId: home, name: "Report home", staff: 1, hours: 3, staffShort: 1, overdue: expect.any(Number) },
    ]);
    expect(report.months).toEqual([
      { month: "2026-01", hours: 0 },
      { month: "2026-02", hours: 3 },
      { month: "2026-03", hours: 0 },
    ]);
  });

  it("counts referrals by agent and source with conversion, duplicates and fees, fees only with Referral fees", async () => {
    const agent = await admin.data.create("referralAgents", { name: `Report Placement ${RUN}` });
    await admin.data.create(
      "agentFeeTerms",
      { agentId: agent.id, kind: "percent_first_month", percentBasisPoints: 5_000 },
      { id: agent.id },
    );
    const prospect = (firstName: string, referredOn: string, extra: Record<string, unknown> = {}) =>
      admin.data.create("referrals", {
        facilityId: home,
        referredOn,
        source: "agent",
        agentId: agent.id,
        firstName,
        lastName: "Prospect",
        ...extra,
      });
    const moved = await prospect("Mona", "2026-01-05");
    await admin.data.update(
      "referrals",
      moved.id,
      { status: "moved_in", closeReason: "moved_in", moveInDate: "2026-02-01", firstMonthRentCents: 400_000 },
      moved.version,
    );
    // The same person again from the agent: caught as a duplicate, closed without a fee.
    await prospect("Mona", "2026-02-10", {
      duplicateOfId: moved.id,
      status: "lost",
      closeReason: "duplicate",
    });
    await admin.data.create("referrals", {
      facilityId: home,
      referredOn: "2026-03-02",
      source: "hospital",
      firstName: "Hal",
      lastName: "Prospect",
      tourAt: "2026-03-09T10:00",
      status: "tour_scheduled",
    });
    await admin.data.create("referralFees", {
      referralId: moved.id,
      agentId: agent.id,
      facilityId: home,
      kind: "invoice",
      date: "2026-02-20",
      amountCents: 200_000,
      invoiceNumber: `R-${RUN}`,
    });
    await admin.data.create("referralFees", {
      referralId: moved.id,
      agentId: agent.id,
      facilityId: home,
      kind: "payment",
      date: "2026-03-15",
      amountCents: 150_000,
      method: "check",
    });

    const report = await admin.insights.report("referrals", range);
    expect(report.agents).toEqual([
      {
        agentId: agent.id,
        name: `Report Placement ${RUN}`,
        referrals: 2,
        // A move-in counts as having reached a tour.
        tours: 1,
        moveIns: 1,
        conversionPercent: 50,
        duplicates: 1,
        // Half of the $4,000 first month.
        owedCents: 200_000,
        invoicedCents: 200_000,
        paidCents: 150_000,
        // What the move-in cost: the fee owed for it.
        costPerMoveInCents: 200_000,
      },
    ]);
    expect(report.sources.find((s) => s.source === "hospital")).toMatchObject({ referrals: 1, tours: 1, moveIns: 0 });
    expect(report.total).toMatchObject({ referrals: 3, tours: 2, moveIns: 1, duplicates: 1, paidCents: 150_000 });
    expect(report.months).toEqual([
      { month: "2026-01", referrals: 1, moveIns: 0 },
      { month: "2026-02", referrals: 1, moveIns: 1 },
      { month: "2026-03", referrals: 1, moveIns: 0 },
    ]);
    // Without Referral fees the counts stay and every fee is left out.
    const readsReferrals = await admin.data.create(
      "roles",
      { name: `Referrals and reports ${RUN}`, permissions: { ...NO_ACCESS, referrals: "read", reports: "read" } },
      { id: unique("referrals-reader") },
    );
    const clerk = await ctx.signedIn(await ctx.createUser(admin, { role: readsReferrals.id, facilityIds: [home] }));
    const theirs = await clerk.insights.report("referrals", range);
    expect(theirs.total).toMatchObject({ referrals: 3, owedCents: null, invoicedCents: null, paidCents: null });
  });

  it("answers every home the user may see, and only those", async () => {
    const { facilityId: _, ...everywhere } = range;
    const all = await admin.insights.report("census", everywhere);
    expect(all.homes.map((h) => h.facilityId)).toEqual(expect.arrayContaining([home, other]));
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [other] }));
    const theirs = await manager.insights.report("census", everywhere);
    expect(theirs.homes.map((h) => h.facilityId)).toEqual([other]);
    await expectAppError(manager.insights.report("census", range), "NOT_FOUND");
  });

  it("refuses a role without Reports, and a reversed or too long range", async () => {
    const caregiver = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: [home] }));
    await expectAppError(caregiver.insights.report("census", range), "FORBIDDEN");
    const reversed = await expectAppError(
      admin.insights.report("census", { ...range, from: "2026-04-01" }),
      "VALIDATION",
    );
    expect(reversed.fields?.to).toBe("The end cannot be before the start");
    await expectAppError(admin.insights.report("census", { ...range, from: "2022-01-01" }), "VALIDATION");
  });
});
