// The residents area through the real app (inject) on a fresh test database: validation, facility
// access, stale edits, the resident/child facility link, money and timestamps as stored, and the
// audit rows of medical data (every view, list or get, and every change; one row for one look at a resident).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let tullStaffCookie: string;
let tullStaffId: string;
let tullResident: Record<string, unknown> & { id: string };
let newmanResident: Record<string, unknown> & { id: string };

const { call, get } = injectApi(() => t.app);

function residentData(facilityId: string, overrides: Record<string, unknown> = {}) {
  return {
    facilityId,
    firstName: "Grace",
    lastName: "Hopper",
    dateOfBirth: "1936-12-09",
    gender: "female",
    admissionDate: "2024-01-15",
    ambulatoryStatus: "ambulatory",
    codeStatus: "dnr",
    ...overrides,
  };
}

async function create(cookie: string, collection: string, data: unknown, id?: string) {
  return call(cookie, "POST", `/${collection}`, id === undefined ? { data } : { id, data });
}

async function created(collection: string, data: unknown, id?: string) {
  const response = await create(adminCookie, collection, data, id);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Record<string, unknown> & { id: string; version: number };
}

async function auditRows(where: Record<string, unknown>) {
  const response = await get(adminCookie, `/auditLog${q({ where, limit: 500 })}`);
  expect(response.status).toBe(200);
  return response.body.items as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  const staff = await createUser(
    t.database.prisma,
    { email: "tull.nurse@example.test", password: PASSWORD, role: "house-manager", facilityIds: ["tull"] },
    null,
  );
  tullStaffId = staff.id;
  tullStaffCookie = await t.login("tull.nurse@example.test", PASSWORD);
  tullResident = await created("residents", residentData("tull", { lastName: "Tullman" }));
  newmanResident = await created("residents", residentData("newman", { lastName: "Newby" }));
});

afterAll(async () => {
  await t?.cleanup();
});

