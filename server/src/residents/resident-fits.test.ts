// A home's licensed capacity through the real app: admissions, moves and readmissions past it are
// refused with the reason; two admissions at once into the last bed cannot both pass; an administrator
// admits over capacity with a recorded exception, and only an administrator may.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { residentInput } from "../test/fixtures.ts";
import { injectApi, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let staffCookie: string;
const { call, get } = injectApi(() => t.app);

async function home(id: string, licensedCapacity: number) {
  const created = await call(adminCookie, "POST", "/facilities", {
    id,
    data: { name: `Home ${id}`, licensedCapacity },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  await createUser(
    t.database.prisma,
    { email: "capacity.staff@example.test", password: PASSWORD, role: "caregiver", facilityIds: null },
    null,
  );
  staffCookie = await t.login("capacity.staff@example.test", PASSWORD);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("licensed capacity", () => {
  it("refuses one of two admissions at once into the last bed, naming the home's capacity", async () => {
    await home("last-bed", 2);
    expect((await call(staffCookie, "POST", "/residents", { data: residentInput("last-bed", "First") })).status).toBe(
      201,
    );
    const [a, b] = await Promise.all([
      call(staffCookie, "POST", "/residents", { data: residentInput("last-bed", "Second") }),
      call(staffCookie, "POST", "/residents", { data: residentInput("last-bed", "Third") }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.error.fields.facilityId).toMatch(/licensed for 2 residents and 2 beds are taken or promised/);
    const count = await get(adminCookie, `/residents/count?where=${encodeURIComponent('{"facilityId":"last-bed"}')}`);
    expect(count.body.count).toBe(2);
  });

  it("counts planned move-ins, and refuses a move or a readmission into a full home", async () => {
    await home("full-home", 1);
    await home("roomy-home", 5);
    const planned = await call(staffCookie, "POST", "/residents", {
      data: residentInput("full-home", "Planned", {
        admissionDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      }),
    });
    expect(planned.status).toBe(201);
    const elsewhere = await call(staffCookie, "POST", "/residents", { data: residentInput("roomy-home", "Mover") });
    // A transfer is the administrator's (the caregiver's role holds no transfer action).
    const move = await call(adminCookie, "POST", "/transfers", {
      subject: "resident",
      id: elsewhere.body.id,
      version: 1,
      toFacilityId: "full-home",
      date: "2026-05-02",
    });
    expect(move.status).toBe(400);
    expect(move.body.error.fields.toFacilityId).toMatch(/Home full-home is licensed for 1 resident/);
    // An edit of someone already in a full home is no new admission.
    expect(
      (await call(staffCookie, "PATCH", `/residents/${planned.body.id}`, { version: 1, patch: { room: "2" } })).status,
    ).toBe(200);
  });

  it("admits over capacity with a recorded exception of someone who may change the home's settings, and only theirs", async () => {
    await home("exception-home", 1);
    await call(staffCookie, "POST", "/residents", { data: residentInput("exception-home", "Resident") });
    const byStaff = await call(staffCookie, "POST", "/residents", {
      data: residentInput("exception-home", "Respite", { capacityException: "Respite stay approved by licensing" }),
    });
    expect(byStaff.status).toBe(400);
    expect(byStaff.body.error.fields.capacityException).toMatch(/Only someone who may change the home's settings/);
    const byAdmin = await call(adminCookie, "POST", "/residents", {
      data: residentInput("exception-home", "Respite", { capacityException: "Respite stay approved by licensing" }),
    });
    expect(byAdmin.status).toBe(201);
  });

  it("lets a home without a recorded capacity admit (the page warns instead)", async () => {
    const created = await call(adminCookie, "POST", "/facilities", {
      id: "no-capacity",
      data: { name: "No capacity" },
    });
    expect(created.status).toBe(201);
    for (const name of ["One", "Two", "Three"])
      expect((await call(staffCookie, "POST", "/residents", { data: residentInput("no-capacity", name) })).status).toBe(
        201,
      );
  });
});

describe("impossible dates", () => {
  it("refuses a date of birth in the future or more than 120 years ago", async () => {
    const future = await call(staffCookie, "POST", "/residents", {
      data: residentInput("last-bed", "Future", { dateOfBirth: "2030-01-01" }),
    });
    expect(future.status).toBe(400);
    expect(future.body.error.fields.dateOfBirth).toBe("The date of birth cannot be in the future");
    const ancient = await call(staffCookie, "POST", "/residents", {
      data: residentInput("last-bed", "Ancient", { dateOfBirth: "1850-01-01" }),
    });
    expect(ancient.body.error.fields.dateOfBirth).toMatch(/older than 120/);
  });
});
