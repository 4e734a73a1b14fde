// The schedule week through the real app, by facility: a manager limited to one home never reads another
// home's shifts, yet the check of their week still sees their staff member's shift there as busy time
// (without its home, times or id); shifts booked one after the other from two sessions are both
// reported as a double booking, since the check is computed from what is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localToday } from "@care/core/rules/date-only.rules";
import { weekStartOf } from "@care/core/rules/schedule.rules";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let tullCookie: string;
let newmanCookie: string;
let floaterId = "";
const { call, get } = injectApi(() => t.app);
const week = weekStartOf(addDays(localToday(), 14));

const shift = (facilityId: string, start: string, end: string) => ({
  data: { facilityId, staffId: floaterId, date: week, start, end, position: "caregiver" },
});

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  for (const [email, facility] of [
    ["tull.rota@example.test", "tull"],
    ["newman.rota@example.test", "newman"],
  ] as const)
    await createUser(
      t.database.prisma,
      { email, password: PASSWORD, role: "house-manager", facilityIds: [facility] },
      null,
    );
  tullCookie = await t.login("tull.rota@example.test", PASSWORD);
  newmanCookie = await t.login("newman.rota@example.test", PASSWORD);
  const floater = await call(adminCookie, "POST", "/staff", {
    data: {
      facilityId: "tull",
      otherFacilityIds: ["newman"],
      firstName: "Flo",
      lastName: "Ater",
      position: "caregiver",
      clearanceStatus: "cleared",
      clearanceSubmittedDate: "2025-01-01",
      clearanceDate: "2025-01-20",
    },
  });
  floaterId = floater.body.id as string;
});

afterAll(async () => {
  await t?.cleanup();
});

describe("a week's checks across homes", () => {
  it("reports a double booking made from two homes' sessions, to each, without the other shift's details", async () => {
    const atTull = await call(tullCookie, "POST", "/shifts", shift("tull", "07:00", "15:00"));
    expect(atTull.status).toBe(201);
    // Newman's manager books the same person for an overlapping shift: accepted (each home's own rota),
    // and reported by both weeks' checks.
    const atNewman = await call(newmanCookie, "POST", "/shifts", shift("newman", "13:00", "21:00"));
    expect(atNewman.status).toBe(201);

    // Tull's manager cannot read Newman's shift.
    expect((await get(tullCookie, `/shifts/${atNewman.body.id as string}`)).status).toBe(404);
    const listed = await get(tullCookie, `/shifts${q({ where: { staffId: floaterId } })}`);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([atTull.body.id]);

    for (const [cookie, home, mine] of [
      [tullCookie, "tull", atTull.body.id],
      [newmanCookie, "newman", atNewman.body.id],
    ] as const) {
      const answer = await get(cookie, `/insights/schedule-week?facilityId=${home}&weekStart=${week}`);
      expect(answer.status).toBe(200);
      const clash = answer.body.issues.find((i: { code: string }) => i.code === "double-booked");
      expect(clash).toMatchObject({ severity: "error", staffId: floaterId, shiftId: mine });
      expect(clash.message).toContain("another home");
      // The other home's shift is busy time only: no id, home or times in the answer.
      const other = home === "tull" ? atNewman.body.id : atTull.body.id;
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(other as string);
      // Nor its times (Newman's ends at 21:00, Tull's starts at 07:00) as a value: quoted, so a record's
      // timestamp written at 21:00 UTC ("…T21:00:31Z") does not count.
      expect(text).not.toContain(home === "tull" ? '"21:00"' : '"07:00"');
      expect(answer.body.busyElsewhere).toHaveLength(1);
      expect(Object.keys(answer.body.busyElsewhere[0]).sort()).toEqual(["from", "staffId", "to"]);
    }
  });

  it("refuses another home's week and a week not starting on a Monday", async () => {
    expect((await get(tullCookie, `/insights/schedule-week?facilityId=van-buren&weekStart=${week}`)).status).toBe(404);
    const wrong = await get(tullCookie, `/insights/schedule-week?facilityId=tull&weekStart=${addDays(week, 2)}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ weekStart: "A week starts on a Monday" });
  });
});
