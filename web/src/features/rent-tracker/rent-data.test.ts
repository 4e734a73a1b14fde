// The rent tracker's writes against the in-memory backend (the contract suite's reference adapter):
// generation is idempotent across screens, payments keep the account right under concurrent writes.
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

  beforeEach(async () => {
    backend = createMemoryBackend({ admin });
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
  });

  const account = () => data.get("rentAccounts", resident.id);

  it("adds a rate and sets the face sheet's rate to the one in force", async () => {
    await addRate(data, resident.id, { amountCents: 310000, effectiveFrom: "2026-03-15" }, "2026-04-01");
    await addRate(data, resident.id, { amountCents: 350000, effectiveFrom: "2026-09-01" }, "2026-04-01");
    expect((await data.get("residents", resident.id)).monthlyRateCents).toBe(310000);
    expect(
      (await listAll(data, "rentRates", { where: { residentId: resident.id } })).map((r) => r.amountCents),
    ).toEqual([350000, 310000]);
  });

  it("generates a prorated move-in month once, however often it is asked for", async () => {
    await addRate(data, resident.id, { amountCents: 310000, effectiveFrom: "2026-03-15" }, "2026-03-15");
    const first = await generateMonth(data, [resident], "2026-03");
    expect(first).toMatchObject({ created: 1, alreadyGenerated: 0, notCharged: 0, failed: [] });
    const again = await generateMonth(data, [resident], "2026-03");
    expect(again).toMatchObject({ created: 0, alreadyGenerated: 1, failed: [] });
    // 17 of 31 days of $3,100.00.
    expect((await data.get("rentCharges", `rent-${resident.id}-2026-03`)).amountCents).toBe(170000);
    expect(await account()).toMatchObject({
      chargedCents: 170000,
      balanceCents: 170000,
      oldestUnpaidDueDate: "2026-03-15",
    });
    expect((await generateMonth(data, [resident], "2026-02")).notCharged).toBe(1);
  });

  it("two screens generating the same month at once create one charge", async () => {
    await addRate(data, resident.id, { amountCents: 300000, effectiveFrom: "2026-03-15" }, "2026-04-01");
    const other = await signedIn(backend);
    const results = await Promise.all([
      generateMonth(data, [resident], "2026-04"),
      generateMonth(other, [resident], "2026-04"),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([0, 1]);
    expect(results.reduce((n, r) => n + r.alreadyGenerated, 0)).toBe(1);
    expect(await data.count("rentCharges", { where: { residentId: resident.id } })).toBe(1);
    expect((await account()).chargedCents).toBe(300000);
  });

  it("records a payment with the account; a payment saved meanwhile by someone else is retried, not lost", async () => {
    await addRate(data, resident.id, { amountCents: 300000, effectiveFrom: "2026-03-15" }, "2026-04-01");
    await generateMonth(data, [resident], "2026-04");
    const other = await signedIn(backend);
    const payment = {
      residentId: resident.id,
      facilityId: "van-buren",
      method: "check" as const,
      receivedOn: "2026-04-02",
    };
    // The first commit of `racing` runs after the other screen has already saved its payment.
    let raced = false;
    const racing: DataPort = Object.assign(Object.create(data) as DataPort, {
      commit: async (ops: Parameters<DataPort["commit"]>[0]) => {
        if (!raced) {
          raced = true;
          await recordPayment(other, { ...payment, amountCents: 100000 });
        }
        return data.commit(ops);
      },
    });
    await recordPayment(racing, { ...payment, amountCents: 50000, reference: "1234" });
    expect(await data.count("payments", { where: { residentId: resident.id } })).toBe(2);
    expect(await account()).toMatchObject({ chargedCents: 300000, paidCents: 150000, balanceCents: 150000 });
  });

  it("gives up after a second conflict with a clear message and saves nothing", async () => {
    await addRate(data, resident.id, { amountCents: 300000, effectiveFrom: "2026-03-15" }, "2026-04-01");
    await generateMonth(data, [resident], "2026-04");
    const other = await signedIn(backend);
    const payment = {
      residentId: resident.id,
      facilityId: "van-buren",
      method: "cash" as const,
      receivedOn: "2026-04-02",
    };
    const alwaysRaced: DataPort = Object.assign(Object.create(data) as DataPort, {
      commit: async (ops: Parameters<DataPort["commit"]>[0]) => {
        await recordPayment(other, { ...payment, amountCents: 100 });
        return data.commit(ops);
      },
    });
    const error = await recordPayment(alwaysRaced, { ...payment, amountCents: 50000 }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("CONFLICT");
    expect(isAppError(error) && error.message).toMatch(/payment was not recorded/);
    const amounts = (await listAll(data, "payments", { where: { residentId: resident.id } })).map((p) => p.amountCents);
    expect(amounts).toEqual([100, 100]);
    expect((await account()).paidCents).toBe(200);
  });
});
