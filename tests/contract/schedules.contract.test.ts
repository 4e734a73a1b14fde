// Schedules on every harness: shifts kept per home (the staff member must work there), refused when
// invalid; the week's answer with its people, census and checks (a double booking across two homes, a
// clearance missing, a night short of Title 22's rule); drafts hidden from users who may only read the
// rota. A manager limited to one home still sees their person's shifts elsewhere as busy time: read by
// the server, by the memory backend, and on Firebase by the `scheduleBusyTime` Cloud Function. A shift
// of someone without a clearance is published only over an override with a reason, by a role holding
// "Publish a rota over a clearance"; the override is signed (who, when), and the week's coverage lists
// such a shift as scheduled but not counted.
import { beforeAll, expect, it } from "vitest";
import { addDays, localToday } from "@care/core/rules/date-only.rules";
import { weekStartOf } from "@care/core/rules/schedule.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  const home = `rota-a-${RUN}`.toLowerCase().slice(0, 60);
  const other = `rota-b-${RUN}`.toLowerCase().slice(0, 60);
  // A Monday a few weeks ahead.
  const week = weekStartOf(addDays(localToday(), 21));
  const ids: Record<string, string> = {};

  const shift = (facilityId: string, staffId: string, date: string, start: string, end: string, extra = {}) => ({
    facilityId,
    staffId,
    date,
    start,
    end,
    position: "caregiver" as const,
    ...extra,
  });

  beforeAll(async () => {
    admin = await ctx.signedIn();
    await admin.data.create("facilities", { name: "Rota A", timeZone: "America/Los_Angeles" }, { id: home });
    await admin.data.create("facilities", { name: "Rota B" }, { id: other });
    const person = (firstName: string, extra: Record<string, unknown> = {}) => ({
      facilityId: home,
      firstName,
      lastName: `Rota${RUN}`,
      position: "caregiver" as const,
      clearanceStatus: "cleared" as const,
      clearanceSubmittedDate: "2025-01-01",
      clearanceDate: "2025-02-01",
      ...extra,
    });
    ids.floater = (await admin.data.create("staff", person("Flo", { otherFacilityIds: [other] }))).id;
    ids.pending = (
      await admin.data.create("staff", person("Pat", { clearanceStatus: "submitted", clearanceDate: undefined }))
    ).id;
    ids.outsider = (await admin.data.create("staff", { ...person("Oz"), facilityId: other })).id;
    for (let i = 0; i < 20; i++)
      await admin.data.create("residents", {
        facilityId: home,
        firstName: `R${i}`,
        lastName: `Rota${RUN}`,
        dateOfBirth: "1940-01-01",
        gender: "female",
        admissionDate: "2025-01-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
        dementia: i === 0,
      });
  });

  it("keeps shifts of people working at the home, and refuses bad times and strangers", async () => {
    const created = await admin.data.create("shifts", shift(home, ids.floater!, week, "07:00", "15:00"));
    expect(created).toMatchObject({ duty: "awake", published: false, version: 1 });
    const same = await expectAppError(
      admin.data.create("shifts", shift(home, ids.floater!, week, "07:00", "07:00")),
      "VALIDATION",
    );
    expect(same.fields).toEqual({ end: "A shift cannot end when it starts" });
    const badTime = await expectAppError(
      admin.data.create("shifts", shift(home, ids.floater!, week, "7am", "15:00")),
      "VALIDATION",
    );
    expect(badTime.fields).toEqual({ start: "Enter a time between 00:00 and 23:59, such as 07:00" });
    const stranger = await expectAppError(
      admin.data.create("shifts", shift(home, ids.outsider!, week, "07:00", "15:00")),
      "VALIDATION",
    );
    expect(stranger.fields).toEqual({ facilityId: "Must be a home the staff member works at" });
    // The floater also works at B: a shift there is accepted.
    await admin.data.create("shifts", shift(other, ids.floater!, week, "10:00", "18:00"));
  });

  it("answers the week with its people, census and checks, computed from stored data", async () => {
    await admin.data.create("shifts", shift(home, ids.pending!, addDays(week, 1), "23:00", "07:00"));
    const answer = await admin.insights.scheduleWeek({ facilityId: home, weekStart: week });
    expect(answer).toMatchObject({ facilityId: home, weekStart: week, timeZone: "America/Los_Angeles" });
    expect(answer.shifts.map((s) => [s.staffId, s.date, s.start])).toEqual([
      [ids.floater, week, "07:00"],
      [ids.pending, addDays(week, 1), "23:00"],
    ]);
    expect(answer.people.map((p) => p.id).sort()).toEqual([ids.floater, ids.pending].sort());
    expect(answer.census.find((c) => c.date === week)).toEqual({ date: week, residents: 20, dementia: true });
    const codes = answer.issues.map((i) => [i.code, i.staffId ?? null]);
    expect(codes).toContainEqual(["double-booked", ids.floater]);
    // The administrator sees every home: the other one is named.
    expect(answer.issues.find((i) => i.code === "double-booked")?.message).toContain("(the other at Rota B)");
    expect(answer.busyElsewhere.map((b) => b.home)).toEqual(["Rota B"]);
    // Pat works a night without the documents night duty needs: the grid's panel names them.
    expect(answer.people.find((p) => p.id === ids.pending)?.missingForNights?.length).toBeGreaterThan(0);
    expect(codes).toContainEqual(["no-clearance", ids.pending]);
    // 20 residents: one awake and one on call each night; nobody from 22:00, then Pat alone awake.
    const night = answer.issues.find((i) => i.code === "night-rule" && i.date === addDays(week, 1));
    expect(night).toMatchObject({ rule: "Title 22 §87415", from: "22:00", to: "06:00" });
    await expectAppError(admin.insights.scheduleWeek({ facilityId: home, weekStart: addDays(week, 1) }), "VALIDATION");
  });

  it("reminds the home's manager, the week before, of the coming week's errors and coverage gaps", async () => {
    const answer = await admin.insights.derivedReminders({
      facilityId: home,
      today: addDays(week, -3),
      kind: "rota-issues",
      limit: 10,
    });
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]).toMatchObject({
      kind: "rota-issues",
      facilityId: home,
      weekStart: week,
      dueDate: addDays(week, -4),
      link: { type: "facility", id: home },
    });
    expect(answer.items[0]!.title).toMatch(
      /^Rota of the week of \d{4}-\d{2}-\d{2}: \d+ errors?, \d+ coverage gaps? — Rota A$/,
    );
    // A home keeping its rota here with nobody booked next week yet: reminded too.
    const empty = await admin.insights.derivedReminders({
      facilityId: home,
      today: addDays(week, 4),
      kind: "rota-issues",
      limit: 10,
    });
    expect(empty.items.map((r) => r.weekStart)).toEqual([addDays(week, 7)]);
    expect(empty.items[0]!.title).toMatch(/^Rota of the week of .*: \d+ coverage gaps? — Rota A$/);
    // Two weeks ahead there is no rota yet: nothing to remind.
    const early = await admin.insights.derivedReminders({
      facilityId: home,
      today: addDays(week, -10),
      kind: "rota-issues",
      limit: 10,
    });
    expect(early.items).toEqual([]);
  });

  it("shows a manager of one home their person's shift in another home as busy time, without its details", async () => {
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: [home] }));
    const answer = await manager.insights.scheduleWeek({ facilityId: home, weekStart: week });
    // Flo works 07:00–15:00 here and 10:00–18:00 at B, which this manager may not read.
    expect(answer.issues.map((i) => [i.code, i.staffId ?? null])).toContainEqual(["double-booked", ids.floater]);
    expect(answer.issues.find((i) => i.code === "double-booked")?.message).toContain("(the other in another home)");
    expect(JSON.stringify(answer)).not.toContain("Rota B");
    expect(answer.busyElsewhere).toHaveLength(1);
    expect(Object.keys(answer.busyElsewhere[0]!).sort()).toEqual(["from", "staffId", "to"]);
    expect(answer.busyElsewhere[0]!.to - answer.busyElsewhere[0]!.from).toBe(8 * 3_600_000);
    expect((await manager.data.list("shifts", { where: { facilityId: other } })).items).toEqual([]);
    await expectAppError(manager.insights.scheduleWeek({ facilityId: other, weekStart: week }), "NOT_FOUND");
  });

  it("counts a shift of someone not cleared apart in the week's coverage: scheduled, not counted", async () => {
    const answer = await admin.insights.scheduleWeek({ facilityId: home, weekStart: week });
    const apart = answer.issues.filter((i) => i.code === "not-counted");
    expect(apart).toHaveLength(1);
    expect(apart[0]).toMatchObject({ severity: "coverage", staffId: ids.pending, date: addDays(week, 1) });
    expect(apart[0]!.message).toContain("scheduled, not counted: not cleared");
    // The night Pat works is still short (20 residents need one awake and one on call): not dropped as if empty.
    expect(answer.issues.find((i) => i.code === "night-rule" && i.date === addDays(week, 1))?.message).toContain(
      "20 residents need",
    );
  });

  it("publishes a shift of someone without a clearance only over an override with a reason, by a role with the action", async () => {
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: null }));
    const [pat] = (await admin.data.list("shifts", { where: { facilityId: home, staffId: ids.pending! } })).items;
    const publish = { op: "update" as const, collection: "shifts" as const, id: pat!.id, version: pat!.version };
    // No reason: refused for whoever publishes, alone or with its week.
    for (const attempt of [
      () => admin.data.update("shifts", pat!.id, { published: true }, pat!.version),
      () => admin.data.commit([{ ...publish, patch: { published: true } }]),
      () => manager.data.update("shifts", pat!.id, { published: true }, pat!.version),
    ]) {
      const error = await expectAppError(attempt(), "VALIDATION");
      // A commit names the field with its operation ("ops.0.overrideReason").
      expect(Object.entries(error.fields ?? {})).toEqual([
        [
          expect.stringMatching(/^(ops\.0\.)?overrideReason$/),
          "This person has no criminal record clearance or exemption: publishing their shift needs an override with a reason",
        ],
      ]);
    }
    // A reason without the action (a house manager by default): refused.
    const refused = await expectAppError(
      manager.data.commit([{ ...publish, patch: { published: true, overrideReason: "Agency cover" } }]),
      "FORBIDDEN",
    );
    expect(refused.message).toBe("Your role may not publish a rota over a missing clearance.");
    expect((await admin.data.get("shifts", pat!.id)).published).toBe(false);
    // The action and a reason: published, the reason stored and signed by who gave it, whatever was sent.
    const before = Date.now();
    await admin.data.commit([
      {
        ...publish,
        patch: {
          published: true,
          overrideReason: "Live Scan cleared by phone; letter due",
          overrideBy: "Someone else",
        },
      },
    ]);
    const done = await admin.data.get("shifts", pat!.id);
    const me = admin.auth.current()!;
    expect(done).toMatchObject({
      published: true,
      overrideReason: "Live Scan cleared by phone; letter due",
      overrideBy: me.displayName || me.email,
    });
    expect(Math.abs(Date.parse(done.overrideAt!) - before)).toBeLessThan(10 * 60_000);
    // Everyday edits keep the override as signed; giving it to someone else needs the action.
    const noted = await manager.data.update("shifts", pat!.id, { note: "Badge at the office" }, done.version);
    expect(noted).toMatchObject({
      overrideReason: done.overrideReason,
      overrideBy: done.overrideBy,
      overrideAt: done.overrideAt,
    });
    await expectAppError(manager.data.update("shifts", pat!.id, { staffId: ids.floater }, noted.version), "FORBIDDEN");
    // Unpublished again for the cases below, the override taken off with it.
    const back = await admin.data.update("shifts", pat!.id, { published: false, overrideReason: null }, noted.version);
    expect(back.overrideBy).toBeUndefined();
  });

  it("shows users who may only read the rota the published shifts, without checks", async () => {
    const reader = await ctx.signedIn(await ctx.createUser(admin, { role: "caregiver", facilityIds: [home] }));
    expect((await reader.insights.scheduleWeek({ facilityId: home, weekStart: week })).shifts).toEqual([]);
    const { items } = await admin.data.list("shifts", { where: { facilityId: home, date: week } });
    await admin.data.update("shifts", items[0]!.id, { published: true }, items[0]!.version);
    const seen = await reader.insights.scheduleWeek({ facilityId: home, weekStart: week });
    expect(seen.shifts.map((s) => s.id)).toEqual([items[0]!.id]);
    expect(seen.issues).toEqual([]);
    expect((await reader.data.list("shifts", { where: { facilityId: home } })).items.map((s) => s.id)).toEqual([
      items[0]!.id,
    ]);
    await expectAppError(reader.data.create("shifts", shift(home, ids.floater!, week, "16:00", "20:00")), "FORBIDDEN");
  });
});
