import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZId } from "../common.schema.ts";
import { documentExpiry, type TComplianceSubject } from "./compliance.rules.ts";
import { addDays, addMonths } from "./date-only.rules.ts";
import { arbDate, document as doc, documentType as type } from "./compliance.test-support.ts";
import type { TDerivedReminder, TDerivedReminderKind } from "../ports/insights.port.ts";
import { CLEARANCE_DOCUMENT_TYPE_ID } from "../collections/rcfe-document-types.ts";
import type { TClearanceStatus } from "../collections/staff.collection.ts";
import {
  answerReminders,
  deriveReminders,
  isOverdue,
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
      name: "Garcia, Ana",
      link: { type: "resident", id: "r1" },
      waiverKey: "missing|resident|r1|t-602a",
      state: "open",
    });
    // An admission in the future (or none) is due today.
    const later = deriveReminders(input({ types: [type()], subjects: [{ ...ana, startDate: "2026-03-01" }] }));
    expect(later[0]!.dueDate).toBe("2026-02-20");
  });

  it("reminds of expiring and expired documents when action is due (expiry − lead time), showing the expiry", () => {
    const types = [type(), type({ id: "t-603", name: "Appraisal", formCode: "LIC 603", reappraisal: true })];
    const documents = [doc(), doc({ id: "d2", typeId: "t-603", issueDate: "2025-01-01" })];
    const out = deriveReminders(input({ types, documents }));
    expect(out.map((r) => [r.key, r.kind, r.title, r.dueDate, r.expiryDate, r.detail])).toEqual([
      [
        "expiry|d2|2026-01-01",
        "reappraisal-due",
        "Reappraisal due: LIC 603 Appraisal — Garcia, Ana",
        "2025-12-02",
        "2026-01-01",
        "Expired after 2026-01-01",
      ],
      [
        "expiry|d1|2026-03-10",
        "document-expiring",
        "LIC 602A Physician's Report expiring — Garcia, Ana",
        "2026-02-08",
        "2026-03-10",
        "Renew by 2026-02-08, expires 2026-03-10",
      ],
    ]);
    const expired = deriveReminders(input({ types: [type()], documents: [doc()], today: "2026-03-11" }));
    expect(expired[0]!.kind).toBe("document-expired");
    // Far from expiry: nothing.
    expect(deriveReminders(input({ types: [type()], documents: [doc()], today: "2025-06-01" }))).toEqual([]);
  });

  it("calls a still-valid document due for renewal, never overdue, until its expiry has passed", () => {
    // A card valid to 2026-03-10 with a 30-day lead time was due 2026-02-08: 12 days ago, yet still valid.
    const [card] = deriveReminders(input({ types: [type()], documents: [doc()] }));
    expect(card!.detail).toBe("Renew by 2026-02-08, expires 2026-03-10");
    expect(isOverdue(card!, "2026-02-20")).toBe(false);
    expect(isOverdue(card!, "2026-03-10")).toBe(false);
    expect(isOverdue(card!, "2026-03-11")).toBe(true);
    // Groups count it as due, not overdue.
    const answer = answerReminders([card!], { today: "2026-02-20", limit: 10 }, () => "Tull");
    expect(answer.groups[0]).toMatchObject({ count: 1, overdue: 0 });
    expect(answer.due).toBe(1);
    // Rent and missing papers keep being overdue from their due date.
    expect(isOverdue({ dueDate: "2026-02-01" }, "2026-02-20")).toBe(true);
  });

  it("drops the Live Scan paper's missing reminder once the clearance is recorded on the staff form", () => {
    const member: TComplianceSubject = { subject: "staff", id: "s1", facilityId: "tull", name: "Diaz, Eva" };
    const liveScan = type({ id: CLEARANCE_DOCUMENT_TYPE_ID, subject: "staff", name: "Criminal record clearance" });
    const staffInput = (clearanceStatus: TClearanceStatus) => ({
      staff: [{ id: "s1", facilityId: "tull", name: "Diaz, Eva", position: "caregiver" as const, clearanceStatus }],
      requirements: [],
      entries: [],
      clearanceReminderDays: 30,
    });
    const missing = (status: TClearanceStatus) =>
      deriveReminders(input({ subjects: [member], types: [liveScan], staff: staffInput(status) })).filter(
        (r) => r.kind === "document-missing",
      );
    expect(missing("submitted")).toHaveLength(1);
    expect(missing("cleared")).toEqual([]);
    expect(missing("exemption_granted")).toEqual([]);
  });

  it("reminds of rent past due with the amount, only once it is past due", () => {
    const out = deriveReminders(input({ rentAccounts: [rent(), rent({ residentId: "r2", balanceCents: 0 })] }));
    expect(out).toEqual([
      {
        key: "rent|r1|2026-02-01",
        kind: "rent-overdue",
        title: "Rent past due: $1,250.50 — Garcia, Ana",
        detail: "Unpaid since 2026-02-01",
        name: "Garcia, Ana",
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
      {
        id: "s9",
        version: 1,
        facilityId: "newman",
        key: "rent|r1|2026-02-01",
        state: "snoozed" as const,
        snoozedUntil: "2026-12-01",
      },
    ];
    const [reminder] = deriveReminders(input({ rentAccounts: [rent()], states: settledElsewhere }));
    expect(reminder).toMatchObject({ key: "rent|r1|2026-02-01", facilityId: "tull", state: "open" });
    expect(reminder?.stateRecord).toBeUndefined();
  });

  it("applies snoozes by key; a snooze that ran out opens again; a waiver ends every reminder of its requirement", () => {
    const rentAccounts = [
      rent(),
      rent({ residentId: "r2", oldestUnpaidDueDate: "2026-01-01" }),
      rent({ residentId: "r3" }),
    ];
    const states = [
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
      {
        id: "s4",
        version: 1,
        facilityId: "tull",
        key: "missing|resident|r1|t-602a",
        state: "waived" as const,
        reason: "Not applicable",
      },
    ];
    const out = deriveReminders(
      input({
        rentAccounts,
        states,
        types: [type(), type({ id: "t-603", formCode: "LIC 603", name: "Appraisal" })],
        documents: [doc()],
      }),
    );
    expect(out.map((r) => [r.key, r.state, r.snoozedUntil ?? r.waiverReason, r.stateRecord])).toEqual([
      ["missing|resident|r1|t-603", "open", undefined, undefined],
      ["rent|r2|2026-01-01", "snoozed", "2026-03-01", { id: "s2", version: 2 }],
      ["rent|r1|2026-02-01", "open", undefined, undefined],
      ["rent|r3|2026-02-01", "open", undefined, { id: "s3", version: 1 }],
      // The 602A is expiring, but its requirement is waived.
      ["expiry|d1|2026-03-10", "waived", "Not applicable", { id: "s4", version: 1 }],
    ]);
  });

  it("lead time: a document's reminder appears exactly when action is due (expiry − lead time ≤ today), dated then", () => {
    fc.assert(
      fc.property(
        arbDate,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: -400, max: 400 }),
        (issueDate, validityMonths, leadTimeDays, offset) => {
          const expiry = documentExpiry({ validityMonths }, { issueDate })!;
          const today = addDays(expiry, offset);
          const [r, ...rest] = deriveReminders(
            input({ today, types: [type({ validityMonths, leadTimeDays })], documents: [doc({ issueDate })] }),
          );
          expect(rest).toEqual([]);
          const actionDate = addDays(expiry, -leadTimeDays);
          if (actionDate > today) {
            expect(r).toBeUndefined();
            return;
          }
          expect(r).toMatchObject({
            dueDate: actionDate,
            expiryDate: expiry,
            kind: today > expiry ? "document-expired" : "document-expiring",
          });
          // Due when action is due: never later than today, so it is counted as due, never "Later".
          const answer = answerReminders([r!], { today }, (id) => id);
          expect(answer.due).toBe(1);
        },
      ),
    );
  });

  const arbInput = fc.record({
    today: arbDate,
    // Document ids are unique, as records' ids are (an expiry reminder is keyed by its document).
    docs: fc.uniqueArray(
      fc.record({
        id: fc.constantFrom("a", "b", "c", "d"),
        subjectId: fc.constantFrom("r1", "r2"),
        typeId: fc.constantFrom("t1", "t2"),
        issueDate: arbDate,
      }),
      { maxLength: 4, selector: (d) => d.id },
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

describe("answerReminders", () => {
  const KINDS: TDerivedReminderKind[] = ["document-missing", "document-expiring", "rent-overdue"];
  const arbReminders = fc.uniqueArray(
    fc.record({
      key: fc.string({ minLength: 1, maxLength: 6 }),
      kind: fc.constantFrom(...KINDS),
      dueDate: arbDate,
      person: fc.constantFrom("r1", "r2", "r3", "s1"),
      facilityId: fc.constantFrom("tull", "newman"),
      state: fc.constantFrom("open", "open", "snoozed", "waived") as fc.Arbitrary<TDerivedReminder["state"]>,
    }),
    { selector: (r) => r.key, maxLength: 40 },
  );
  const reminders = (
    rows: {
      key: string;
      kind: TDerivedReminderKind;
      dueDate: string;
      person: string;
      facilityId: string;
      state: TDerivedReminder["state"];
    }[],
  ): TDerivedReminder[] =>
    rows
      .map((r) => ({
        key: r.key,
        kind: r.kind,
        title: `${r.kind} ${r.person}`,
        dueDate: r.dueDate,
        facilityId: r.facilityId,
        name: `Name ${r.person}`,
        link: { type: r.person.startsWith("s") ? ("staff" as const) : ("resident" as const), id: r.person },
        state: r.state,
      }))
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.key < b.key ? -1 : 1));

  it("groups partition the view's reminders, counts add up, oldest due date first; pages walk a group in order", () => {
    fc.assert(
      fc.property(
        arbReminders,
        arbDate,
        fc.constantFrom("person", "home", "kind") as fc.Arbitrary<"person" | "home" | "kind">,
        fc.integer({ min: 1, max: 7 }),
        (rows, today, groupBy, limit) => {
          const all = reminders(rows);
          const open = all.filter((r) => r.state === "open");
          const answer = answerReminders(all, { today, groupBy }, (id) => `Home ${id}`);
          expect(answer.total).toBe(open.length);
          expect(answer.due).toBe(open.filter((r) => r.dueDate <= today).length);
          expect(answer.items).toEqual([]);
          expect(answer.groups.reduce((n, g) => n + g.count, 0)).toBe(open.length);
          for (let i = 1; i < answer.groups.length; i++)
            expect(answer.groups[i - 1]!.firstDueDate <= answer.groups[i]!.firstDueDate).toBe(true);
          for (const group of answer.groups) {
            const walked: TDerivedReminder[] = [];
            let offset: number | null = 0;
            while (offset !== null) {
              const page = answerReminders(
                all,
                { today, groupBy, group: group.id, offset, limit },
                (id) => `Home ${id}`,
              );
              walked.push(...page.items);
              expect(page.groups).toEqual([group]);
              offset = page.nextOffset;
            }
            expect(walked.length).toBe(group.count);
            expect(walked.filter((r) => r.dueDate < today).length).toBe(group.overdue);
            expect(walked[0]!.dueDate).toBe(group.firstDueDate);
            expect(Object.values(group.kinds).reduce((n, k) => n + k, 0)).toBe(group.count);
            expect(walked).toEqual(open.filter((r) => walked.includes(r)));
          }
          const settled = answerReminders(all, { today, groupBy, view: "settled" }, (id) => id);
          expect(settled.total).toBe(all.length - open.length);
        },
      ),
    );
  });

  it("names groups by person, home or kind and filters by kind and search", () => {
    const all = reminders([
      { key: "a", kind: "document-missing", dueDate: "2026-01-01", person: "r1", facilityId: "tull", state: "open" },
      { key: "b", kind: "document-missing", dueDate: "2026-02-01", person: "r1", facilityId: "tull", state: "open" },
      { key: "c", kind: "rent-overdue", dueDate: "2025-12-01", person: "r2", facilityId: "newman", state: "open" },
    ]);
    const today = "2026-01-15";
    const byPerson = answerReminders(all, { today }, (id) => id);
    expect(byPerson.groups.map((g) => [g.id, g.label, g.count, g.overdue, g.kinds])).toEqual([
      ["resident|r2", "Name r2", 1, 1, { "rent-overdue": 1 }],
      ["resident|r1", "Name r1", 2, 1, { "document-missing": 2 }],
    ]);
    const byHome = answerReminders(all, { today, groupBy: "home" }, (id) => `Home ${id}`);
    expect(byHome.groups.map((g) => g.label)).toEqual(["Home newman", "Home tull"]);
    const byKind = answerReminders(all, { today, groupBy: "kind" }, (id) => id);
    expect(byKind.groups.map((g) => g.label)).toEqual(["Rent past due", "Missing documents"]);
    expect(answerReminders(all, { today, kind: "rent-overdue" }, (id) => id).total).toBe(1);
    expect(answerReminders(all, { today, search: "NAME R1" }, (id) => id).total).toBe(2);
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
  it("is the SHA-256 of home and key: deterministic, a valid record id, different for different homes or keys", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: "grapheme" }), (key) => {
        const id = reminderStateId("tull", key);
        expect(id).toBe(reminderStateId("tull", key));
        expect(id).toBe(createHash("sha256").update(`tull|${key}`, "utf8").digest("hex"));
        expect(id).toMatch(/^[0-9a-f]{64}$/);
        expect(ZId.safeParse(id).success).toBe(true);
      }),
    );
    const keys = Array.from(
      { length: 5000 },
      (_, i) => `expiry|doc-${i}|2026-01-${String((i % 28) + 1).padStart(2, "0")}`,
    );
    expect(new Set(keys.map((key) => reminderStateId("tull", key))).size).toBe(keys.length);
    expect(reminderStateId("tull", "missing|resident|r1|t1")).not.toBe(
      reminderStateId("tull", "missing|resident|r1|t2"),
    );
    expect(reminderStateId("tull", "missing|resident|r1|t1")).not.toBe(
      reminderStateId("newman", "missing|resident|r1|t1"),
    );
  });
});
