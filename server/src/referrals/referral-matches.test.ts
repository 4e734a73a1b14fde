// The group-wide referral duplicate check through the real app: a user of another home learns only that
// a referral exists there and whom to ask; a role without Referrals is refused; each check is audited
// and the checks are rate-limited; the database finds candidates through the date-of-birth, phone and
// e-mail indexes (a BitmapOr of index scans), never by reading the table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let newmanCookie: string;
let caregiverCookie: string;
const { call, get } = injectApi(() => t.app);

const check = (cookie: string, query: string) => get(cookie, `/insights/referral-matches?${query}`);

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  for (const [email, role, facilityIds] of [
    ["newman.referrals@example.test", "house-manager", ["newman"]],
    ["caregiver.referrals@example.test", "caregiver", ["tull"]],
  ] as const)
    await createUser(t.database.prisma, { email, password: PASSWORD, role, facilityIds: [...facilityIds] }, null);
  newmanCookie = await t.login("newman.referrals@example.test", PASSWORD);
  caregiverCookie = await t.login("caregiver.referrals@example.test", PASSWORD);
  const created = await call(adminCookie, "POST", "/referrals", {
    data: {
      facilityId: "tull",
      referredOn: "2026-11-02",
      source: "family",
      firstName: "Rosa",
      lastName: "Alvarez",
      dateOfBirth: "1941-06-09",
      phone: "(559) 555-0142",
    },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("the referral duplicate check", () => {
  it("tells a user of another home only that a referral exists there, and whom to ask", async () => {
    const answer = await check(newmanCookie, "firstName=rosa&lastName=ALVAREZ&dateOfBirth=1941-06-09");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      matches: [],
      elsewhere: [expect.objectContaining({ facilityId: "tull", count: 1 })],
    });
    // Nothing of the person; the id to link a duplicate to is random, so it is left out of the search.
    const { firstId: _id, ...told } = answer.body.elsewhere[0];
    expect(JSON.stringify({ ...answer.body, elsewhere: [told] })).not.toMatch(/Rosa|Alvarez|1941|555/i);
    const admin = await check(adminCookie, "phone=559-555-0142");
    expect(admin.body.matches).toEqual([expect.objectContaining({ name: "Alvarez, Rosa", reasons: ["phone"] })]);
  });

  it("refuses a role without Referrals", async () => {
    expect((await check(caregiverCookie, "phone=559-555-0142")).status).toBe(403);
  });

  it("audits each check", async () => {
    const rows = await get(
      adminCookie,
      `/auditLog${q({ where: { action: "view", collection: "referrals" }, limit: 50 })}`,
    );
    const summaries = (rows.body.items as Array<{ summary: string }>).map((r) => r.summary);
    expect(summaries).toContain("duplicate check: 0 matches shown, 1 in other homes");
  });

  it("finds candidates through the indexes, not by reading the table", async () => {
    const plan = await t.database.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(
        `EXPLAIN (FORMAT JSON) SELECT id FROM referrals WHERE "archivedAt" IS NULL AND
         (("dateOfBirth" = $1 AND "lastName" ILIKE $2) OR phone = $3 OR email = $4)`,
        "1941-06-09",
        "alvarez",
        "(559) 555-0142",
        "rosa@example.org",
      );
      return JSON.stringify(rows[0]!["QUERY PLAN"]);
    });
    expect(plan).not.toContain("Seq Scan");
    for (const index of ["referrals_dateOfBirth_idx", "referrals_phone_idx", "referrals_email_idx"])
      expect(plan).toContain(index);
  });

  it("limits how often one user may check", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await check(newmanCookie, "phone=559-555-0199")).status);
    expect(statuses).toContain(429);
  });
});
