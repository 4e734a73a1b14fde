import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZRentAccount, ZRentCharge } from "../collections/rent.collection.ts";
import { ZId } from "../common.schema.ts";
import {
  accountFrom,
  allocatePayments,
  chargeId,
  chargesToGenerate,
  daysInMonth,
  daysOverdue,
  earlierStays,
  firstAdmission,
  formatCents,
  monthlyCharge,
  monthsBetween,
  monthStatus,
  rateOn,
  restateOps,
  signedAmount,
  type TChargeLike,
} from "./rent.rules.ts";

const RESIDENT = "0f8e4c2a-5b1d-4e8f-9a3c-7d6b5e4f3a21";
const rate = (amountCents: number, effectiveFrom: string) => ({ amountCents, effectiveFrom });
const day = (month: string, d: number) => `${month}-${String(d).padStart(2, "0")}`;

/** A random month from 1900 to 2400 (leap rules of 1900, 2000, 2100 included). */
const arbMonth = fc
  .record({ year: fc.integer({ min: 1900, max: 2400 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, "0")}`);
const arbRate = fc.integer({ min: 0, max: 10_000_000_00 });

describe("rateOn", () => {
  const rates = [rate(300000, "2025-06-01"), rate(250000, "2024-01-01"), rate(320000, "2026-03-15")];

  it("is the latest rate effective on or before the day", () => {
    expect(rateOn(rates, "2023-12-31")).toBeNull();
    expect(rateOn(rates, "2024-01-01")?.amountCents).toBe(250000);
    expect(rateOn(rates, "2025-05-31")?.amountCents).toBe(250000);
    expect(rateOn(rates, "2025-06-01")?.amountCents).toBe(300000);
    expect(rateOn(rates, "2026-03-14")?.amountCents).toBe(300000);
    expect(rateOn(rates, "2026-03-15")?.amountCents).toBe(320000);
    expect(rateOn([], "2026-03-15")).toBeNull();
  });

  it("takes the later of two rates with the same date", () => {
    expect(rateOn([rate(1, "2026-01-01"), rate(2, "2026-01-01")], "2026-02-01")?.amountCents).toBe(2);
  });
});

describe("chargeId", () => {
  it("is rent-<residentId>-<month> and a valid record id for a UUID resident", () => {
    const id = chargeId(RESIDENT, "2026-03");
    expect(id).toBe(`rent-${RESIDENT}-2026-03`);
    expect(ZId.safeParse(id).success).toBe(true);
  });

  it("refuses a month that is not YYYY-MM", () => {
    expect(() => chargeId(RESIDENT, "2026-13")).toThrow(/month/);
    expect(() => chargeId(RESIDENT, "2026-3")).toThrow(/month/);
  });
});

describe("monthlyCharge (examples)", () => {
  it("charges a full month at its rate, due on the due day", () => {
    const charge = monthlyCharge({ admissionDate: "2025-01-10", rates: [rate(350000, "2025-01-10")] }, "2026-03");
    expect(charge).toMatchObject({
      month: "2026-03",
      amountCents: 350000,
      periodStart: "2026-03-01",
      periodEnd: "2026-03-31",
      dueDate: "2026-03-01",
      description: "Rent March 2026",
      days: 31,
      daysInMonth: 31,
    });
    expect(ZRentCharge.safeParse({ ...charge, residentId: RESIDENT, facilityId: "tull" }).success).toBe(true);
  });

  it("prorates a move-in on the 15th of a 30-day month to 16/30 of the rate, due on admission", () => {
    const charge = monthlyCharge({ admissionDate: "2026-04-15", rates: [rate(300000, "2026-04-15")] }, "2026-04");
    expect(charge).toMatchObject({
      amountCents: 160000,
      periodStart: "2026-04-15",
      periodEnd: "2026-04-30",
      dueDate: "2026-04-15",
      description: "Rent April 2026 (prorated 16/30 days)",
      days: 16,
    });
  });

  it("prorates a move-out, counting the discharge day", () => {
    const charge = monthlyCharge(
      { admissionDate: "2025-02-01", dischargeDate: "2026-03-12", rates: [rate(310000, "2025-02-01")] },
      "2026-03",
    );
    expect(charge).toMatchObject({
      amountCents: 120000,
      periodStart: "2026-03-01",
      periodEnd: "2026-03-12",
      dueDate: "2026-03-01",
      description: "Rent March 2026 (prorated 12/31 days)",
    });
  });

  it("prorates each part of a month at the rate in force (rate change mid-month)", () => {
    const charge = monthlyCharge(
      { admissionDate: "2025-01-01", rates: [rate(310000, "2025-01-01"), rate(620000, "2026-03-16")] },
      "2026-03",
    );
    // 15 days at $3,100/31 + 16 days at $6,200/31 = $1,500 + $3,200.
    expect(charge?.amountCents).toBe(470000);
    expect(charge?.segments).toEqual([
      { from: "2026-03-01", to: "2026-03-15", rateCents: 310000, amountCents: 150000 },
      { from: "2026-03-16", to: "2026-03-31", rateCents: 620000, amountCents: 320000 },
    ]);
    expect(charge?.description).toBe("Rent March 2026 ($3,100.00 from Mar 1, $6,200.00 from Mar 16)");
  });

  it("is null outside the stay or without any rate in force", () => {
    const stay = { admissionDate: "2026-03-10", dischargeDate: "2026-05-20", rates: [rate(300000, "2026-03-10")] };
    expect(monthlyCharge(stay, "2026-02")).toBeNull();
    expect(monthlyCharge(stay, "2026-06")).toBeNull();
    expect(monthlyCharge({ admissionDate: "2026-01-01", rates: [] }, "2026-03")).toBeNull();
    expect(monthlyCharge({ admissionDate: "2026-01-01", rates: [rate(1000, "2026-04-01")] }, "2026-03")).toBeNull();
  });

  it("charges only the days a rate is in force", () => {
    const charge = monthlyCharge({ admissionDate: "2026-03-01", rates: [rate(310000, "2026-03-21")] }, "2026-03");
    expect(charge).toMatchObject({ amountCents: 110000, periodStart: "2026-03-21", days: 11 });
  });

  it("uses the face sheet's rate from admission when there is no rate history", () => {
    const charge = monthlyCharge({ admissionDate: "2026-04-15", rates: [], monthlyRateCents: 300000 }, "2026-04");
    expect(charge?.amountCents).toBe(160000);
  });

  it("clamps the due day to the month's length and refuses an impossible due day", () => {
    const stay = { admissionDate: "2020-01-01", rates: [rate(100, "2020-01-01")] };
    expect(monthlyCharge(stay, "2024-02", 31)?.dueDate).toBe("2024-02-29");
    expect(monthlyCharge(stay, "2023-02", 31)?.dueDate).toBe("2023-02-28");
    expect(monthlyCharge(stay, "2023-03", 5)?.dueDate).toBe("2023-03-05");
    expect(() => monthlyCharge(stay, "2023-03", 0)).toThrow(/due day/);
    expect(() => monthlyCharge(stay, "2023-03", 32)).toThrow(/due day/);
  });

  it("keeps the description within the schema's 200 characters when the rate changes daily", () => {
    const rates = Array.from({ length: 31 }, (_, i) => rate(100000 + i * 1000, day("2026-03", i + 1)));
    const charge = monthlyCharge({ admissionDate: "2026-03-05", rates }, "2026-03");
    expect(charge?.description).toBe("Rent March 2026 (prorated 27/31 days; rate changed during the month)");
    expect(charge?.segments).toHaveLength(27);
  });
});

describe("monthlyCharge (properties)", () => {
  it("knows month lengths, leap years included", () => {
    expect(daysInMonth("2024-02")).toBe(29);
    expect(daysInMonth("2023-02")).toBe(28);
    expect(daysInMonth("2000-02")).toBe(29);
    expect(daysInMonth("2100-02")).toBe(28);
    expect(daysInMonth("2026-04")).toBe(30);
    expect(daysInMonth("2026-12")).toBe(31);
  });

  it("charges a full month exactly its rate", () => {
    fc.assert(
      fc.property(arbMonth, arbRate, (month, amount) => {
        const charge = monthlyCharge({ admissionDate: "1800-01-01", rates: [rate(amount, "1800-01-01")] }, month);
        expect(charge?.amountCents).toBe(amount);
        expect(charge?.days).toBe(daysInMonth(month));
      }),
    );
  });

  it("splits a month at any day into a move-out and a move-in part that sum to the rate", () => {
    fc.assert(
      fc.property(arbMonth, arbRate, fc.integer({ min: 1, max: 31 }), (month, amount, k) => {
        const total = daysInMonth(month);
        fc.pre(k < total);
        const rates = [rate(amount, "1800-01-01")];
        const out = monthlyCharge({ admissionDate: "1800-01-01", dischargeDate: day(month, k), rates }, month);
        const into = monthlyCharge({ admissionDate: day(month, k + 1), rates }, month);
        expect(out!.amountCents + into!.amountCents).toBe(amount);
        expect(out!.days + into!.days).toBe(total);
      }),
    );
  });

  it("is monotonic in days in residence, within a cent of the exact prorated amount, in whole cents", () => {
    fc.assert(
      fc.property(arbMonth, arbRate, (month, amount) => {
        const total = daysInMonth(month);
        const rates = [rate(amount, "1800-01-01")];
        let previousIn = -1;
        let previousOut = -1;
        for (let days = 1; days <= total; days++) {
          const moveIn = monthlyCharge({ admissionDate: day(month, total - days + 1), rates }, month)!;
          const moveOut = monthlyCharge(
            { admissionDate: "1800-01-01", dischargeDate: day(month, days), rates },
            month,
          )!;
          for (const charge of [moveIn, moveOut]) {
            expect(Number.isInteger(charge.amountCents)).toBe(true);
            expect(charge.days).toBe(days);
            expect(Math.abs(charge.amountCents * total - amount * days)).toBeLessThan(total);
          }
          expect(moveIn.amountCents).toBeGreaterThanOrEqual(previousIn);
          expect(moveOut.amountCents).toBeGreaterThanOrEqual(previousOut);
          previousIn = moveIn.amountCents;
          previousOut = moveOut.amountCents;
        }
        expect(previousIn).toBe(amount);
        expect(previousOut).toBe(amount);
      }),
    );
  });

  it("sums its segments exactly and stays within a cent of the exact amount when rates change mid-month", () => {
    fc.assert(
      fc.property(
        arbMonth,
        fc.array(fc.record({ amount: arbRate, day: fc.integer({ min: 1, max: 28 }) }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 28 }),
        (month, changes, admittedDay) => {
          const rates = changes.map((c) => rate(c.amount, day(month, c.day)));
          const admissionDate = day(month, admittedDay);
          const charge = monthlyCharge({ admissionDate, rates }, month);
          const total = daysInMonth(month);
          let exactTimesDays = 0;
          for (let d = admittedDay; d <= total; d++) exactTimesDays += rateOn(rates, day(month, d))?.amountCents ?? 0;
          const charged = Array.from({ length: total }, (_, i) => day(month, i + 1)).filter(
            (date) => date >= admissionDate && rateOn(rates, date) !== null,
          );
          if (charged.length === 0) {
            expect(charge).toBeNull();
            return;
          }
          expect(charge!.amountCents).toBe(charge!.segments.reduce((sum, s) => sum + s.amountCents, 0));
          expect(Math.abs(charge!.amountCents * total - exactTimesDays)).toBeLessThan(total);
          expect(charge!.days).toBe(charged.length);
          expect(charge!.periodStart).toBe(charged[0]);
          expect(charge!.description.length).toBeLessThanOrEqual(200);
        },
      ),
    );
  });
});

describe("chargesToGenerate", () => {
  const residents = [
    { id: "r1", facilityId: "tull", admissionDate: "2025-01-01", rates: [rate(300000, "2025-01-01")] },
    { id: "r2", facilityId: "tull", admissionDate: "2026-04-15", rates: [rate(300000, "2026-04-15")] },
    {
      id: "r3",
      facilityId: "tull",
      admissionDate: "2025-01-01",
      dischargeDate: "2026-03-31",
      rates: [rate(1, "2025-01-01")],
    },
    { id: "r4", facilityId: "tull", admissionDate: "2025-01-01", rates: [] },
  ];

  it("charges each resident in residence with a rate, with the deterministic id", () => {
    const charges = chargesToGenerate(residents, [], "2026-04");
    expect(charges.map((c) => c.id)).toEqual(["rent-r1-2026-04", "rent-r2-2026-04"]);
    expect(charges[1]!.data).toEqual({
      residentId: "r2",
      facilityId: "tull",
      month: "2026-04",
      kind: "rent",
      amountCents: 160000,
      periodStart: "2026-04-15",
      periodEnd: "2026-04-30",
      dueDate: "2026-04-15",
      description: "Rent April 2026 (prorated 16/30 days)",
    });
    for (const c of charges) expect(ZRentCharge.safeParse(c.data).success).toBe(true);
  });

  it("skips charges that exist", () => {
    expect(chargesToGenerate(residents, new Set(["rent-r1-2026-04"]), "2026-04").map((c) => c.id)).toEqual([
      "rent-r2-2026-04",
    ]);
  });

  it("never yields a duplicate, however often it runs", () => {
    const arbResident = fc.record({
      id: fc.constantFrom("a", "b", "c", "d"),
      facilityId: fc.constant("tull"),
      admissionDate: fc.constantFrom("2025-12-20", "2026-01-01", "2026-02-10"),
      rates: fc.constant([rate(250000, "2025-01-01")]),
    });
    fc.assert(
      fc.property(fc.array(arbResident, { maxLength: 8 }), fc.array(arbMonth, { maxLength: 3 }), (list, extra) => {
        const stored = new Set<string>();
        for (const month of ["2025-12", "2026-01", "2026-02", ...extra, "2026-01", "2026-02"]) {
          for (const charge of chargesToGenerate(list, stored, month)) {
            expect(stored.has(charge.id)).toBe(false);
            stored.add(charge.id);
          }
        }
        expect(chargesToGenerate(list, stored, "2026-02")).toEqual([]);
      }),
    );
  });
});

describe("allocation and the account", () => {
  const charge = (month: string, amountCents: number): TChargeLike => ({
    id: chargeId("r1", month),
    month,
    amountCents,
    dueDate: `${month}-01`,
  });

  it("settles the oldest charges first", () => {
    const charges = [charge("2026-03", 300000), charge("2026-01", 300000), charge("2026-02", 300000)];
    const payments = [{ amountCents: 200000 }, { amountCents: 200000 }, { amountCents: 150000 }];
    expect(accountFrom(charges, payments)).toEqual({
      chargedCents: 900000,
      paidCents: 550000,
      balanceCents: 350000,
      oldestUnpaidDueDate: "2026-02-01",
    });
    expect(monthStatus(charges, payments, "2026-01")).toBe("paid");
    expect(monthStatus(charges, payments, "2026-02")).toBe("partial");
    expect(monthStatus(charges, payments, "2026-03")).toBe("unpaid");
    expect(monthStatus(charges, payments, "2026-04")).toBe("none");
  });

  it("keeps overpayment as credit and treats negative charges as credit", () => {
    const credit = { id: "adj", month: "2026-02", amountCents: -50000, dueDate: "2026-02-10" };
    const result = allocatePayments([charge("2026-01", 100000), credit], [{ amountCents: 80000 }]);
    expect(result.charges.map((r) => r.allocatedCents)).toEqual([100000, 0]);
    expect(result.unallocatedCents).toBe(30000);
    expect(accountFrom([charge("2026-01", 100000), credit], [{ amountCents: 80000 }])).toEqual({
      chargedCents: 50000,
      paidCents: 80000,
      balanceCents: -30000,
      oldestUnpaidDueDate: null,
    });
  });

  it("for any charges and payments: charged − paid = balance, nothing over-allocated, unpaid after paid", () => {
    const arbCharge = fc.record({
      id: fc.uuid(),
      month: arbMonth,
      amountCents: fc.integer({ min: -50_000_00, max: 1_000_000_00 }),
      dueDate: fc.constantFrom("2026-01-01", "2026-02-01", "2026-03-05", "2026-04-01"),
    });
    const arbPayment = fc.record({ amountCents: fc.integer({ min: 1, max: 1_000_000_00 }) });
    fc.assert(
      fc.property(
        fc.array(arbCharge, { maxLength: 30 }),
        fc.array(arbPayment, { maxLength: 30 }),
        (charges, payments) => {
          const account = accountFrom(charges, payments);
          const charged = charges.reduce((s, c) => s + c.amountCents, 0);
          const paid = payments.reduce((s, p) => s + p.amountCents, 0);
          expect(account.chargedCents).toBe(charged);
          expect(account.paidCents).toBe(paid);
          expect(account.balanceCents).toBe(account.chargedCents - account.paidCents);
          expect(ZRentAccount.safeParse({ residentId: "r1", facilityId: "tull", ...account }).success).toBe(true);

          const { charges: rows, unallocatedCents } = allocatePayments(charges, payments);
          const credits = charges.reduce((s, c) => s + Math.max(-c.amountCents, 0), 0);
          let allocated = 0;
          let seenUnpaid = false;
          for (const row of rows) {
            expect(row.allocatedCents).toBeGreaterThanOrEqual(0);
            expect(row.allocatedCents).toBeLessThanOrEqual(Math.max(row.charge.amountCents, 0));
            expect(row.allocatedCents + row.remainingCents).toBe(Math.max(row.charge.amountCents, 0));
            if (seenUnpaid) expect(row.allocatedCents).toBe(0);
            if (row.remainingCents > 0) seenUnpaid = true;
            allocated += row.allocatedCents;
          }
          expect(unallocatedCents).toBeGreaterThanOrEqual(0);
          expect(allocated + unallocatedCents).toBe(paid + credits);
          expect(account.oldestUnpaidDueDate === null).toBe(rows.every((r) => r.remainingCents === 0));
        },
      ),
    );
  });

  it("counts days overdue from the oldest unpaid due date", () => {
    expect(daysOverdue({ balanceCents: 100, oldestUnpaidDueDate: "2026-02-01" }, "2026-03-01")).toBe(28);
    expect(daysOverdue({ balanceCents: 100, oldestUnpaidDueDate: "2024-02-01" }, "2024-03-01")).toBe(29);
    expect(daysOverdue({ balanceCents: 100, oldestUnpaidDueDate: "2026-02-01" }, "2026-02-01")).toBe(0);
    expect(daysOverdue({ balanceCents: 100, oldestUnpaidDueDate: "2026-02-01" }, "2026-01-20")).toBe(0);
    expect(daysOverdue({ balanceCents: 0, oldestUnpaidDueDate: null }, "2026-03-01")).toBe(0);
    expect(daysOverdue({ balanceCents: -500, oldestUnpaidDueDate: null }, "2026-03-01")).toBe(0);
  });
});

describe("monthsBetween", () => {
  it("lists months inclusively across years, from months or days", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03-15", "2026-03-02")).toEqual(["2026-03"]);
    expect(monthsBetween("2026-04", "2026-03")).toEqual([]);
  });
});

describe("formatCents", () => {
  it("formats dollars with thousands separators and two decimals", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(100000000)).toBe("$1,000,000.00");
    expect(formatCents(-1200)).toBe("-$12.00");
    expect(formatCents(-5)).toBe("-$0.05");
  });

  it("refuses fractions of a cent", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it("round-trips any amount of cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replace(/[$,]/g, "").replace(".", ""))).toBe(cents);
      }),
    );
  });
});

describe("stays: a discharge and readmission in one month", () => {
  it("charges both stays of November (1–20 and 23–30: 28 days), not only the readmission", () => {
    const events = [
      { type: "admission", date: "2025-06-01" },
      { type: "discharge", date: "2026-11-20" },
      { type: "readmission", date: "2026-11-23" },
    ];
    const stay = {
      admissionDate: "2026-11-23",
      earlierStays: earlierStays(events, "2026-11-23"),
      rates: [rate(300000, "2025-06-01")],
    };
    expect(stay.earlierStays).toEqual([{ from: "2025-06-01", to: "2026-11-20" }]);
    const charge = monthlyCharge(stay, "2026-11")!;
    expect(charge.days).toBe(28);
    expect(charge.amountCents).toBe(280000);
    expect(charge.periodStart).toBe("2026-11-01");
    expect(charge.periodEnd).toBe("2026-11-30");
    expect(charge.description).toBe("Rent November 2026 (prorated 28/30 days)");
  });

  it("prices the earlier stay at the face-sheet rate when there is no rate history", () => {
    const charge = monthlyCharge(
      {
        admissionDate: "2026-11-23",
        earlierStays: [{ from: "2026-11-02", to: "2026-11-05" }],
        rates: [],
        monthlyRateCents: 300000,
      },
      "2026-11",
    )!;
    expect(charge.days).toBe(12);
  });

  it("finds the first admission before a readmission", () => {
    const events = [
      { type: "readmission", date: "2026-11-23" },
      { type: "admission", date: "2025-06-01" },
      { type: "discharge", date: "2026-11-20" },
    ];
    expect(firstAdmission("2026-11-23", events)).toBe("2025-06-01");
    expect(firstAdmission("2024-01-01", events)).toBe("2024-01-01");
    expect(firstAdmission("2026-11-23", [])).toBe("2026-11-23");
  });

  it("ignores events of the current stay and a stay still open", () => {
    expect(earlierStays([{ type: "admission", date: "2026-01-01" }], "2026-01-01")).toEqual([]);
    expect(
      earlierStays(
        [
          { type: "readmission", date: "2026-03-01", createdAt: "b" },
          { type: "admission", date: "2026-01-01", createdAt: "a" },
          { type: "death", date: "2026-02-01", createdAt: "c" },
        ],
        "2026-03-01",
      ),
    ).toEqual([{ from: "2026-01-01", to: "2026-02-01" }]);
  });

  it("for any stays in a month: charges exactly the days in residence, each at the rate in force that day", () => {
    /** Disjoint stays within the month, in order, from cut points; the last may stay open. */
    const arbStays = fc
      .record({
        month: arbMonth,
        cuts: fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 1, maxLength: 8 }),
        open: fc.boolean(),
        rates: fc.array(fc.record({ amount: arbRate, day: fc.integer({ min: 1, max: 28 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        earlyRate: fc.boolean(),
      })
      .map(({ month, cuts, open, rates, earlyRate }) => {
        const sorted = [...cuts].sort((a, b) => a - b);
        const stays: { from: number; to: number }[] = [];
        for (let i = 0; i + 1 < sorted.length; i += 2) stays.push({ from: sorted[i]!, to: sorted[i + 1]! });
        if (sorted.length % 2 === 1) stays.push({ from: sorted.at(-1)!, to: open ? 0 : sorted.at(-1)! });
        const rateList = rates.map((r) => rate(r.amount, day(month, r.day)));
        if (earlyRate) rateList.push(rate(rates[0]!.amount, "1800-01-01"));
        return { month, stays, rates: rateList };
      });
    fc.assert(
      fc.property(arbStays, ({ month, stays, rates }) => {
        const total = daysInMonth(month);
        const current = stays.at(-1)!;
        const stay = {
          admissionDate: day(month, current.from),
          dischargeDate: current.to === 0 ? null : day(month, current.to),
          earlierStays: stays.slice(0, -1).map((s) => ({ from: day(month, s.from), to: day(month, s.to) })),
          rates,
        };
        const inStay = (d: number) => stays.some((s) => d >= s.from && (s.to === 0 ? true : d <= s.to));
        // Oracle: each day costs its rate's share of the month, rounded so the month's first k days cost
        // the exact amount for k days; a day is charged when in residence with a rate in force.
        let cumulative = 0;
        let previous = 0;
        let expected = 0;
        let days = 0;
        const earliest = rates.reduce((a, b) => (b.effectiveFrom < a.effectiveFrom ? b : a));
        for (let d = 1; d <= total; d++) {
          const inForce = rateOn(rates, day(month, d));
          cumulative += (inForce ?? earliest).amountCents;
          const rounded = Math.floor((2 * cumulative + total) / (2 * total));
          if (inStay(d) && inForce) {
            expected += rounded - previous;
            days++;
          }
          previous = rounded;
        }
        const charge = monthlyCharge(stay, month);
        if (days === 0) {
          expect(charge).toBeNull();
          return;
        }
        expect(charge!.days).toBe(days);
        expect(charge!.amountCents).toBe(expected);
        expect(charge!.segments.reduce((sum, s) => sum + s.amountCents, 0)).toBe(expected);
        // The days left out of the stays cost the rest of a full month, to the cent.
        const everyDay = monthlyCharge({ admissionDate: "1800-01-01", rates }, month);
        expect(expected).toBeLessThanOrEqual(everyDay!.amountCents);
      }),
    );
  });
});

describe("credits", () => {
  it("lower the balance and pay nothing off by themselves being owed", () => {
    const rent = { id: "rent-r1-2026-04", month: "2026-04", amountCents: 300000, dueDate: "2026-04-01" };
    const credit = { ...rent, id: "rent-r1-2026-04-adj-1", kind: "credit" as const, amountCents: 50000 };
    expect(signedAmount(credit)).toBe(-50000);
    expect(accountFrom([rent, credit], [{ amountCents: 250000 }])).toEqual({
      chargedCents: 250000,
      paidCents: 250000,
      balanceCents: 0,
      oldestUnpaidDueDate: null,
    });
  });

  it("refuse a negative amount and need a reason", () => {
    const base = {
      residentId: "r1",
      facilityId: "tull",
      month: "2026-04",
      periodStart: "2026-04-01",
      periodEnd: "2026-04-30",
      dueDate: "2026-04-01",
      description: "Rent April 2026",
    };
    expect(ZRentCharge.safeParse({ ...base, amountCents: -50_000_000 }).error?.issues[0]?.message).toBe(
      "Cannot be negative; record a credit instead",
    );
    expect(ZRentCharge.safeParse({ ...base, kind: "credit", amountCents: 100 }).error?.issues[0]?.path).toEqual([
      "reason",
    ]);
    expect(ZRentCharge.parse({ ...base, amountCents: 100 }).kind).toBe("rent");
  });
});

describe("restateOps: a stay changed after its month was billed", () => {
  const stay = { id: "r1", facilityId: "tull", admissionDate: "2026-01-01", rates: [rate(300000, "2026-01-01")] };
  const billed = {
    id: "rent-r1-2026-04",
    month: "2026-04",
    kind: "rent" as const,
    version: 1,
    amountCents: 300000,
    periodStart: "2026-04-01",
    periodEnd: "2026-04-30",
    dueDate: "2026-04-01",
  };
  const discharged = { ...stay, dischargeDate: "2026-04-15" };

  it("recomputes the month's charge while no payment is applied to it", () => {
    expect(restateOps(discharged, "2026-04", [billed], [], "discharged on 2026-04-15", "2026-04-16")).toEqual([
      {
        op: "update",
        collection: "rentCharges",
        id: billed.id,
        version: 1,
        patch: {
          amountCents: 150000,
          periodStart: "2026-04-01",
          periodEnd: "2026-04-15",
          description: "Rent April 2026 (prorated 15/30 days)",
        },
      },
    ]);
    expect(restateOps(stay, "2026-04", [billed], [], "no change", "2026-04-16")).toEqual([]);
    expect(restateOps(discharged, "2026-05", [billed], [], "not billed", "2026-04-16")).toEqual([]);
  });

  it("after a payment, credits the difference with the reason (or charges the extra)", () => {
    const [credit] = restateOps(
      discharged,
      "2026-04",
      [billed],
      [{ amountCents: 300000 }],
      "discharged on 2026-04-15",
      "2026-04-16",
    );
    expect(credit).toMatchObject({
      op: "create",
      collection: "rentCharges",
      id: "rent-r1-2026-04-adj-1",
      data: {
        kind: "credit",
        amountCents: 150000,
        dueDate: "2026-04-16",
        reason: "discharged on 2026-04-15",
        description: "Credit: rent April 2026, discharged on 2026-04-15",
      },
    });
    const creditRecord = { ...billed, ...(credit as { data: object }).data, id: "rent-r1-2026-04-adj-1" };
    expect(
      restateOps(discharged, "2026-04", [billed, creditRecord], [{ amountCents: 1 }], "again", "2026-04-17"),
    ).toEqual([]);
    const [extra] = restateOps(stay, "2026-04", [billed, creditRecord], [], "readmitted", "2026-04-20");
    expect(extra).toMatchObject({
      id: "rent-r1-2026-04-adj-2",
      data: { kind: "extra", amountCents: 150000, reason: "readmitted" },
    });
  });

  it("for any stay change: the month's lines add up to what the stay now costs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 600000 }),
        fc.integer({ min: 1, max: 30 }),
        (discharge, paid, second) => {
          const after = { ...stay, dischargeDate: `2026-04-${String(discharge).padStart(2, "0")}` };
          let lines: (typeof billed & { kind: "rent" | "extra" | "credit" })[] = [billed];
          const payments = paid > 0 ? [{ amountCents: paid }] : [];
          const apply = (s: typeof stay, today: string) => {
            for (const op of restateOps(s, "2026-04", lines, payments, "changed", today)) {
              if (op.op === "update") lines = lines.map((l) => (l.id === op.id ? { ...l, ...op.patch } : l)) as never;
              else if (op.op === "create")
                lines = [...lines, { ...(op.data as object), id: op.id!, version: 1 } as never];
            }
          };
          apply(after, "2026-04-20");
          const expected = monthlyCharge(after, "2026-04")!.amountCents;
          expect(lines.reduce((sum, l) => sum + signedAmount(l), 0)).toBe(expected);
          for (const line of lines) expect(line.amountCents).toBeGreaterThanOrEqual(0);
          const again = { ...stay, dischargeDate: `2026-04-${String(second).padStart(2, "0")}` };
          apply(again, "2026-04-25");
          expect(lines.reduce((sum, l) => sum + signedAmount(l), 0)).toBe(monthlyCharge(again, "2026-04")!.amountCents);
        },
      ),
    );
  });
});
