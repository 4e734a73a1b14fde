// Money is the server's, through the real app: accounts are derived from charges and payments in the
// same transaction (clients can write neither a balance nor a negative charge — refused, never a 500),
// a resident's current month is billed without a click (at admission, and by the schedule, once, even
// when two runs meet), and a discharge and readmission restate the month: recomputed while unpaid,
// credited with the reason after a payment, audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@care/core/rules/date-only.rules";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery } from "../test/inject-api.ts";
import { billCurrentMonths, unbilledResidents } from "./rent-schedule.ts";
import { residentInput } from "../test/fixtures.ts";

let t: TestApp;
let cookie: string;
const { call, get } = injectApi(() => t.app);
const month = () => todayIn("America/Los_Angeles").slice(0, 7);

async function admit(lastName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await call(cookie, "POST", "/residents", {
    data: residentInput("tull", lastName, { firstName: "Rent", monthlyRateCents: 300000, ...extra }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await call(cookie, "POST", "/residentEvents", {
    data: { residentId: created.body.id, facilityId: "tull", type: "admission", date: "2025-01-01" },
  });
  return created.body.id as string;
}

const chargesOf = async (residentId: string) =>
  (await get(cookie, `/rentCharges${listQuery({ where: { residentId }, limit: 100 })}`)).body.items as {
    id: string;
    month: string;
    kind: string;
    amountCents: number;
    reason?: string;
    createdBy: string | null;
  }[];
const accountOf = async (residentId: string) => (await get(cookie, `/rentAccounts/${residentId}`)).body;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = await t.login(t.admin.email, t.admin.password);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("money is the server's", () => {
  it("bills the current month at admission, by the server, and derives the account", async () => {
    const id = await admit("Admitted");
    const charges = await chargesOf(id);
    expect(charges.map((c) => [c.month, c.kind, c.amountCents, c.createdBy])).toEqual([
      [month(), "rent", 300000, null],
    ]);
    expect(await accountOf(id)).toMatchObject({ chargedCents: 300000, paidCents: 0, balanceCents: 300000 });
    const paid = await call(cookie, "POST", "/payments", {
      data: { residentId: id, facilityId: "tull", receivedOn: "2025-01-05", amountCents: 120000, method: "check" },
    });
    expect(paid.status).toBe(201);
    expect(await accountOf(id)).toMatchObject({ chargedCents: 300000, paidCents: 120000, balanceCents: 180000 });
  });

  it("refuses a −$500,000 charge and any client write of a balance, with a clear answer", async () => {
    const id = await admit("Forger");
    const negative = await call(cookie, "POST", "/rentCharges", {
      data: {
        residentId: id,
        facilityId: "tull",
        month: "2025-02",
        amountCents: -50_000_000,
        periodStart: "2025-02-01",
        periodEnd: "2025-02-28",
        dueDate: "2025-02-01",
        description: "Refund",
      },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields).toEqual({ amountCents: "Cannot be negative; record a credit instead" });
    const account = await accountOf(id);
    const patched = await call(cookie, "PATCH", `/rentAccounts/${id}`, {
      version: account.version,
      patch: { balanceCents: -999999 },
    });
    expect(patched.status).toBe(403);
    const created = await call(cookie, "POST", "/rentAccounts", {
      id: `${id}x`,
      data: { residentId: id, facilityId: "tull", chargedCents: 0, paidCents: 0, balanceCents: -999999 },
    });
    expect(created.status).toBe(403);
    const committed = await call(cookie, "POST", "/commit", {
      ops: [{ op: "update", collection: "rentAccounts", id, version: account.version, patch: { balanceCents: -1 } }],
    });
    expect(committed.status).toBe(403);
    expect(await accountOf(id)).toMatchObject({ balanceCents: 300000, version: account.version });
  });

  it("bills a discharge and readmission in one month for both stays, then credits a later change with its reason", async () => {
    const id = await admit("Readmitted");
    const nov = `rent-${id}-2025-11`;
    const generated = await call(cookie, "POST", "/rentCharges", {
      id: nov,
      data: {
        residentId: id,
        facilityId: "tull",
        month: "2025-11",
        amountCents: 300000,
        periodStart: "2025-11-01",
        periodEnd: "2025-11-30",
        dueDate: "2025-11-01",
        description: "Rent November 2025",
      },
    });
    expect(generated.status).toBe(201);
    const move = async (patch: Record<string, unknown>, type: string, date: string) => {
      const current = (await get(cookie, `/residents/${id}`)).body;
      const answer = await call(cookie, "POST", "/commit", {
        ops: [
          { op: "update", collection: "residents", id, version: current.version, patch },
          { op: "create", collection: "residentEvents", data: { residentId: id, facilityId: "tull", type, date } },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    };
    await move(
      { status: "discharged", statusDate: "2025-11-20", dischargeDate: "2025-11-20" },
      "discharge",
      "2025-11-20",
    );
    expect((await get(cookie, `/rentCharges/${nov}`)).body.amountCents).toBe(200000);
    await move(
      { status: "active", statusDate: "2025-11-23", admissionDate: "2025-11-23", dischargeDate: null },
      "readmission",
      "2025-11-23",
    );
    expect((await get(cookie, `/rentCharges/${nov}`)).body).toMatchObject({
      amountCents: 280000,
      description: "Rent November 2025 (prorated 28/30 days)",
    });
    // Paid in full; then the readmission's stay is found to have ended on the 27th.
    await call(cookie, "POST", "/payments", {
      data: { residentId: id, facilityId: "tull", receivedOn: "2025-11-25", amountCents: 580000, method: "ach" },
    });
    await move(
      { status: "discharged", statusDate: "2025-11-27", dischargeDate: "2025-11-27" },
      "discharge",
      "2025-11-27",
    );
    expect((await get(cookie, `/rentCharges/${nov}`)).body.amountCents).toBe(280000);
    expect((await get(cookie, `/rentCharges/${nov}-adj-1`)).body).toMatchObject({
      kind: "credit",
      amountCents: 30000,
      reason: "discharged on 2025-11-27",
    });
    const account = await accountOf(id);
    expect(account.balanceCents).toBe(account.chargedCents - account.paidCents);
    const audit = await t.database.prisma.auditEntry.findMany({ where: { recordId: `${nov}-adj-1` } });
    expect(audit.map((a) => [a.action, a.actorId, a.summary])).toEqual([
      ["create", t.admin.id, "by the server: credit (discharged on 2025-11-27)"],
    ]);
  });

  it("the schedule bills a month that has no charge yet, once, even when two runs meet", async () => {
    const id = await admit("Scheduled");
    // As on the first day of a month: the resident's current month has no charge yet.
    await t.database.prisma.rentCharge.deleteMany({ where: { residentId: id } });
    const home = (await t.database.prisma.resident.findUniqueOrThrow({ where: { id } })).facilityId;
    expect((await unbilledResidents(t.database.prisma, home, month())).map((r) => r.id)).toContain(id);
    const [a, b] = await Promise.all([billCurrentMonths(t.database), billCurrentMonths(t.database)]);
    expect(a.homes + b.homes).toBeGreaterThanOrEqual(6);
    expect((await chargesOf(id)).map((c) => c.id)).toEqual([`rent-${id}-${month()}`]);
    // Once billed, the hourly run no longer reads the resident's history.
    expect((await unbilledResidents(t.database.prisma, home, month())).map((r) => r.id)).not.toContain(id);
    await billCurrentMonths(t.database);
    expect(await chargesOf(id)).toHaveLength(1);
    expect(await accountOf(id)).toMatchObject({ chargedCents: 300000, balanceCents: 300000 });
  });
});
