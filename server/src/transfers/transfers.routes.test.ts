// Transfers through the real app: the person and their records move in one transaction, rent stays
// at the old home, one audit row names both homes; access to both homes, versions and plain edits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let vanBurenCookie: string;
const { call, get } = injectApi(() => t.app);

async function admit(facilityId: string, extra: Record<string, unknown> = {}) {
  const created = await call(adminCookie, "POST", "/residents", {
    data: {
      facilityId,
      firstName: "Rosa",
      lastName: "Transfer",
      dateOfBirth: "1941-06-07",
      gender: "female",
      admissionDate: "2025-01-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      ...extra,
    },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; version: number };
}

const transfer = (cookie: string, body: Record<string, unknown>) => call(cookie, "POST", "/transfers", body);

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  await createUser(
    t.database.prisma,
    { email: "vanburen.transfers@example.test", password: PASSWORD, role: "house-manager", facilityIds: ["van-buren"] },
    null,
  );
  vanBurenCookie = await t.login("vanburen.transfers@example.test", PASSWORD);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("POST /transfers", () => {
  it("moves the resident and their records, keeps the rent at the old home, and audits the move", async () => {
    const resident = await admit("van-buren", { monthlyRateCents: 500_000 });
    const diagnosis = await call(adminCookie, "POST", "/diagnoses", {
      data: { residentId: resident.id, facilityId: "van-buren", name: "Hypertension" },
    });
    expect(diagnosis.status).toBe(201);
    const chargesBefore = await get(adminCookie, `/rentCharges${q({ where: { residentId: resident.id } })}`);
    expect(chargesBefore.body.items.length).toBeGreaterThan(0);

    const moved = await transfer(adminCookie, {
      subject: "resident",
      id: resident.id,
      version: resident.version,
      toFacilityId: "tull",
      date: "2026-05-02",
      reason: "Needs a ground-floor room",
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      fromFacilityId: "van-buren",
      toFacilityId: "tull",
      record: { id: resident.id, facilityId: "tull" },
      carried: { diagnoses: 1 },
    });
    expect((await get(adminCookie, `/diagnoses/${diagnosis.body.id}`)).body.facilityId).toBe("tull");
    const charges = await get(adminCookie, `/rentCharges${q({ where: { residentId: resident.id } })}`);
    expect(charges.body.items.map((c: { facilityId: string }) => c.facilityId)).toEqual(
      chargesBefore.body.items.map(() => "van-buren"),
    );
    const audit = await get(
      adminCookie,
      `/auditLog${q({ where: { action: "transfer", recordId: resident.id }, limit: 10 })}`,
    );
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ collection: "residents", facilityId: "tull" });
    expect(audit.body.items[0].summary).toMatch(/from Van Buren to Tull on 2026-05-02 \(Needs a ground-floor room\)/);
  });

  it("answers a destination the user cannot see as missing (404), and moves nothing", async () => {
    const resident = await admit("van-buren");
    const refused = await transfer(vanBurenCookie, {
      subject: "resident",
      id: resident.id,
      version: resident.version,
      toFacilityId: "tull",
      date: "2026-05-02",
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.fields).toEqual({ toFacilityId: "No such home" });
    expect((await get(adminCookie, `/residents/${resident.id}`)).body.facilityId).toBe("van-buren");
  });

  it("answers a person of another home as missing (404)", async () => {
    const resident = await admit("tull");
    const refused = await transfer(vanBurenCookie, {
      subject: "resident",
      id: resident.id,
      version: resident.version,
      toFacilityId: "van-buren",
      date: "2026-05-02",
    });
    expect(refused.status).toBe(404);
  });

  it("refuses a stale version (409 with the current record)", async () => {
    const resident = await admit("van-buren");
    const refused = await transfer(adminCookie, {
      subject: "resident",
      id: resident.id,
      version: resident.version + 1,
      toFacilityId: "tull",
      date: "2026-05-02",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.current).toMatchObject({ id: resident.id, facilityId: "van-buren" });
  });

  it("names the bad fields of a malformed request (400)", async () => {
    const refused = await transfer(adminCookie, { subject: "visitor", id: "x", version: 0, toFacilityId: "tull" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields).sort()).toEqual(["date", "subject", "version"]);
  });

  it("refuses a plain edit of a resident's home (400 pointing to the transfer)", async () => {
    const resident = await admit("van-buren");
    const edit = await call(adminCookie, "PATCH", `/residents/${resident.id}`, {
      version: resident.version,
      patch: { facilityId: "tull" },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields.facilityId).toMatch(/Transfer to another home/);
  });
});