describe("validation", () => {
  it("answers 400 naming each bad field of a resident", async () => {
    const response = await create(
      adminCookie,
      "residents",
      residentData("tull", { lastName: "", dateOfBirth: "1950-02-30", gender: "robot" }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION");
    expect(Object.keys(response.body.error.fields).sort()).toEqual(["dateOfBirth", "gender", "lastName"]);

    const early = await create(adminCookie, "residents", residentData("tull", { admissionDate: "1930-01-01" }));
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toEqual({ admissionDate: "Admission cannot be before the date of birth" });
  });

  it("checks cross-field rules on the merged record of a patch", async () => {
    const response = await call(adminCookie, "PATCH", `/residents/${tullResident.id}`, {
      version: tullResident.version,
      patch: { status: "deceased" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ dischargeDate: "Give the date of discharge or death" });
  });

  it("refuses a resident in a facility that does not exist", async () => {
    const response = await create(adminCookie, "residents", residentData("nowhere"));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ facilityId: "No such facility" });
  });

  it("refuses a child record filed under another facility than its resident, or naming no resident", async () => {
    const mismatch = await create(adminCookie, "allergies", {
      residentId: tullResident.id,
      facilityId: "newman",
      allergen: "Latex",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields).toEqual({ facilityId: "Must be the resident's facility" });

    const missing = await create(adminCookie, "allergies", {
      residentId: "no-one",
      facilityId: "tull",
      allergen: "Latex",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ residentId: "No such resident" });

    const allergy = await created("allergies", { residentId: tullResident.id, facilityId: "tull", allergen: "Latex" });
    const moved = await call(adminCookie, "PATCH", `/allergies/${allergy.id}`, {
      version: 1,
      patch: { facilityId: "duvali" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields).toEqual({ facilityId: "Must be the resident's facility" });
  });

  it("commits a new resident with its own id and its admission event together (the link sees the new resident)", async () => {
    const id = "b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d";
    // In duvali, so the access cases below still see only their own tull residents.
    const admission = { residentId: id, facilityId: "duvali", type: "admission", date: "2024-01-15" };
    const ops = [
      { op: "create", collection: "residents", id, data: residentData("duvali", { lastName: "Committed" }) },
      { op: "create", collection: "residentEvents", data: admission },
    ];
    const response = await call(adminCookie, "POST", "/commit", { ops });
    expect(response.status, JSON.stringify(response.body)).toBe(204);
    expect((await get(adminCookie, `/residents/${id}`)).body).toMatchObject({ id, lastName: "Committed" });
    const events = await get(adminCookie, `/residentEvents${q({ where: { residentId: id } })}`);
    expect(events.body.items).toMatchObject([admission]);

    // The same id again is a CONFLICT, and the event of that failed commit is not stored either.
    const again = await call(adminCookie, "POST", "/commit", { ops });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
    expect((await get(adminCookie, `/residentEvents${q({ where: { residentId: id } })}`)).body.items).toHaveLength(1);

    // An event for a resident that the commit does not create (and that does not exist) is still refused.
    const orphan = await call(adminCookie, "POST", "/commit", {
      ops: [{ op: "create", collection: "residentEvents", data: { ...admission, residentId: "no-such-resident" } }],
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error.fields).toEqual({ "ops.0.residentId": "No such resident" });
  });

  it("clears an optional field patched with null, and refuses null on a required one", async () => {
    const resident = await created(
      "residents",
      residentData("duvali", { lastName: "Nullable", room: "4", monthlyRateCents: 450000 }),
    );
    const cleared = await call(adminCookie, "PATCH", `/residents/${resident.id}`, {
      version: resident.version,
      patch: { room: null, monthlyRateCents: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).not.toHaveProperty("room");
    expect(cleared.body).not.toHaveProperty("monthlyRateCents");
    expect((await get(adminCookie, `/residents/${resident.id}`)).body).not.toHaveProperty("monthlyRateCents");

    const required = await call(adminCookie, "PATCH", `/residents/${resident.id}`, {
      version: cleared.body.version,
      patch: { lastName: null },
    });
    expect(required.status).toBe(400);
    expect(required.body.error.code).toBe("VALIDATION");
  });
});

describe("pages", () => {
  it("pages by a nullable field and a tied date in both directions, with no duplicates and no gaps", async () => {
    // Seven residents of one home: rooms with ties and two without a room, admission dates with ties.
    const rooms = ["2", undefined, "1", "2", undefined, "3", "1"];
    for (const [i, room] of rooms.entries())
      await created(
        "residents",
        residentData("edgemont", { lastName: `Paged ${i}`, admissionDate: `2024-0${1 + (i % 3)}-01`, room }),
      );
    for (const sort of ["room:asc", "room:desc", "admissionDate:asc", "admissionDate:desc"]) {
      const where = { facilityId: "edgemont" };
      const whole = (await get(adminCookie, `/residents${q({ where, sort, limit: 500 })}`)).body.items.map(
        (r: { id: string }) => r.id,
      );
      expect(whole).toHaveLength(rooms.length);
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await get(adminCookie, `/residents${q({ where, sort, limit: 2, ...(cursor ? { cursor } : {}) })}`);
        expect(page.status).toBe(200);
        paged.push(...page.body.items.map((r: { id: string }) => r.id));
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      expect(paged, sort).toEqual(whole);
    }
  });
});

describe("access", () => {
  it("gives a user limited to tull 404 for newman's resident, vitals and payments, and lists only tull", async () => {
    const vitals = await created("vitals", {
      residentId: newmanResident.id,
      facilityId: "newman",
      recordedAt: "2025-01-02T03:04:05.000Z",
      pulse: 70,
      recordedBy: "Nurse",
    });
    const payment = await created("payments", {
      residentId: newmanResident.id,
      facilityId: "newman",
      receivedOn: "2025-01-03",
      amountCents: 12_345,
      method: "ach",
    });
    for (const url of [`/residents/${newmanResident.id}`, `/vitals/${vitals.id}`, `/payments/${payment.id}`]) {
      const response = await get(tullStaffCookie, url);
      expect(response.status, url).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    const list = await get(tullStaffCookie, `/residents${q({ limit: 500 })}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([tullResident.id]);
    const vitalsList = await get(tullStaffCookie, `/vitals${q({ where: { residentId: newmanResident.id } })}`);
    expect(vitalsList.body.items).toEqual([]);
    const count = await get(tullStaffCookie, `/payments/count${q({ where: { facilityId: "newman" } })}`);
    expect(count.body.count).toBe(0);
  });

  it("forbids a user limited to tull to write into newman, even through a child of a tull resident", async () => {
    const intoNewman = await create(tullStaffCookie, "vitals", {
      residentId: newmanResident.id,
      facilityId: "newman",
      recordedAt: "2025-01-02T03:04:05.000Z",
      pulse: 70,
      recordedBy: "Nurse",
    });
    expect(intoNewman.status).toBe(403);
    // A tull-filed entry naming a newman resident: the resident is not theirs to see.
    const hidden = await create(tullStaffCookie, "vitals", {
      residentId: newmanResident.id,
      facilityId: "tull",
      recordedAt: "2025-01-02T03:04:05.000Z",
      pulse: 70,
      recordedBy: "Nurse",
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields).toEqual({ residentId: "No such resident" });
  });
});

describe("stale edits", () => {
  it("answers 409 with the current resident when the version read is stale", async () => {
    const resident = await created("residents", residentData("tull", { lastName: "Stale" }));
    const first = await call(tullStaffCookie, "PATCH", `/residents/${resident.id}`, {
      version: 1,
      patch: { room: "7", emergencyContacts: [{ name: "Kim", relationship: "daughter", phone: "(559) 555-0199" }] },
    });
    expect(first.status).toBe(200);
    expect(first.body.emergencyContacts).toEqual([
      {
        name: "Kim",
        relationship: "daughter",
        phone: "(559) 555-0199",
        responsibleParty: false,
        powerOfAttorney: false,
      },
    ]);
    const stale = await call(adminCookie, "PATCH", `/residents/${resident.id}`, { version: 1, patch: { room: "9" } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    expect(stale.body.error.current).toEqual(first.body);
  });
});

describe("stored values", () => {
  it("keeps money above 2^31 cents exact and pages rent accounts by balance", async () => {
    const big = 5_000_000_000;
    const residentIds: string[] = [];
    for (const [i, balance] of [big, 100, big, -250].entries()) {
      const residentId = (await created("residents", residentData("duvali", { lastName: `Balance ${i}` }))).id;
      residentIds.push(residentId);
      // Accounts are the server's: a charge (or, for a credit balance, a payment) sets each one.
      if (balance > 0) {
        await created("rentCharges", {
          residentId,
          facilityId: "duvali",
          month: "2025-01",
          amountCents: balance,
          periodStart: "2025-01-01",
          periodEnd: "2025-01-31",
          dueDate: "2025-01-01",
          description: "Rent January 2025",
        });
      } else {
        await created("payments", {
          residentId,
          facilityId: "duvali",
          receivedOn: "2025-01-02",
          amountCents: -balance,
          method: "check",
        });
      }
      const account = (await get(adminCookie, `/rentAccounts/${residentId}`)).body;
      expect(account).toMatchObject({
        balanceCents: balance,
        oldestUnpaidDueDate: balance > 0 ? "2025-01-01" : null,
      });
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await get(
        adminCookie,
        `/rentAccounts${q({ where: { facilityId: "duvali", residentId: residentIds }, limit: 1, ...(cursor ? { cursor } : {}) })}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((a: { balanceCents: number }) => a.balanceCents));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([big, big, 100, -250]);
  });

  it("stores timestamps as instants and answers them in UTC ISO with milliseconds", async () => {
    const incident = await created("incidents", {
      residentId: tullResident.id,
      facilityId: "tull",
      occurredAt: "2025-02-10T22:15:00Z",
      type: "fall",
      description: "Slipped in the bathroom.",
    });
    expect(incident.occurredAt).toBe("2025-02-10T22:15:00.000Z");
    const row = await t.database.prisma.incident.findUnique({ where: { id: incident.id } });
    expect(row?.occurredAt).toBeInstanceOf(Date);
  });
});

describe("audit of medical data", () => {
  it("writes a view row for every list and get of a medical entry, and none for counts", async () => {
    const medication = await created("medications", {
      residentId: tullResident.id,
      facilityId: "tull",
      name: "Lisinopril",
      dose: "10 mg",
      route: "oral",
      frequency: "daily",
    });
    const list = await get(tullStaffCookie, `/medications${q({ where: { residentId: tullResident.id } })}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([medication.id]);
    expect((await get(tullStaffCookie, `/medications/${medication.id}`)).status).toBe(200);
    expect((await get(tullStaffCookie, `/medications/count${q({ where: { facilityId: "tull" } })}`)).status).toBe(200);

    const views = await auditRows({ action: "view", collection: "medications", actorId: tullStaffId });
    // Rows of one millisecond may come in any order: compare them as a set.
    expect(views).toHaveLength(2);
    expect(views.map((v) => [v.recordId, v.facilityId, v.summary])).toEqual(
      expect.arrayContaining([
        [medication.id, "tull", null],
        [null, "tull", `list residentId=${tullResident.id}`],
      ]),
    );
  });

  it("writes one row for one look at a resident: the face sheet's lists of their entries write none", async () => {
    const resident = await created("residents", residentData("tull", { lastName: "Looked" }));
    const where = { where: { residentId: resident.id } };
    const rowsOfThisResident = async () =>
      (await auditRows({ action: "view", actorId: tullStaffId })).filter(
        (row) => row.recordId === resident.id || String(row.summary).includes(resident.id),
      );
    expect((await get(tullStaffCookie, `/residents/${resident.id}`)).status).toBe(200);
    for (const entries of ["allergies", "diagnoses", "medications"])
      expect((await get(tullStaffCookie, `/${entries}${q(where)}`)).status).toBe(200);
    const documents = q({ where: { subject: "resident", subjectId: resident.id } });
    expect((await get(tullStaffCookie, `/documents${documents}`)).status).toBe(200);
    const views = await rowsOfThisResident();
    expect(views.map((v) => [v.collection, v.recordId, v.facilityId, v.summary])).toEqual([
      ["residents", resident.id, "tull", null],
    ]);

    // Another sign-in is another session: its list, read without the resident, writes its own row.
    const otherSession = await t.login("tull.nurse@example.test", PASSWORD);
    expect((await get(otherSession, `/allergies${q(where)}`)).status).toBe(200);
    expect(await rowsOfThisResident()).toHaveLength(2);
  });

  it("writes create, update and remove rows naming the changed fields, never their values", async () => {
    const vitals = await call(tullStaffCookie, "POST", "/vitals", {
      data: {
        residentId: tullResident.id,
        facilityId: "tull",
        recordedAt: "2025-03-01T07:00:00.000Z",
        systolic: 120,
        diastolic: 80,
        recordedBy: "Nurse",
      },
    });
    expect(vitals.status).toBe(201);
    const id = vitals.body.id as string;
    const updated = await call(tullStaffCookie, "PATCH", `/vitals/${id}`, { version: 1, patch: { systolic: 135 } });
    expect(updated.status).toBe(200);
    expect((await call(tullStaffCookie, "DELETE", `/vitals/${id}?version=2`)).status).toBe(204);
    expect((await get(tullStaffCookie, `/vitals${q({ where: { residentId: tullResident.id } })}`)).body.items).toEqual(
      [],
    );

    const rows = await auditRows({ collection: "vitals", recordId: id });
    const byAction = [...rows].sort((a, b) => String(a.action).localeCompare(String(b.action)));
    expect(byAction.map((r) => [r.action, r.actorId, r.facilityId, r.summary])).toEqual([
      ["archive", tullStaffId, "tull", "archived"],
      [
        "create",
        tullStaffId,
        "tull",
        "residentId, facilityId, recordedAt, systolic, diastolic, recordedBy, recordedByUserId",
      ],
      ["update", tullStaffId, "tull", "systolic"],
    ]);
    // The new value (135) appears nowhere but by chance inside a random id, which is left out of the check.
    const withoutIds = rows.map(({ id: _, recordId: _r, actorId: _a, createdBy: _c, updatedBy: _u, ...row }) => row);
    expect(JSON.stringify(withoutIds)).not.toContain("135");
  });
});

describe("ids that stand for fields", () => {
  const charge = (residentId: string, facilityId: string, month: string) => ({
    residentId,
    facilityId,
    month,
    amountCents: 350_000,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    dueDate: `${month}-01`,
    description: "Rent",
  });

  it("derives a rent charge's and a reminder state's id and refuses any other (400 naming id)", async () => {
    const mine = await create(tullStaffCookie, "rentCharges", charge(tullResident.id, "tull", "2024-03"), "pre-taken");
    expect(mine.status).toBe(400);
    expect(Object.keys(mine.body.error.fields)).toEqual(["id"]);
    const derived = await create(tullStaffCookie, "rentCharges", charge(tullResident.id, "tull", "2024-03"));
    expect(derived.status).toBe(201);
    expect(derived.body.id).toBe(`rent-${tullResident.id}-2024-03`);
    const state = { facilityId: "tull", key: `other|${tullResident.id}`, state: "done" };
    expect((await create(tullStaffCookie, "reminderStates", state, "rs-chosen-by-me")).status).toBe(400);
  });

  it("answers a limited user about another home's charge exactly as about a charge for no one", async () => {
    await created("rentCharges", charge(newmanResident.id, "newman", "2024-04"));
    const taken = await create(tullStaffCookie, "rentCharges", charge(newmanResident.id, "tull", "2024-04"));
    const free = await create(tullStaffCookie, "rentCharges", charge("no-such-resident", "tull", "2024-04"));
    expect([taken.status, free.status]).toEqual([400, 400]);
    expect(taken.body).toEqual(free.body);
    const chosen = await create(
      tullStaffCookie,
      "rentCharges",
      charge(newmanResident.id, "tull", "2024-04"),
      `rent-${newmanResident.id}-2024-04`,
    );
    expect(chosen.body).toEqual(free.body);
    const read = await get(tullStaffCookie, `/rentCharges/rent-${newmanResident.id}-2024-04`);
    const readFree = await get(tullStaffCookie, `/rentCharges/rent-no-such-resident-2024-04`);
    expect([read.status, readFree.status]).toEqual([404, 404]);
    expect(read.body.error.code).toBe(readFree.body.error.code);
  });
});
