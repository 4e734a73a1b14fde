import { describe, expect, it } from "vitest";
import { ZRentAccount } from "@care/core/collections/rent.collection";
import type { TRecordOf } from "@care/core/registry";
import { accountsToDerive, derivedRentAccount } from "./rent-accounts.ts";
import { RECORD_META } from "./record-meta.test-support.ts";

const charge = (month: string, amountCents: number, over: Record<string, unknown> = {}) =>
  ({
    ...RECORD_META,
    id: `rent-r1-${month}`,
    residentId: "r1",
    facilityId: "tull",
    month,
    kind: "rent",
    amountCents,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    dueDate: `${month}-01`,
    description: `Rent ${month}`,
    ...over,
  }) as unknown as TRecordOf<"rentCharges">;

const payment = (amountCents: number) =>
  ({
    ...RECORD_META,
    id: `p-${amountCents}`,
    residentId: "r1",
    facilityId: "tull",
    receivedOn: "2026-02-02",
    amountCents,
    method: "check",
  }) as unknown as TRecordOf<"payments">;

describe("the rent account the deriveRentAccount function writes", () => {
  it("is the server's rule: totals, balance and the oldest charge not yet paid", () => {
    const account = derivedRentAccount(
      { residentId: "r1", facilityId: "tull" },
      [charge("2026-01", 300000), charge("2026-02", 300000)],
      [payment(300000), payment(1000)],
      null,
    );
    expect(account).toMatchObject({
      id: "r1",
      residentId: "r1",
      facilityId: "tull",
      chargedCents: 600000,
      paidCents: 301000,
      balanceCents: 299000,
      oldestUnpaidDueDate: "2026-02-01",
      version: 1,
      createdBy: null,
      updatedBy: null,
    });
    expect(ZRentAccount.safeParse(account).success).toBe(true);
  });

  it("takes the version after the stored account's and keeps its creation", () => {
    const account = derivedRentAccount({ residentId: "r1", facilityId: "tull" }, [], [], {
      version: 7,
      createdAt: "2025-03-01T00:00:00.000Z",
    });
    expect(account).toMatchObject({ version: 8, createdAt: "2025-03-01T00:00:00.000Z", balanceCents: 0 });
  });
});

describe("the accounts a charge or payment write changes", () => {
  const line = (residentId: string, facilityId = "tull") => ({ residentId, facilityId, amountCents: 100 });

  it("are its resident's, on a create, an edit and a removal", () => {
    expect(accountsToDerive("rentCharges", undefined, line("r1"))).toEqual([{ residentId: "r1", facilityId: "tull" }]);
    expect(accountsToDerive("payments", line("r1"), { ...line("r1"), amountCents: 200 })).toEqual([
      { residentId: "r1", facilityId: "tull" },
    ]);
    expect(accountsToDerive("payments", line("r1"), undefined)).toEqual([{ residentId: "r1", facilityId: "tull" }]);
  });

  it("are both residents' when a correction moves the line to another resident", () => {
    expect(accountsToDerive("payments", line("r1"), line("r2", "newman"))).toEqual([
      { residentId: "r2", facilityId: "newman" },
      { residentId: "r1", facilityId: "tull" },
    ]);
  });

  it("are none for a document that names no resident, or of another collection", () => {
    expect(accountsToDerive("payments", undefined, { amountCents: 100 })).toEqual([]);
    expect(accountsToDerive("vitals", undefined, line("r1"))).toEqual([]);
  });
});
