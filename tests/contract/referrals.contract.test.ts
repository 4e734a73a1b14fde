// Referral logs on every harness: a referral is validated (an agent's referral names the agent, a closed
// one its reason), its status changes are kept as history, and the group-wide duplicate check finds the
// same prospect referred to another home by name and date of birth, phone or e-mail — naming it to a
// user who sees that home, and only counting it, with whom to ask, for one who does not. Agent stats
// count referrals, tours and move-ins for everyone and fees only for a role with Referral fees.
import { beforeAll, expect, it } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import type { TRecordOf } from "@care/core/registry";
import { NO_TOUR_MESSAGE } from "@care/core/rules/referral-outcome.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

await runContract("data", (ctx) => {
  let admin: TPorts;
  let agent: TRecordOf<"referralAgents">;
  let first: TRecordOf<"referrals">;
  const lastName = `Alvarez-${RUN}`;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    agent = await admin.data.create("referralAgents", { name: `Placement Pros ${RUN}` });
  });

  it("validates a referral: the agent of an agent's referral, the reason of a closed one", async () => {
    const bad = await expectAppError(
      admin.data.create("referrals", {
        facilityId: "tull",
        referredOn: "2026-11-02",
        source: "agent",
        firstName: "Rosa",
        lastName,
        status: "declined",
      }),
      "VALIDATION",
    );
    expect(bad.fields).toMatchObject({
      agentId: "Choose the agent",
      closeReason: "Choose why the referral was closed",
    });
    first = await admin.data.create("referrals", {
      facilityId: "tull",
      referredOn: "2026-11-02",
      source: "agent",
      agentId: agent.id,
      firstName: "Rosa",
      lastName,
      dateOfBirth: "1941-06-09",
      phone: "559 555 0142",
      email: `Rosa.${RUN}@Example.org`,
    });
    expect(first).toMatchObject({ status: "new", phone: "(559) 555-0142", email: `rosa.${RUN}@example.org` });
  });

  it("keeps each status change in the referral's history", async () => {
    const moved = await admin.data.update(
      "referrals",
      first.id,
      { status: "tour_scheduled", tourAt: "2026-11-05T14:00" },
      first.version,
    );
    first = moved;
    const changes = await admin.data.list("recordChanges", { where: { recordId: first.id } });
    const fields = changes.items.flatMap((c) => c.changes.map((x) => `${x.field}:${x.before ?? ""}>${x.after ?? ""}`));
    expect(fields).toContain("status:new>tour_scheduled");
    const stale = await expectAppError(
      admin.data.update("referrals", first.id, { status: "toured" }, first.version - 1),
      "CONFLICT",
    );
    expect(stale.current).toMatchObject({ status: "tour_scheduled" });
  });

  it("finds the same prospect in any home by name and birth date, phone or e-mail, earliest first", async () => {
    const byName = await admin.insights.referralMatches({
      firstName: "rosa ",
      lastName: lastName.toUpperCase(),
      dateOfBirth: "1941-06-09",
    });
    expect(byName.matches).toEqual([
      expect.objectContaining({
        id: first.id,
        facilityId: "tull",
        referredOn: "2026-11-02",
        agentName: `Placement Pros ${RUN}`,
        reasons: ["name-and-birth-date"],
      }),
    ]);
    const byPhone = await admin.insights.referralMatches({
      firstName: "R",
      lastName: "Other",
      phone: "(559) 555-0142",
    });
    expect(byPhone.matches.map((m) => [m.id, m.reasons])).toEqual([[first.id, ["phone"]]]);
    const byEmail = await admin.insights.referralMatches({ email: `ROSA.${RUN}@example.org` });
    expect(byEmail.matches.map((m) => m.id)).toEqual([first.id]);
    expect(await admin.insights.referralMatches({ firstName: "Rosa", lastName, dateOfBirth: "1941-06-10" })).toEqual({
      matches: [],
      elsewhere: [],
    });
    expect(
      (
        await admin.insights.referralMatches({
          firstName: "Rosa",
          lastName,
          dateOfBirth: "1941-06-09",
          excludeId: first.id,
        })
      ).matches,
    ).toEqual([]);
    await expectAppError(admin.insights.referralMatches({ dateOfBirth: "soon" }), "VALIDATION");
  });

  it("warns of a possible duplicate while only the name is typed, by the same first and last name", async () => {
    const byName = await admin.insights.referralMatches({ firstName: " ROSA", lastName: lastName.toLowerCase() });
    expect(byName.sameNameOnly).toBe(true);
    expect(byName.matches.map((m) => [m.id, m.reasons])).toEqual([[first.id, ["same-name"]]]);
    expect(await admin.insights.referralMatches({ firstName: "Rosalind", lastName })).toEqual({
      matches: [],
      elsewhere: [],
    });
    // With a date of birth, the name is no longer enough: a namesake born another day is someone else.
    expect(
      (await admin.insights.referralMatches({ firstName: "Rosa", lastName, dateOfBirth: "1950-01-01" })).matches,
    ).toEqual([]);
    // Another home's namesake is only counted, as for the other keys.
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["newman"] }));
    const theirs = await manager.insights.referralMatches({ firstName: "Rosa", lastName });
    expect(theirs).toMatchObject({ matches: [], sameNameOnly: true });
    expect(theirs.elsewhere).toEqual([expect.objectContaining({ facilityId: "tull", count: 1 })]);
  });

  it("tells a user of another home only that a match exists there, and whom to ask", async () => {
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["newman"] }));
    const answer = await manager.insights.referralMatches({ firstName: "Rosa", lastName, dateOfBirth: "1941-06-09" });
    expect(answer.matches).toEqual([]);
    expect(answer.elsewhere).toEqual([expect.objectContaining({ facilityId: "tull", facilityName: "Tull", count: 1 })]);
    expect(JSON.stringify(answer)).not.toContain("1941");
    expect(JSON.stringify(answer)).not.toContain("Rosa");
  });

  it("counts an agent's referrals, tours and move-ins; fees only for a role with Referral fees", async () => {
    const year = 2026;
    const second = await admin.data.create("referrals", {
      facilityId: "newman",
      referredOn: "2026-11-03",
      source: "agent",
      agentId: agent.id,
      firstName: "Tomas",
      lastName,
    });
    await admin.data.update(
      "referrals",
      first.id,
      { status: "moved_in", closeReason: "moved_in", moveInDate: "2026-11-10", firstMonthRentCents: 480_000 },
      first.version,
    );
    // The agent has no fee terms: what is owed is what they invoiced.
    await admin.data.create("referralFees", {
      referralId: first.id,
      agentId: agent.id,
      facilityId: "tull",
      kind: "invoice",
      date: "2026-11-15",
      amountCents: 240_000,
      invoiceNumber: `INV-${RUN}`,
    });
    await admin.data.create("referralFees", {
      referralId: first.id,
      agentId: agent.id,
      facilityId: "tull",
      kind: "payment",
      date: "2026-11-20",
      amountCents: 240_000,
      method: "check",
    });
    expect(await admin.insights.agentStats({ agentIds: [agent.id], year })).toEqual([
      {
        agentId: agent.id,
        referrals: 2,
        tours: 1,
        moveIns: 1,
        feesOwedCents: 0, // no terms: nothing is owed by them
        feesPaidCents: 240_000,
        feesPaidInYearCents: 240_000,
      },
    ]);
    const roleId = unique("referrals-clerk");
    await admin.data.create(
      "roles",
      { name: `Referrals clerk ${RUN}`, permissions: { ...permissionsAt("none"), referrals: "write" } },
      { id: roleId },
    );
    const clerk = await ctx.signedIn(await ctx.createUser(admin, { role: roleId, facilityIds: null }));
    expect(await clerk.insights.agentStats({ agentIds: [agent.id], year })).toEqual([
      {
        agentId: agent.id,
        referrals: 2,
        tours: 1,
        moveIns: 1,
        feesOwedCents: null,
        feesPaidCents: null,
        feesPaidInYearCents: null,
      },
    ]);
    await expectAppError(clerk.data.list("referralFees", { where: { referralId: first.id } }), "FORBIDDEN");
    // The first month's rent fixes the fee: the clerk's copy of the referral does not carry it.
    expect((await admin.data.get("referrals", first.id)).firstMonthRentCents).toBe(480_000);
    const theirs = await clerk.data.get("referrals", first.id);
    expect(theirs.status).toBe("moved_in");
    expect(Object.keys(theirs)).not.toContain("firstMonthRentCents");
    expect(second.status).toBe("new");
  });

  it("keeps the earlier referral a referral logged despite the duplicate warning may duplicate, until cleared", async () => {
    const earlier = await admin.data.create("referrals", {
      facilityId: "tull",
      referredOn: "2026-11-01",
      source: "family",
      firstName: "Lena",
      lastName: `Maybe-${RUN}`,
    });
    const logged = await admin.data.create("referrals", {
      facilityId: "tull",
      referredOn: "2026-11-03",
      source: "family",
      firstName: "Lena",
      lastName: `Maybe-${RUN}`,
      possibleDuplicateOfId: earlier.id,
    });
    expect(logged.possibleDuplicateOfId).toBe(earlier.id);
    expect((await admin.data.get("referrals", logged.id)).possibleDuplicateOfId).toBe(earlier.id);
    const cleared = await admin.data.update("referrals", logged.id, { possibleDuplicateOfId: null }, logged.version);
    expect(cleared.possibleDuplicateOfId).toBeUndefined();
    await expectAppError(
      admin.data.update("referrals", logged.id, { possibleDuplicateOfId: "not an id!" }, cleared.version),
      "VALIDATION",
    );
  });

  it("counts the fees an agent's terms make owed for their move-ins, a duplicate's none", async () => {
    const termed = await admin.data.create("referralAgents", { name: `Half Month ${RUN}` });
    await admin.data.create(
      "agentFeeTerms",
      { agentId: termed.id, kind: "percent_first_month", percentBasisPoints: 5000 },
      { id: termed.id },
    );
    const base = { facilityId: "tull", referredOn: "2026-11-02", source: "agent" as const, agentId: termed.id };
    const moved = { status: "moved_in" as const, closeReason: "moved_in" as const, moveInDate: "2026-11-10" };
    await admin.data.create("referrals", {
      ...base,
      ...moved,
      firstName: "Ana",
      lastName: `Owed-${RUN}`,
      firstMonthRentCents: 400_000,
    });
    const original = await admin.data.create("referrals", { ...base, firstName: "Bo", lastName: `Owed-${RUN}` });
    await admin.data.create("referrals", {
      ...base,
      ...moved,
      firstName: "Bo",
      lastName: `Owed-${RUN}`,
      firstMonthRentCents: 400_000,
      duplicateOfId: original.id,
    });
    const [stats] = await admin.insights.agentStats({ agentIds: [termed.id], year: 2026 });
    expect(stats).toMatchObject({ moveIns: 2, feesOwedCents: 200_000, feesPaidCents: 0 });
  });

  it("refuses, on the backend, a fee entry that would pay a fee twice", async () => {
    // The first referral moved in, was invoiced and paid in full (above); the second has not moved in.
    const [second] = (await admin.data.list("referrals", { where: { facilityId: "newman", agentId: agent.id } })).items;
    const base = { agentId: agent.id, date: "2026-11-21" };
    const again = await expectAppError(
      admin.data.create("referralFees", {
        ...base,
        referralId: first.id,
        facilityId: "tull",
        kind: "payment",
        amountCents: 100,
        method: "ach",
      }),
      "VALIDATION",
    );
    expect(again.fields).toEqual({ amountCents: "Nothing is left to pay" });
    const reused = await expectAppError(
      admin.data.create("referralFees", {
        ...base,
        referralId: second!.id,
        facilityId: "newman",
        kind: "invoice",
        amountCents: 240_000,
        invoiceNumber: ` inv-${RUN} `.toLowerCase(),
      }),
      "VALIDATION",
    );
    expect(reused.fields).toEqual({ invoiceNumber: "This agent's invoice of that number is already recorded" });
    const notMovedIn = await expectAppError(
      admin.data.create("referralFees", {
        ...base,
        referralId: second!.id,
        facilityId: "newman",
        kind: "payment",
        amountCents: 100,
        method: "check",
      }),
      "VALIDATION",
    );
    expect(notMovedIn.fields).toEqual({ amountCents: "Nothing is owed: the prospect has not moved in" });
    const otherAgent = await admin.data.create("referralAgents", { name: `Other Placement ${RUN}` });
    const wrongAgent = await expectAppError(
      admin.data.create("referralFees", {
        ...base,
        agentId: otherAgent.id,
        referralId: second!.id,
        facilityId: "newman",
        kind: "dispute",
        notes: "Not theirs",
      }),
      "VALIDATION",
    );
    expect(wrongAgent.fields).toEqual({ agentId: "Must be the agent who made the referral" });
    // An invoice for a referral that did not move in is recorded (to dispute), as the web app allows.
    const invoice = await admin.data.create("referralFees", {
      ...base,
      referralId: second!.id,
      facilityId: "newman",
      kind: "invoice",
      amountCents: 240_000,
      invoiceNumber: `INV-${RUN}-2`,
    });
    expect(invoice.kind).toBe("invoice");
  });

  it("closes the prospect's open referral in a home the mover does not see, as a sister-home move", async () => {
    const person = {
      firstName: "Marta",
      lastName: unique("Quintero"),
      dateOfBirth: "1939-02-14",
      phone: "(559) 555-0142",
      source: "family" as const,
    };
    const atNewman = await admin.data.create("referrals", {
      ...person,
      facilityId: "newman",
      referredOn: "2026-11-01",
    });
    // Someone else on the same phone (her daughter's, say) is not closed unseen.
    const samePhone = await admin.data.create("referrals", {
      firstName: "Zed",
      lastName: unique("Unrelated"),
      phone: person.phone,
      source: "family",
      facilityId: "newman",
      referredOn: "2026-11-01",
    });
    const closedAlready = await admin.data.create("referrals", {
      ...person,
      facilityId: "newman",
      referredOn: "2026-11-02",
      status: "declined",
      closeReason: "other",
    });
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
    const atTull = await manager.data.create("referrals", { ...person, facilityId: "tull", referredOn: "2026-11-03" });
    await expectAppError(manager.data.get("referrals", atNewman.id), "NOT_FOUND");
    await manager.data.update(
      "referrals",
      atTull.id,
      { status: "moved_in", closeReason: "moved_in", moveInDate: "2026-11-10" },
      atTull.version,
    );
    // The server and memory close it in the move-in's transaction; Firebase's closeSisterReferrals
    // trigger just after the commit: read until it holds, within a deadline.
    const newman = await eventually(
      () => admin.data.get("referrals", atNewman.id),
      (r) => r.status !== "new",
    );
    expect(newman).toMatchObject({
      status: "lost",
      closeReason: "sister_home",
      version: atNewman.version + 1,
      outcomeNotes: "Moved in at another home of the group on 2026-11-10.",
    });
    expect(newman).not.toHaveProperty("nextFollowUp");
    expect((await admin.data.get("referrals", samePhone.id)).status).toBe("new");
    // A closed referral stays as it was; the Newman referral's history says what changed.
    expect((await admin.data.get("referrals", closedAlready.id)).status).toBe("declined");
    const changes = await eventually(
      () => admin.data.list("recordChanges", { where: { recordId: atNewman.id } }),
      (page) => page.items.length > 0,
    );
    expect(changes.items.flatMap((c) => c.changes.map((x) => `${x.field}:${x.after ?? ""}`))).toContain(
      "closeReason:sister_home",
    );
  });

  it("reminds of a follow-up and of a duplicate to report to the agency, in the referral's home only", async () => {
    const prompt = await admin.data.create("referralAgents", {
      name: `Prompt Placement ${RUN}`,
      duplicateReportDays: 2,
    });
    const earlier = await admin.data.create("referrals", {
      facilityId: "tull",
      referredOn: "2026-11-01",
      source: "family",
      firstName: "Hal",
      lastName: `Brooks-${RUN}`,
      nextFollowUp: "2026-11-20",
    });
    const duplicate = await admin.data.create("referrals", {
      facilityId: "tull",
      referredOn: "2026-11-03",
      source: "agent",
      agentId: prompt.id,
      firstName: "Hal",
      lastName: `Brooks-${RUN}`,
      duplicateOfId: earlier.id,
    });
    const answer = await admin.insights.derivedReminders({ today: "2026-11-21", facilityId: "tull", limit: 500 });
    const mine = answer.items.filter((r) => r.link.id === earlier.id || r.link.id === duplicate.id);
    expect(mine.map((r) => [r.kind, r.link.type, r.link.id]).sort()).toEqual(
      [
        ["referral-follow-up", "referral", earlier.id],
        ["referral-report", "referral", duplicate.id],
      ].sort(),
    );
    const newman = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["newman"] }));
    const theirs = await newman.insights.derivedReminders({ today: "2026-11-21", limit: 500 });
    expect(theirs.items.some((r) => r.link.id === earlier.id || r.link.id === duplicate.id)).toBe(false);
  });

  it("marks a referral toured only once a tour is recorded: its date and time, or a Tour in the contact log", async () => {
    const person = { facilityId: "tull", referredOn: "2026-11-04", source: "family" as const, firstName: "Vera" };
    const untoured = await expectAppError(
      admin.data.create("referrals", { ...person, lastName: `Quill-${RUN}`, status: "toured" }),
      "VALIDATION",
    );
    expect(untoured.fields).toEqual({ status: NO_TOUR_MESSAGE });
    const referral = await admin.data.create("referrals", { ...person, lastName: `Quill-${RUN}` });
    const refused = await expectAppError(
      admin.data.update("referrals", referral.id, { status: "toured" }, referral.version),
      "VALIDATION",
    );
    expect(refused.fields).toEqual({ status: NO_TOUR_MESSAGE });
    // A call is not a tour; a Tour line of the contact log is.
    const contact = {
      referralId: referral.id,
      facilityId: "tull",
      at: "2026-11-05T15:00:00.000Z",
      notes: "Saw the garden",
    };
    await admin.data.create("referralContacts", { ...contact, kind: "call" });
    await expectAppError(
      admin.data.update("referrals", referral.id, { status: "toured" }, referral.version),
      "VALIDATION",
    );
    await admin.data.create("referralContacts", { ...contact, kind: "tour" });
    const toured = await admin.data.update("referrals", referral.id, { status: "toured" }, referral.version);
    expect(toured.status).toBe("toured");
    // A tour's date and time on the referral is a recorded tour too, even in the same write.
    const scheduled = await admin.data.create("referrals", { ...person, lastName: `Quill-${RUN}-b` });
    const withTour = await admin.data.update(
      "referrals",
      scheduled.id,
      { status: "toured", tourAt: "2026-11-05T10:00" },
      scheduled.version,
    );
    expect(withTour.status).toBe("toured");
    // Logging the tour and marking it toured in one commit counts the tour.
    const third = await admin.data.create("referrals", { ...person, lastName: `Quill-${RUN}-c` });
    await admin.data.commit([
      { op: "create", collection: "referralContacts", data: { ...contact, referralId: third.id, kind: "tour" } },
      { op: "update", collection: "referrals", id: third.id, version: third.version, patch: { status: "toured" } },
    ]);
    expect((await admin.data.get("referrals", third.id)).status).toBe("toured");
  });

  it("counts each source's referrals in one home or every home, fees only for fee readers", async () => {
    const before = await admin.insights.sourceStats({ facilityId: "newman" });
    await admin.data.create("referrals", {
      facilityId: "newman",
      referredOn: "2026-11-04",
      source: "hospital",
      sourceDetail: "Discharge planner, St. Agnes",
      firstName: "Ida",
      lastName: `Marsh-${RUN}`,
    });
    const after = await admin.insights.sourceStats({ facilityId: "newman" });
    const hospital = (stats: typeof after) => stats.find((s) => s.source === "hospital")!;
    expect(hospital(after).referrals).toBe(hospital(before).referrals + 1);
    expect(after.map((s) => s.source)).toEqual(["agent", "hospital", "family", "website", "walk_in", "other"]);
    expect(after.every((s) => s.feesPaidCents !== null)).toBe(true);
    const everywhere = await admin.insights.sourceStats({});
    expect(hospital(everywhere).referrals).toBeGreaterThanOrEqual(hospital(after).referrals);
    const manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
    await expectAppError(manager.insights.sourceStats({ facilityId: "newman" }), "NOT_FOUND");
  });
});

/**
 * What a trigger writes after the call (Firebase's Cloud Functions) read until `holds`, at most 10 s;
 * the last read is returned either way, for the test's own expectations to judge.
 */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
