import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ledgerRows,
  paymentDescription,
  receiptNumber,
  type TLedgerCharge,
  type TLedgerPayment,
} from "./rent-ledger.ts";

const charge = (
  id: string,
  dueDate: string,
  amountCents: number,
  createdAt = "2026-01-01T00:00:00.000Z",
): TLedgerCharge => ({
  id,
  dueDate,
  description: `Rent ${dueDate.slice(0, 7)}`,
  amountCents,
  createdAt,
});
const payment = (
  id: string,
  receivedOn: string,
  amountCents: number,
  createdAt = "2026-01-01T00:00:00.000Z",
): TLedgerPayment => ({
  id,
  receivedOn,
  amountCents,
  method: "check",
  createdAt,
});

describe("ledgerRows", () => {
  it("orders by date, a charge before a payment of the same day, with the running balance", () => {
    const rows = ledgerRows(
      [charge("c2", "2026-02-01", 300000), charge("c1", "2026-01-01", 300000)],
      [payment("p1", "2026-01-01", 300000), payment("p2", "2026-02-10", 100000)],
    );
    expect(rows.map((r) => [r.kind === "charge" ? r.charge.id : r.payment.id, r.balanceCents])).toEqual([
      ["c1", 300000],
      ["p1", 0],
      ["c2", 300000],
      ["p2", 200000],
    ]);
  });

  it("keeps a voided payment as a line that changes nothing, and adds a refund back", () => {
    const rows = ledgerRows(
      [charge("c1", "2026-01-01", 300000)],
      [
        { ...payment("p1", "2026-01-02", 9999999900), status: "voided" },
        payment("p2", "2026-01-03", 300000),
        { ...payment("p3", "2026-01-04", 5000), kind: "refund" },
      ],
    );
    expect(rows.map((r) => r.balanceCents)).toEqual([300000, 300000, 0, 5000]);
  });

  it("keeps payments of one day in the order they were recorded", () => {
    const rows = ledgerRows(
      [],
      [
        payment("late", "2026-03-05", 100, "2026-03-05T12:00:00.000Z"),
        payment("early", "2026-03-05", 50, "2026-03-05T09:00:00.000Z"),
      ],
    );
    expect(rows.map((r) => (r.kind === "payment" ? r.payment.id : ""))).toEqual(["early", "late"]);
    expect(rows.map((r) => r.balanceCents)).toEqual([-50, -150]);
  });

  it("ends at charges minus payments, exactly, for any amounts", () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-01-${String(d).padStart(2, "0")}`);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, fc.integer({ min: 0, max: 1_000_000_00 })), { maxLength: 20 }),
        fc.array(fc.tuple(day, fc.integer({ min: 1, max: 1_000_000_00 })), { maxLength: 20 }),
        (cs, ps) => {
          const rows = ledgerRows(
            cs.map(([d, a], i) => charge(`c${i}`, d, a)),
            ps.map(([d, a], i) => payment(`p${i}`, d, a)),
          );
          const expected = cs.reduce((s, [, a]) => s + a, 0) - ps.reduce((s, [, a]) => s + a, 0);
          expect(rows.length).toBe(cs.length + ps.length);
          expect(rows.at(-1)?.balanceCents ?? 0).toBe(expected);
        },
      ),
    );
  });
});

describe("credits in the ledger", () => {
  it("lower the running balance", () => {
    const credit = { ...charge("c1-adj-1", "2026-01-20", 30000), kind: "credit" as const, reason: "Discharged" };
    const rows = ledgerRows([charge("c1", "2026-01-01", 300000), credit], []);
    expect(rows.map((r) => r.balanceCents)).toEqual([300000, 270000]);
  });
});

describe("paymentDescription", () => {
  it("names the method once: a check typed as 'Check #1043' reads 'Payment, Check #1043'", () => {
    expect(paymentDescription("Check", "Check #1043")).toBe("Payment, Check #1043");
    expect(paymentDescription("Check", "check no. 1043")).toBe("Payment, Check #1043");
    expect(paymentDescription("Check", "1043")).toBe("Payment, Check #1043");
    expect(paymentDescription("Check", "#1043", "Okafor family")).toBe("Payment, Check #1043 · from Okafor family");
    expect(paymentDescription("Cash", undefined)).toBe("Payment, Cash");
    expect(paymentDescription("ACH / bank transfer", "ACH TX-88")).toBe("Payment, ACH / bank transfer TX-88");
    expect(paymentDescription("Card", "Visa 4242")).toBe("Payment, Card Visa 4242");
  });
});

describe("receiptNumber", () => {
  it("is R- and the last twelve letters or digits of the id, upper-cased", () => {
    expect(receiptNumber("0b9f2c4e-5a1d-4c3b-9e8f-7a6b5c4d3e2f")).toBe("R-7A6B5C4D3E2F");
    expect(receiptNumber("m0000000042")).toBe("R-M0000000042");
  });
});
