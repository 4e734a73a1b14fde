// Duplicate admissions across homes through the real app: a user told that the person is recorded in
// another home learns nothing else about them; each check is audited and the checks are rate-limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let newmanCookie: string;
let tullResidentId: string;
const { call, get } = injectApi(() => t.app);

const matches = (cookie: string, firstName: string) =>
  get(cookie, `/insights/resident-matches?firstName=${firstName}&lastName=Okafor&dateOfBirth=1938-04-02`);

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  await createUser(
    t.database.prisma,
    { email: "newman.matches@example.test", password: PASSWORD, role: "house-manager", facilityIds: ["newman"] },
    null,
  );
  newmanCookie = await t.login("newman.matches@example.test", PASSWORD);
  const created = await call(adminCookie, "POST", "/residents", {
    data: {
      facilityId: "tull",
      firstName: "Margaret",
      lastName: "Okafor",
      dateOfBirth: "1938-04-02",
      gender: "female",
      admissionDate: "2025-02-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    },
  });
  expect(created.status).toBe(201);
  tullResidentId = created.body.id as string;
});

afterAll(async () => {
  await t?.cleanup();
});

describe("duplicate admissions across homes", () => {
  it("tells a user of another home only that a match exists elsewhere", async () => {
    const answer = await matches(newmanCookie, "margaret");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ matches: [], elsewhere: 1 });
    expect(JSON.stringify(answer.body)).not.toMatch(/tull|Okafor/i);
    const admin = await matches(adminCookie, "Margaret");
    expect(admin.body.matches).toHaveLength(1);
    expect(admin.body.elsewhere).toBe(0);
  });

  it("does not let another home's resident id be left out (the count would confirm its name and birth date)", async () => {
    const answer = await get(
      newmanCookie,
      `/insights/resident-matches?firstName=Margaret&lastName=Okafor&dateOfBirth=1938-04-02&excludeId=${tullResidentId}`,
    );
    expect(answer.body).toEqual({ matches: [], elsewhere: 1 });
  });

  it("audits each check", async () => {
    const rows = await get(
      adminCookie,
      `/auditLog${q({ where: { action: "view", collection: "residents" }, limit: 50 })}`,
    );
    expect((rows.body.items as Array<{ summary: string }>).some((r) => /duplicate check/.test(r.summary))).toBe(true);
  });

  it("limits how often one user may check", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await matches(newmanCookie, "Someone")).status);
    expect(statuses).toContain(429);
  });
});
