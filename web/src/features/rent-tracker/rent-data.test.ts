// The rent tracker's writes against the in-memory backend (the contract suite's reference adapter):
// generation is idempotent across screens; the backend, not the page, bills the current month, keeps
// the account and restates a month when a stay changes.
import { beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "@care/core/app-error";
import type { DataPort } from "@care/core/ports/data.port";
import { createMemoryBackend } from "@care/adapter-memory/memory-backend";
import { memoryClient } from "@care/adapter-memory/memory-client";
import { listAll } from "@care/core/list-all";
import { addRate, generateMonth, recordPayment, type TResidentRecord } from "./rent-data.ts";

const admin = { email: "admin@example.test", password: "admin-password-1" };

async function signedIn(backend: ReturnType<typeof createMemoryBackend>): Promise<DataPort> {
  const client = memoryClient(backend);
  await client.auth.signIn(admin);
  return client.data;
}

describe("rent tracker data", () => {
  let backend: ReturnType<typeof createMemoryBackend>;
  let data: DataPort;
  let resident: TResidentRecord;
  /** The clock: noon of 2026-05-10 in California unless a test moves it. */
  let now = "2026-05-10T19:00:00.000Z";

  beforeEach(async () => {
    now = "2026-05-10T19:00:00.000Z";
    backend = createMemoryBackend({ admin, now: () => now });
    data = await signedIn(backend);
    resident = await data.create("residents", {
      facilityId: "van-buren",
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1940-12-10",
      gender: "female",
      admissionDate: "2026-03-15",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
    await data.create("residentEvents", {
      residentId: resident.id,
      facilityId: "van-buren",
      type: "admission",
      date: "2026-03-15",
    });
  });

  const account = () => data.get("rentAccounts", resident.id);
  const charges = () => listAll(data, "rentCharges", { where: { residentId: resident.id } });

  it("adds the admission rate first, then the new rate, and sets the face sheet's rate to the one in force", async () => {
    resident = await data.update("residents", resident.id, { monthlyRateCents: 300000 }, resident.version);
    await addRate(data, resident.id, { amountCents: 350000, effectiveFrom: "2026-09-01" }, "2026-05-10");
    await addRate(data, resident.id, { amountCents: 360000, effectiveFrom: "2026-12-01" }, "2026-05-10");
    const rates = await listAll(data, "rentRates", { where: { residentId: resident.id } });
    expect(rates.map((r) => [r.effectiveFrom, r.amountCents])).toEqual([
      ["2026-12-01", 360000],
      ["2026-09-01", 350000],
      ["2026-03-15", 300000],
    ]);
    expect(rates.at(-1)!.notes).toBe("Admission rate");
    expect((await data.get("residents", resident.id)).monthlyRateCents).toBe(300000);
  });

  it("starts the admission rate at the first admission of a readmitted resident, so the first stay keeps its price", async () => {
    resident = await data.update(
      "residents",
      resident.id,
      { monthlyRateCents: 300000, admissionDate: "2026-04-20", status: "active" },
      resident.version,
    );
    await addRate(data, resident.id, { amountCents: 320000, effectiveFrom: "2026-05-01" }, "2026-05-10");
    const rates = await listAll(data, "rentRates", { where: { residentId: resident.id } });
    expect(rates.map((r) => [r.effectiveFrom, r.amountCents])).toEqual([
      ["2026-05-01", 320000],
      ["2026-03-15", 300000],
    ]);
  });

  it("bills the current month without a click once the resident has a rate, and derives the account", async () => {
    expect(await charges()).toEqual([]);
    await addRate(data, resident.id, { amountCents: 310000, effectiveFrom: "2026-03-15" }, "2026-05-10");
    expect((await charges()).map((c) => [c.id, c.kind, c.amountCents])).toEqual([
      [`rent-${resident.id}-2026-05`, "rent", 310000],
    ]);
    expect(await account()).toMatchObject({ chargedCents: 310000, balanceCents: 310000 });
  });

  it("bills each home's new month on the first read of that month, once", async () => {
    await addRate(data, resident.id, { amountCents: 310000, effectiveFrom: "2026-03-15" }, "2026-05-10");
    // 06:59 UTC on June 1st is still May 31st in California; 07:00 is June 1st there.
    now = "2026-06-01T06:59:00.000Z";
    expect((await charges()).map((c) => c.month)).toEqual(["2026-05"]);
    now = "2026-06-01T07:00:00.000Z";
    expect((await charges()).map((c) => c.month)).toEqual(["2026-06", "2026-05"]);
    expect((await charges()).map((c) => c.month)).toEqual(["2026-06", "2026-05"]);
    expect((await account()).chargedCents).toBe(620000);
  });

  it("generates an earlier prorated move-in month once, however often it is asked for", async () => {
    await addRate(data, resident.id, { amountCents: 310000, effectiveFrom: "2026-03-15" }, "2026-05-10");
    const first = await generateMonth(data, [resident], "2026-03");
    expect(first).toMatchObject({ created: 1, alreadyGenerated: 0, notCharged: 0, failed: [] });
    const again = await generateMonth(data, [resident], "2026-03");
    expect(again).toMatchObject({ created: 0, alreadyGenerated: 1, failed: [] });
    // 17 of 31 days of $3,100.00.
    expect((await data.get("rentCharges", `rent-${resident.id}-2026-03`)).amountCents).toBe(170000);
    expect(await account()).toMatchObject({
      chargedCents: 170000 + 310000,
      balanceCents: 170000 + 310000,
      oldestUnpaidDueDate: "2026-03-15",
    });
    expect((await generateMonth(data, [resident], "2026-02")).notCharged).toBe(1);
  });

  it("two screens generating the same month at once create one charge", async () => {
    await addRate(data, resident.id, { amountCents: 300000, effectiveFrom: "2026-03-15" }, "2026-05-10");
    const other = await signedIn(backend);
    const results = await Promise.all([
      generateMonth(data, [resident], "2026-04"),
      generateMonth(other, [resident], "2026-04"),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([0, 1]);
    expect(results.reduce((n, r) => n + r.alreadyGenerated, 0)).toBe(1);
    expect(await data.count("rentCharges", { where: { residentId: resident.id, month: "2026-04" } })).toBe(1);
  });

  it("records payments from two screens at once and the account counts both", async () => {
    await addRate(data, resident.id, { amountCents: 300000, effectiveFrom: "2026-03-15" }, "2026-05-10");
    const other = await signedIn(backend);
    const payment = {
      residentId: resident.id,
      facilityId: "van-buren",
      method: "check" as const,
      receivedOn: "2026-05-02",
    };
    await Promise.all([
      recordPayment(data, { ...payment, amountCents: 100000 }),
      recordPayment(other, { ...payment, amountCents: 50000, reference: "1234" }),
    ]);
    expect(await account()).toMatchObject({ chargedCents: 300000, paidCents: 150000, balanceCents: 150000 });
  });

  it("refuses a client's balance and a negative charge", async () => {
    const write = await data
      .create("rentAccounts", {
        residentId: resident.id,
        facilityId: "van-buren",
        chargedCents: 0,
        paidCents: 0,
        balanceCents: -999999,
      })
      .catch((e: unknown) => e);
    expect(isAppError(write) && write.code).toBe("FORBIDDEN");
    const negative = await data
      .create("rentCharges", {
        residentId: resident.id,
        facilityId: "van-buren",
        month: "2026-05",
        amountCents: -50_000_000,
        periodStart: "2026-05-01",
        periodEnd: "2026-05-31",
        dueDate: "2026-05-01",
        description: "Refund",
      })
      .catch((e: unknown) => e);
    expect(isAppError(negative) && negative.fields).toEqual({
      amountCents: "Cannot be negative; record a credit instead",
    });
  });

  it("bills a discharge and readmission in the same month for both stays, and credits a change after payment", async () => {
    now = "2026-11-25T19:00:00.000Z";
    await addRate(data, resident.id, { amountCents: 300000, effectiveFrom: "2026-03-15" }, "2026-11-25");
    const nov = `rent-${resident.id}-2026-11`;
    expect((await data.get("rentCharges", nov)).amountCents).toBe(300000);
    const move = async (patch: Record<string, unknown>, type: "discharge" | "readmission", date: string) => {
      const current = await data.get("residents", resident.id);
      await data.commit([
        { op: "update", collection: "residents", id: resident.id, version: current.version, patch },
        {
          op: "create",
          collection: "residentEvents",
          data: { residentId: resident.id, facilityId: "van-buren", type, date },
        },
      ]);
    };
    await move(
      { status: "discharged", statusDate: "2026-11-20", dischargeDate: "2026-11-20" },
      "discharge",
      "2026-11-20",
    );
    expect((await data.get("rentCharges", nov)).amountCents).toBe(200000);
    await move(
      { status: "active", statusDate: "2026-11-23", admissionDate: "2026-11-23", dischargeDate: null },
      "readmission",
      "2026-11-23",
    );
    expect(await data.get("rentCharges", nov)).toMatchObject({
      amountCents: 280000,
      description: "Rent November 2026 (prorated 28/30 days)",
    });
    await recordPayment(data, {
      residentId: resident.id,
      facilityId: "van-buren",
      method: "cash",
      receivedOn: "2026-11-25",
      amountCents: 280000,
    });
    await move(
      { status: "discharged", statusDate: "2026-11-27", dischargeDate: "2026-11-27" },
      "discharge",
      "2026-11-27",
    );
    expect((await data.get("rentCharges", nov)).amountCents).toBe(280000);
    expect(await data.get("rentCharges", `${nov}-adj-1`)).toMatchObject({
      kind: "credit",
      amountCents: 30000,
      reason: "discharged on 2026-11-27",
    });
    expect(await account()).toMatchObject({ chargedCents: 250000, paidCents: 280000, balanceCents: -30000 });
  });
});
