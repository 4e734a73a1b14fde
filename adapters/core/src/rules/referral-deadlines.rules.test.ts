import fc from "fast-check";
import type { TReferralStatus } from "../collections/referrals.collection.ts";
import { describe, expect, it } from "vitest";
import { addBusinessDays } from "./date-only.rules.ts";
import {
  duplicateReportDue,
  feeEntryRefusal,
  feeSummary,
  moveInReportDue,
  referralReminders,
  type TReferralDeadlineLike,
} from "./referral-deadlines.rules.ts";

const halfOfFirstMonth = { kind: "percent_first_month" as const, percentBasisPoints: 5000, prorateFirstMonth: false };
const movedIn = { status: "moved_in" as const, moveInDate: "2026-11-10", firstMonthRentCents: 520_000 };

describe("addBusinessDays", () => {
  it("skips weekends: two business days after a Friday is the Tuesday", () => {
    expect(addBusinessDays("2026-11-27", 2)).toBe("2026-12-01");
    expect(addBusinessDays("2026-11-23", 1)).toBe("2026-11-24");
  });

  it("never lands on a weekend and moves at least as many calendar days", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 30 }), (offset, days) => {
        const start = new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
        const end = addBusinessDays(start, days);
        const weekday = new Date(`${end}T00:00:00Z`).getUTCDay();
        expect(weekday).not.toBe(0);
        expect(weekday).not.toBe(6);
        expect(end >= start).toBe(true);
      }),
    );
  });
});

describe("feeSummary", () => {
  it("owes the terms applied to the first month once moved in, and balances payments against it", () => {
    const entries = [
      { kind: "invoice" as const, date: "2026-11-12", amountCents: 260_000 },
      { kind: "payment" as const, date: "2026-11-20", amountCents: 100_000 },
    ];
    expect(feeSummary(movedIn, halfOfFirstMonth, entries, "2026-11-25")).toMatchObject({
      owedCents: 260_000,
      invoicedCents: 260_000,
      paidCents: 100_000,
      balanceCents: 160_000,
      overdueInvoices: [],
    });
    // Thirty days after the invoice with a balance left, it is overdue.
    expect(feeSummary(movedIn, halfOfFirstMonth, entries, "2026-12-13").overdueInvoices).toHaveLength(1);
    expect(feeSummary(movedIn, halfOfFirstMonth, entries, "2026-12-12").overdueInvoices).toHaveLength(0);
  });

  it("owes nothing before a move-in, and falls back to the invoices without terms", () => {
    expect(feeSummary({ status: "toured" }, halfOfFirstMonth, [], "2026-11-25").owedCents).toBeNull();
    const invoiced = [{ kind: "invoice" as const, date: "2026-11-12", amountCents: 90_000 }];
    expect(feeSummary(movedIn, undefined, invoiced, "2026-11-25")).toMatchObject({
      owedCents: null,
      balanceCents: 90_000,
    });
  });

  it("never counts a dispute as money, and pays off exactly what was paid (property)", () => {
    const arbEntry = fc.record({
      kind: fc.constantFrom("invoice" as const, "payment" as const, "dispute" as const),
      date: fc.constant("2026-11-15"),
      amountCents: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 12 }), (entries) => {
        const summary = feeSummary(movedIn, halfOfFirstMonth, entries, "2026-11-25");
        const paid = entries.filter((e) => e.kind === "payment").reduce((s, e) => s + e.amountCents, 0);
        expect(summary.paidCents).toBe(paid);
        expect(summary.balanceCents).toBe(260_000 - paid);
        expect(Number.isInteger(summary.balanceCents)).toBe(true);
      }),
    );
  });
});

describe("reporting windows", () => {
  const agent = { duplicateReportDays: 3, moveInReportBusinessDays: 2 };

  it("asks to report a linked duplicate within the agency's days, until it is reported", () => {
    const duplicate = { duplicateOfId: "r1", referredOn: "2026-11-20" };
    expect(duplicateReportDue(duplicate, agent)).toBe("2026-11-23");
    expect(duplicateReportDue({ ...duplicate, duplicateReportedOn: "2026-11-21" }, agent)).toBeNull();
    expect(duplicateReportDue(duplicate, {})).toBeNull();
    expect(duplicateReportDue({ referredOn: duplicate.referredOn }, agent)).toBeNull();
  });

  it("asks to report a move-in within business days", () => {
    expect(moveInReportDue({ status: "moved_in", moveInDate: "2026-11-27" }, agent)).toBe("2026-12-01");
    expect(
      moveInReportDue({ status: "moved_in", moveInDate: "2026-11-27", moveInReportedOn: "2026-11-27" }, agent),
    ).toBeNull();
    expect(moveInReportDue({ status: "toured" }, agent)).toBeNull();
  });
});

