// Staff training on every harness: California's requirements pre-loaded for review; a staff member's
// ledger kept at their home facility (entries must name a staff member of that home), read with staff
// permission and written with training (schedules) permission; carried by a transfer; and the reminders derived from it —
// hours short before the due date, a Live Scan never submitted or waiting too long.
import { beforeAll, expect, it } from "vitest";
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "@care/core/collections/ca-training-requirements";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { addDays, localToday, todayIn } from "@care/core/rules/date-only.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  const home = `training-${RUN}`.toLowerCase().slice(0, 60);
  const other = `training-other-${RUN}`.toLowerCase().slice(0, 60);
  const today = localToday();
  let newcomerId = "";

  beforeAll(async () => {
    admin = await ctx.signedIn();
    await admin.data.create("facilities", { name: "Training home" }, { id: home });
    await admin.data.create("facilities", { name: "Training other" }, { id: other });
    const newcomer = await admin.data.create("staff", {
      facilityId: home,
      firstName: "Nia",
      lastName: `New${RUN}`,
      position: "caregiver",
      hireDate: addDays(today, -20),
      clearanceStatus: "cleared",
      clearanceSubmittedDate: addDays(today, -40),
      clearanceDate: addDays(today, -25),
    });
    newcomerId = newcomer.id;
  });

  it("pre-loads California's requirements, each marked for review, readable by every signed-in user", async () => {
    const { items } = await admin.data.list("trainingRequirements", { limit: 50 });
    for (const { id, name } of CA_DEFAULT_TRAINING_REQUIREMENTS)
      expect(items.find((r) => r.id === id)).toMatchObject({ name, needsReview: true });
    const caregiver = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: [home] }));
    expect(await caregiver.data.count("trainingRequirements")).toBeGreaterThanOrEqual(4);
    await expectAppError(caregiver.data.list("trainingEntries"), "FORBIDDEN");
  });

  it("refuses a part asking more hours than its requirement", async () => {
    const tooMuch = await expectAppError(
      admin.data.create(
        "trainingRequirements",
        {
          name: `Too much ${RUN}`,
          period: "yearly",
          hours: 20,
          categories: ["annual", "dementia"],
          parts: [{ label: "Dementia", categories: ["dementia"], minHours: 25 }],
        },
        { id: `too-much-${RUN}`.toLowerCase() },
      ),
      "VALIDATION",
    );
    expect(tooMuch.fields).toEqual({ "parts.0.minHours": "At most the requirement's 20 hours" });
  });

  it("keeps entries at the staff member's home facility, in quarter hours", async () => {
    const entry = {
      staffId: newcomerId,
      facilityId: home,
      date: today,
      topic: "Dementia care basics",
      hours: 6,
      category: "dementia" as const,
    };
    const created = await admin.data.create("trainingEntries", entry);
    expect(created).toMatchObject({ ...entry, online: false, version: 1 });
    const elsewhere = await expectAppError(
      admin.data.create("trainingEntries", { ...entry, facilityId: other }),
      "VALIDATION",
    );
    expect(elsewhere.fields).toEqual({ facilityId: "Must be the staff member's facility" });
    const noCertificate = await expectAppError(
      admin.data.create("trainingEntries", { ...entry, certificateId: `no-such-${RUN}` }),
      "VALIDATION",
    );
    expect(noCertificate.fields).toEqual({ certificateId: "No such document" });
    const future = await expectAppError(
      admin.data.create("trainingEntries", { ...entry, date: addDays(today, 30) }),
      "VALIDATION",
    );
    expect(future.fields).toEqual({ date: "Training is recorded once it took place: not in the future" });
    const odd = await expectAppError(admin.data.create("trainingEntries", { ...entry, hours: 1.1 }), "VALIDATION");
    expect(odd.fields).toEqual({ hours: "Use quarter hours (0.25, 0.5, 0.75)" });
    const limited = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [other] }));
    expect(await limited.data.count("trainingEntries", { where: { staffId: newcomerId } })).toBe(0);
    await expectAppError(limited.data.get("trainingEntries", created.id), "NOT_FOUND");
  });

  it("reminds of initial hours short within the lead time, and of Live Scans not submitted or waiting", async () => {
    const waiting = await admin.data.create("staff", {
      facilityId: home,
      firstName: "Wes",
      lastName: `Waiting${RUN}`,
      position: "cook",
      clearanceStatus: "submitted",
      clearanceSubmittedDate: addDays(today, -31),
    });
    await admin.data.create("staff", {
      facilityId: home,
      firstName: "Otto",
      lastName: `Unstarted${RUN}`,
      position: "housekeeper",
    });
    const answer = await admin.insights.derivedReminders({ facilityId: home, today, limit: 50 });
    const titles = answer.items.filter((r) => r.kind === "training-short" || r.kind === "clearance-pending");
    expect(titles.map((r) => [r.kind, r.title]).sort()).toEqual(
      [
        ["clearance-pending", `Live Scan not submitted — Unstarted${RUN}, Otto`],
        ["clearance-pending", `Live Scan pending since ${addDays(today, -31)} — Waiting${RUN}, Wes`],
        // Hired 20 days ago: 4 weeks of initial training, 14 days' lead; 6 of 40 hours done.
        ["training-short", `Initial training: 34 hours short — New${RUN}, Nia`],
      ].sort(),
    );
    const initial = titles.find((r) => r.kind === "training-short")!;
    // Listed from 14 days before the deadline; due on the deadline, the 4 weeks' last day.
    expect(initial).toMatchObject({ dueDate: addDays(today, 7), link: { type: "staff", id: newcomerId } });
    expect(titles.find((r) => r.link.id === waiting.id)?.dueDate).toBe(addDays(today, -1));
  });

  it("waits the group's own number of days before a pending Live Scan reminder", async () => {
    const settings = await admin.data.get("portalSettings", "portal").catch(() => null);
    if (settings) await admin.data.update("portalSettings", "portal", { clearanceReminderDays: 60 }, settings.version);
    else await admin.data.create("portalSettings", { title: "Care Portal", clearanceReminderDays: 60 });
    const answer = await admin.insights.derivedReminders({ facilityId: home, today, limit: 50 });
    expect(answer.items.filter((r) => r.title.startsWith("Live Scan pending"))).toEqual([]);
    const now = await admin.data.get("portalSettings", "portal");
    await admin.data.update("portalSettings", "portal", { clearanceReminderDays: 30 }, now.version);
  });

  it("carries the ledger with a transfer to another home", async () => {
    const mover = await admin.data.create("staff", {
      facilityId: home,
      firstName: "Max",
      lastName: `Mover${RUN}`,
      position: "caregiver",
    });
    await admin.data.create("trainingEntries", {
      staffId: mover.id,
      facilityId: home,
      date: today,
      topic: "Orientation",
      hours: 8,
      category: "initial_before_independence",
    });
    const result = await admin.data.transfer({
      subject: "staff",
      id: mover.id,
      version: mover.version,
      toFacilityId: other,
      // Today at the new home (its default time zone), which the move may not be after: the machine's
      // own date is a day later there from midnight UTC until the Pacific's.
      date: todayIn(DEFAULT_TIME_ZONE),
    });
    expect(result.carried.trainingEntries).toBe(1);
    const { items } = await admin.data.list("trainingEntries", { where: { staffId: mover.id } });
    expect(items.map((e) => e.facilityId)).toEqual([other]);
  });
});
