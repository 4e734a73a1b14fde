import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZId } from "../common.schema.ts";
import type { TComplianceSubject } from "./compliance.rules.ts";
import { addDays, addMonths } from "./date-only.rules.ts";
import { arbDate, document as doc, documentType as type } from "./compliance.test-support.ts";
import {
  deriveReminders,
  groupReminders,
  nextDueDate,
  reminderStateId,
  type TDeriveRemindersInput,
  type TRentDueLike,
} from "./reminders.rules.ts";

const ana: TComplianceSubject = {
  subject: "resident",
  id: "r1",
  facilityId: "tull",
  name: "Garcia, Ana",
  startDate: "2025-01-15",
};
const rent = (over: Partial<TRentDueLike> = {}): TRentDueLike => ({
  residentId: "r1",
  facilityId: "tull",
  residentName: "Garcia, Ana",
  balanceCents: 125_050,
  oldestUnpaidDueDate: "2026-02-01",
  ...over,
});
const input = (over: Partial<TDeriveRemindersInput> = {}): TDeriveRemindersInput => ({
  today: "2026-02-20",
  subjects: [ana],
  types: [],
  documents: [],
  rentAccounts: [],
  states: [],
  ...over,
});

describe("deriveReminders", () => {
  it("names the form and the person for a missing document, due at admission", () => {
    const [r, ...rest] = deriveReminders(input({ types: [type(), type({ id: "opt", required: false })] }));
    expect(rest).toEqual([]);
    expect(r).toEqual({
      key: "missing|resident|r1|t-602a",
      kind: "document-missing",
      title: "LIC 602A Physician's Report missing — Garcia, Ana",
      dueDate: "2025-01-15",
      facilityId: "tull",
      link: { type: "resident", id: "r1" },
      state: "open",
    });
    // An admission in the future (or none) is due today.
    const later = deriveReminders(input({ types: [type()], subjects: [{ ...ana, startDate: "2026-03-01" }] }));
    expect(later[0]!.dueDate).toBe("2026-02-20");
  });

  it("reminds of expiring and expired documents on their expiry date; reappraisals by name", () => {
    const types = [type(), type({ id: "t-603", name: "Appraisal", formCode: "LIC 603", reappraisal: true })];
    const documents = [doc(), doc({ id: "d2", typeId: "t-603", issueDate: "2025-01-01" })];
    const out = deriveReminders(input({ types, documents }));
    expect(out.map((r) => [r.key, r.kind, r.title, r.dueDate])).toEqual([
      ["expiry|d2|2026-01-01", "reappraisal-due", "Reappraisal due: LIC 603 Appraisal — Garcia, Ana", "2026-01-01"],
      ["expiry|d1|2026-03-10", "document-expiring", "LIC 602A Physician's Report expiring — Garcia, Ana", "2026-03-10"],
    ]);
    const expired = deriveReminders(input({ types: [type()], documents: [doc()], today: "2026-03-11" }));
    expect(expired[0]!.kind).toBe("document-expired");
    // Far from expiry: nothing.
    expect(deriveReminders(input({ types: [type()], documents: [doc()], today: "2025-06-01" }))).toEqual([]);
  });

  it("reminds of rent past due with the amount, only once it is past due", () => {
    const out = deriveReminders(input({ rentAccounts: [rent(), rent({ residentId: "r2", balanceCents: 0 })] }));
    expect(out).toEqual([
      {
        key: "rent|r1|2026-02-01",
        kind: "rent-overdue",
        title: "Rent past due: $1,250.50 — Garcia, Ana",
        detail: "Unpaid since 2026-02-01",
        dueDate: "2026-02-01",
        facilityId: "tull",
        link: { type: "resident", id: "r1" },
        state: "open",
      },
    ]);
    expect(deriveReminders(input({ rentAccounts: [rent({ oldestUnpaidDueDate: "2026-02-20" })] }))).toEqual([]);
    expect(deriveReminders(input({ rentAccounts: [rent({ oldestUnpaidDueDate: null })] }))).toEqual([]);
  });

  it("applies a state only to the reminder of the state's own home", () => {
    const settledElsewhere = [
      { id: "s9", version: 1, facilityId: "newman", key: "rent|r1|2026-02-01", state: "done" as const },
    ];
    const [reminder] = deriveReminders(input({ rentAccounts: [rent()], states: settledElsewhere }));
    expect(reminder).toMatchObject({ key: "rent|r1|2026-02-01", facilityId: "tull", state: "open" });
    expect(reminder?.stateRecord).toBeUndefined();
  });

  it("applies done and snoozed states by key; a snooze that ran out opens again", () => {
    const rentAccounts = [
      rent(),
      rent({ residentId: "r2", oldestUnpaidDueDate: "2026-01-01" }),
      rent({ residentId: "r3" }),
    ];
    const states = [
      { id: "s1", version: 1, facilityId: "tull", key: "rent|r1|2026-02-01", state: "done" as const },
      {
        id: "s2",
        version: 2,
        facilityId: "tull",
        key: "rent|r2|2026-01-01",
        state: "snoozed" as const,
        snoozedUntil: "2026-03-01",
      },
      {
        id: "s3",
        version: 1,
        facilityId: "tull",
        key: "rent|r3|2026-02-01",
        state: "snoozed" as const,
        snoozedUntil: "2026-02-20",
      },
      { id: "s4", version: 1, facilityId: "tull", key: "rent|r1|2025-12-01", state: "done" as const },
    ];
    const out = deriveReminders(input({ rentAccounts, states }));
    expect(out.map((r) => [r.key, r.state, r.snoozedUntil, r.stateRecord])).toEqual([
      ["rent|r2|2026-01-01", "snoozed", "2026-03-01", { id: "s2", version: 2 }],
      ["rent|r1|2026-02-01", "done", undefined, { id: "s1", version: 1 }],
      ["rent|r3|2026-02-01", "open", undefined, { id: "s3", version: 1 }],
    ]);
  });

  const arbInput = fc.record({
    today: arbDate,
    docs: fc.array(
      fc.record({
        id: fc.constantFrom("a", "b", "c", "d"),
        subjectId: fc.constantFrom("r1", "r2"),
        typeId: fc.constantFrom("t1", "t2"),
        issueDate: arbDate,
      }),
      { maxLength: 5 },
    ),
    balance: fc.integer({ min: -1000, max: 100_000 }),
    due: fc.option(arbDate, { nil: null }),
  });

  it("is soonest first and its keys are stable and unique", () => {
    fc.assert(
      fc.property(arbInput, ({ today, docs, balance, due }) => {
        const make = () =>
          deriveReminders(
            input({
              today,
              subjects: [ana, { ...ana, id: "r2", name: "Lee, Bob", startDate: undefined }],
              types: [type({ id: "t1" }), type({ id: "t2", validityMonths: 6, leadTimeDays: 60 })],
              documents: docs.map((d) => doc(d)),
              rentAccounts: [rent({ balanceCents: balance, oldestUnpaidDueDate: due })],
            }),
          );
        const out = make();
        expect(make()).toEqual(out);
        expect(new Set(out.map((r) => r.key)).size).toBe(out.length);
        for (let i = 1; i < out.length; i++) expect(out[i - 1]!.dueDate <= out[i]!.dueDate).toBe(true);
      }),
    );
  });
});