describe("referralReminders", () => {
  const base: TReferralDeadlineLike = {
    id: "r1",
    facilityId: "tull",
    firstName: "Eleanor",
    lastName: "Vance",
    status: "contacted",
    agentId: "a1",
    referredOn: "2026-11-20",
  };
  const agents = [{ id: "a1", name: "Maria Lopez", duplicateReportDays: 3, moveInReportBusinessDays: 2 }];

  it("reminds of a follow-up, a duplicate to report, a move-in to report and an invoice unpaid", () => {
    const reminders = referralReminders({
      today: "2026-12-20",
      agents,
      referrals: [
        { ...base, nextFollowUp: "2026-11-24" },
        { ...base, id: "r2", status: "lost", duplicateOfId: "r9" },
        { ...base, id: "r3", ...movedIn },
      ],
      fees: {
        terms: [{ agentId: "a1", ...halfOfFirstMonth }],
        entries: [
          {
            id: "f1",
            referralId: "r3",
            kind: "invoice",
            date: "2026-11-12",
            amountCents: 260_000,
            invoiceNumber: "GYP-1",
          },
        ],
      },
    });
    expect(reminders.map((r) => [r.kind, r.link.id, r.dueDate])).toEqual([
      ["referral-follow-up", "r1", "2026-11-24"],
      ["referral-report", "r2", "2026-11-23"],
      ["referral-report", "r3", "2026-11-12"],
      ["referral-fee-unpaid", "r3", "2026-12-12"],
    ]);
    expect(reminders[3]!.title).toContain("GYP-1");
  });

  it("has nothing for a closed referral without a duplicate, or a paid invoice", () => {
    expect(
      referralReminders({
        today: "2026-12-20",
        agents,
        referrals: [
          { ...base, status: "declined", nextFollowUp: "2026-11-24" },
          { ...base, id: "r3", ...movedIn, moveInReportedOn: "2026-11-10" },
        ],
        fees: {
          terms: [{ agentId: "a1", ...halfOfFirstMonth }],
          entries: [
            { id: "f1", referralId: "r3", kind: "invoice", date: "2026-11-12", amountCents: 260_000 },
            { id: "f2", referralId: "r3", kind: "payment", date: "2026-11-15", amountCents: 260_000 },
          ],
        },
      }),
    ).toEqual([]);
  });
});

describe("feeEntryRefusal", () => {
  const context = {
    referral: { status: "moved_in" as TReferralStatus, referredOn: "2026-11-02" },
    summary: { balanceCents: 260_000, owedCents: 260_000 },
    agentInvoices: [{ invoiceNumber: "GYP-1042" }],
  };

  it("refuses the ways one fee gets paid twice", () => {
    const pay = (amountCents: number, extra: Partial<typeof context.referral> & { duplicateOfId?: string } = {}) =>
      feeEntryRefusal(
        { kind: "payment", date: "2026-11-20", amountCents },
        { ...context, referral: { ...context.referral, ...extra } },
      );
    expect(pay(260_000)).toBeNull();
    expect(pay(260_001)?.message).toBe("More than the balance of $2,600.00");
    expect(pay(100, { duplicateOfId: "r0" })?.field).toBe("amountCents");
    expect(pay(100, { status: "toured" })?.message).toBe("Nothing is owed: the prospect has not moved in");
    expect(feeEntryRefusal({ kind: "invoice", date: "2026-11-20", invoiceNumber: " gyp-1042" }, context)?.field).toBe(
      "invoiceNumber",
    );
    expect(feeEntryRefusal({ kind: "dispute", date: "2026-11-01" }, context)?.message).toBe(
      "Before the referral of 2026-11-02",
    );
    expect(feeEntryRefusal({ kind: "invoice", date: "2026-11-20", invoiceNumber: "GYP-1043" }, context)).toBeNull();
  });
});
