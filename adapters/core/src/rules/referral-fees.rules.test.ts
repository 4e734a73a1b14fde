import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feeOwedCents, feeTermsText, firstMonthBaseCents, type TFeeTermsLike } from "./referral-fees.rules.ts";

const percent = (basisPoints: number, extra: Partial<TFeeTermsLike> = {}): TFeeTermsLike => ({
  kind: "percent_first_month",
  percentBasisPoints: basisPoints,
  prorateFirstMonth: false,
  ...extra,
});

const arbDate = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const arbRent = fc.integer({ min: 0, max: 2_000_000 });
const arbTerms: fc.Arbitrary<TFeeTermsLike> = fc.oneof(
  fc.record({
    kind: fc.constant("percent_first_month" as const),
    percentBasisPoints: fc.integer({ min: 1, max: 20_000 }),
    prorateFirstMonth: fc.boolean(),
    capCents: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant("flat" as const),
    flatCents: fc.integer({ min: 1, max: 1_000_000 }),
    prorateFirstMonth: fc.boolean(),
    capCents: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  }),
);

describe("feeOwedCents", () => {
  it("takes the percent of the first month, prorated from the move-in day when the terms say so", () => {
    expect(feeOwedCents(percent(5000), 600_000, "2026-03-10")).toBe(300_000);
    // March has 31 days; from the 10th on: 22 of them.
    expect(firstMonthBaseCents(percent(5000, { prorateFirstMonth: true }), 620_000, "2026-03-10")).toBe(440_000);
    expect(feeOwedCents(percent(5000, { prorateFirstMonth: true }), 620_000, "2026-03-10")).toBe(220_000);
    expect(feeOwedCents(percent(10_000, { capCents: 400_000 }), 600_000, "2026-03-01")).toBe(400_000);
    expect(feeOwedCents({ kind: "flat", flatCents: 250_000, prorateFirstMonth: false }, 600_000, "2026-03-31")).toBe(
      250_000,
    );
  });

  it("is whole cents, never negative and never above the cap", () => {
    fc.assert(
      fc.property(arbTerms, arbRent, arbDate, (terms, rent, date) => {
        const fee = feeOwedCents(terms, rent, date);
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        if (terms.capCents !== undefined) expect(fee).toBeLessThanOrEqual(terms.capCents);
      }),
    );
  });

  it("never owes more for a later move-in in the month, nor for a lower rent", () => {
    fc.assert(
      fc.property(arbTerms, arbRent, arbRent, arbDate, fc.integer({ min: 0, max: 30 }), (terms, a, b, date, later) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(feeOwedCents(terms, low, date)).toBeLessThanOrEqual(feeOwedCents(terms, high, date));
        const day = Math.min(28, Number(date.slice(8, 10)) + later);
        const laterDate = `${date.slice(0, 8)}${String(Math.max(day, Number(date.slice(8, 10)))).padStart(2, "0")}`;
        expect(feeOwedCents(terms, high, laterDate)).toBeLessThanOrEqual(feeOwedCents(terms, high, date));
      }),
    );
  });

  it("prorated from the first of the month is the whole month's fee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), arbRent, arbDate, (bp, rent, date) => {
        const first = `${date.slice(0, 8)}01`;
        expect(feeOwedCents(percent(bp, { prorateFirstMonth: true }), rent, first)).toBe(
          feeOwedCents(percent(bp), rent, first),
        );
      }),
    );
  });
});

describe("feeTermsText", () => {
  it("says the terms as an administrator reads them", () => {
    expect(feeTermsText(percent(5000, { prorateFirstMonth: true, capCents: 300_000 }))).toBe(
      "50% of the first month's rent, prorated, at most $3,000.00",
    );
    expect(feeTermsText(percent(8750))).toBe("87.5% of the first month's rent");
    expect(feeTermsText({ kind: "flat", flatCents: 250_000, prorateFirstMonth: false })).toBe("$2,500.00 flat");
  });
});

describe("a prorated percent is rounded once", () => {
  it("50% of $5,200 for the last 5 days of a 30-day month is $433.33", () => {
    expect(feeOwedCents(percent(5000, { prorateFirstMonth: true }), 520_000, "2026-11-26")).toBe(43_333);
  });

  it("stays exact for any rent the schema allows", () => {
    expect(feeOwedCents(percent(10_000, { prorateFirstMonth: true }), 100_000_000_000, "2026-11-01")).toBe(
      100_000_000_000,
    );
  });
});