describe("groupReminders", () => {
  it("splits into Overdue, Today, This week (next 7 days) and Later", () => {
    const items = ["2026-02-19", "2026-02-20", "2026-02-21", "2026-02-27", "2026-02-28"].map((dueDate) => ({
      dueDate,
    }));
    const groups = groupReminders(items, "2026-02-20");
    expect(groups.map((g) => [g.label, g.items.map((i) => i.dueDate)])).toEqual([
      ["Overdue", ["2026-02-19"]],
      ["Today", ["2026-02-20"]],
      ["This week", ["2026-02-21", "2026-02-27"]],
      ["Later", ["2026-02-28"]],
    ]);
  });

  it("partitions the list: every item in exactly one group, order kept", () => {
    fc.assert(
      fc.property(fc.array(arbDate.map((dueDate) => ({ dueDate }))), arbDate, (items, today) => {
        const groups = groupReminders(items, today);
        expect(groups.flatMap((g) => g.items).length).toBe(items.length);
        for (const item of items) expect(groups.filter((g) => g.items.includes(item)).length).toBe(1);
        for (const g of groups) expect(g.items).toEqual(items.filter((i) => g.items.includes(i)));
        expect(groups[0]!.items.every((i) => i.dueDate < today)).toBe(true);
        expect(groups[3]!.items.every((i) => i.dueDate > addDays(today, 7))).toBe(true);
      }),
    );
  });
});

describe("nextDueDate", () => {
  it("clamps month ends and leap days", () => {
    expect(nextDueDate("2025-01-31", "monthly")).toBe("2025-02-28");
    expect(nextDueDate("2024-01-31", "monthly")).toBe("2024-02-29");
    expect(nextDueDate("2024-02-29", "yearly")).toBe("2025-02-28");
    expect(nextDueDate("2025-12-29", "weekly")).toBe("2026-01-05");
    expect(nextDueDate("2025-12-29", "none")).toBeNull();
  });

  it("is strictly later, within the repeat's length", () => {
    fc.assert(
      fc.property(
        arbDate,
        fc.constantFrom("weekly", "monthly", "yearly") as fc.Arbitrary<"weekly" | "monthly" | "yearly">,
        (date, repeat) => {
          const next = nextDueDate(date, repeat)!;
          expect(next > date).toBe(true);
          const bound = repeat === "weekly" ? addDays(date, 7) : addMonths(date, repeat === "monthly" ? 1 : 12);
          expect(next).toBe(bound);
          expect(next <= addDays(date, repeat === "weekly" ? 7 : repeat === "monthly" ? 31 : 366)).toBe(true);
        },
      ),
    );
  });
});

describe("reminderStateId", () => {
  it("is a deterministic, valid record id, different for different keys", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: "grapheme" }), (key) => {
        const id = reminderStateId(key);
        expect(id).toBe(reminderStateId(key));
        expect(id).toMatch(/^rs-[0-9a-f]{32}$/);
        expect(ZId.safeParse(id).success).toBe(true);
      }),
    );
    const keys = Array.from(
      { length: 5000 },
      (_, i) => `expiry|doc-${i}|2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
    );
    expect(new Set(keys.map(reminderStateId)).size).toBe(keys.length);
    expect(reminderStateId("missing|resident|r1|t1")).not.toBe(reminderStateId("missing|resident|r1|t2"));
  });
});
