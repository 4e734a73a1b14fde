/**
 * Reminders as pure functions: the derived reminders (missing, expiring and expired documents,
 * reappraisals due, rent past due, staff training short, Live Scan clearances pending, next week's rotas
 * with errors or coverage gaps) computed from the data — a document still valid is to renew, not
 * overdue, and a clearance recorded on the staff form settles its paper's "missing" reminder — their snoozes and waivers applied by key,
 * their grouping by person, home or kind with counts and pages, and the next due date of a repeating
 * manual reminder. Shared by the reminders page, the navigation count and the server.
 */
import type { TReminder } from "../collections/reminders.collection.ts";
import type {
  TDerivedReminder,
  TDerivedReminderKind,
  TReminderGroupSummary,
  TReminderGrouping,
  TRemindersAnswer,
  TRemindersQuery,
} from "../ports/insights.port.ts";
import {
  applicableTypesLookup,
  clearanceRecorded,
  currentDocument,
  documentExpiry,
  documentTypeLabel,
  expiryStatus,
  missingKey,
  settledByRecordedClearance,
  type TComplianceSubject,
  type TDocumentLike,
  type TDocumentTypeLike,
} from "./compliance.rules.ts";
import { addDays, addMonths, minDate } from "./date-only.rules.ts";
import { formatCents } from "./rent.rules.ts";
import { staffReminders, type TStaffRemindersInput } from "./training.rules.ts";
import { referralReminders, type TReferralRemindersInput } from "./referral-deadlines.rules.ts";
import type { TScheduleIssue } from "./schedule.rules.ts";
import { sha256Hex } from "../sha256.ts";

export { localToday } from "./date-only.rules.ts";
export { missingKey } from "./compliance.rules.ts";

/** A resident's rent account as the rules need it, with the resident's display name. */
export interface TRentDueLike {
  residentId: string;
  facilityId: string;
  residentName: string;
  balanceCents: number;
  oldestUnpaidDueDate: string | null;
}

/** A stored snooze or waiver (a `reminderStates` record fits). */
export interface TReminderStateLike {
  id: string;
  version: number;
  /** The home that settled the reminder: a state applies only to that home's reminder. */
  facilityId: string;
  key: string;
  state: "snoozed" | "waived";
  snoozedUntil?: string | undefined;
  reason?: string | undefined;
}

/**
 * The waived requirements among stored states, reason by `<facilityId>|<missingKey>` (compliance counts
 * them as met): a waiver recorded by one home never settles another home's requirement.
 */
export function waiversOf(
  states: readonly Pick<TReminderStateLike, "facilityId" | "key" | "state" | "reason">[],
): Map<string, string> {
  return new Map(
    states.flatMap((s) => (s.state === "waived" ? [[`${s.facilityId}|${s.key}`, s.reason ?? ""] as const] : [])),
  );
}

export interface TDeriveRemindersInput {
  today: string;
  /** The residents, staff and facilities whose paperwork counts (see compliance.rules' *Counts). */
  subjects: readonly TComplianceSubject[];
  types: readonly TDocumentTypeLike[];
  /** Their documents (others, and those filed at another home than their subject's, are ignored). */
  documents: readonly TDocumentLike[];
  rentAccounts: readonly TRentDueLike[];
  states: readonly TReminderStateLike[];
  /** Training short and Live Scan clearances (absent: none, e.g. a role without staff). */
  staff?: Omit<TStaffRemindersInput, "today">;
  /** Next week's rota of each home that has one, with its errors and coverage gaps. */
  rotas?: readonly TRotaWeek[];
  /** Referral follow-ups, reports to agencies and unpaid invoices (absent: a role without referrals). */
  referrals?: Omit<TReferralRemindersInput, "today">;
}

/** A home's coming week of shifts and what its checks found (`checkWeek`). */
export interface TRotaWeek {
  facilityId: string;
  facilityName: string;
  weekStart: string;
  issues: readonly Pick<TScheduleIssue, "severity" | "code" | "staffId">[];
}

/** The key of a home's rota reminder: each week is its own occurrence. */
export function rotaKey(facilityId: string, weekStart: string): string {
  return `rota|${facilityId}|${weekStart}`;
}

/**
 * One reminder per home whose coming week has errors or coverage gaps, for its manager, due the Thursday
 * before the week starts.
 */
function rotaReminders(rotas: readonly TRotaWeek[]): Omit<TDerivedReminder, "state">[] {
  return rotas.flatMap((rota) => {
    // One error per kind and person (a person without a clearance on five shifts is one thing to fix).
    const errors = new Set(rota.issues.filter((i) => i.severity === "error").map((i) => `${i.code}|${i.staffId ?? ""}`))
      .size;
    // A shift not counted for want of a clearance is that error again, not a gap of its own.
    const gaps = rota.issues.filter((i) => i.severity === "coverage" && i.code !== "not-counted").length;
    if (errors + gaps === 0) return [];
    const parts = [
      ...(errors > 0 ? [`${errors} error${errors === 1 ? "" : "s"}`] : []),
      ...(gaps > 0 ? [`${gaps} coverage gap${gaps === 1 ? "" : "s"}`] : []),
    ];
    return [
      {
        key: rotaKey(rota.facilityId, rota.weekStart),
        kind: "rota-issues" as const,
        title: `Rota of the week of ${rota.weekStart}: ${parts.join(", ")} — ${rota.facilityName}`,
        detail: "Double bookings, clearances or hours without the staff the rules ask for",
        dueDate: addDays(rota.weekStart, -4),
        facilityId: rota.facilityId,
        name: rota.facilityName,
        link: { type: "facility" as const, id: rota.facilityId },
        weekStart: rota.weekStart,
      },
    ];
  });
}

/**
 * Is a reminder overdue today: its due date passed — except a document that is still valid, which is
 * due for renewal ("Renew by …, expires …"), not overdue, until its expiry date has passed.
 */
export function isOverdue(reminder: Pick<TDerivedReminder, "dueDate" | "expiryDate">, today: string): boolean {
  if (reminder.expiryDate !== undefined && reminder.expiryDate >= today) return false;
  return reminder.dueDate < today;
}

/** The key of an expiring/expired document's reminder: a new document or expiry is a new occurrence. */
export function expiryKey(documentId: string, expiryDate: string): string {
  return `expiry|${documentId}|${expiryDate}`;
}

/** The key of a resident's rent past due: a new oldest unpaid charge is a new occurrence. */
export function rentKey(residentId: string, oldestUnpaidDueDate: string): string {
  return `rent|${residentId}|${oldestUnpaidDueDate}`;
}

/**
 * Every derived reminder with its state applied, by key and only a state of the reminder's own home: a
 * requirement waived → every reminder of it waived; snoozed until after today → snoozed; otherwise open
 * (a snooze that has run out opens again). A document's reminder is due when action is due: its expiry
 * minus the type's lead time. Soonest first.
 */
export function deriveReminders(input: TDeriveRemindersInput): TDerivedReminder[] {
  const { today } = input;
  const out: Omit<TDerivedReminder, "state">[] = [];
  const docsBySubject = new Map<string, TDocumentLike[]>();
  for (const d of input.documents) {
    const k = `${d.subject}|${d.subjectId}|${d.facilityId}`;
    const list = docsBySubject.get(k);
    if (list) list.push(d);
    else docsBySubject.set(k, [d]);
  }
  const applicable = applicableTypesLookup(input.types);
  const cleared = new Set(
    (input.staff?.staff ?? []).filter((s) => clearanceRecorded(s.clearanceStatus)).map((s) => s.id),
  );
  for (const subject of input.subjects) {
    // Reminders belong to a home; an agent's papers are shown on the Agent List instead.
    const { facilityId } = subject;
    if (subject.subject === "agent" || facilityId === null) continue;
    const docs = docsBySubject.get(`${subject.subject}|${subject.id}|${facilityId}`) ?? [];
    const link = { type: subject.subject, id: subject.id };
    for (const type of applicable(subject.subject, subject.facilityId)) {
      if (!type.required) continue;
      // The clearance recorded on the staff form settles the clearance paper's "missing" reminder, as
      // it settles the checklist's requirement (the same core rule).
      if (settledByRecordedClearance({ clearanceRecorded: cleared.has(subject.id) }, type.id)) continue;
      const label = documentTypeLabel(type);
      const waiverKey = missingKey(subject.subject, subject.id, type.id);
      const doc = currentDocument(docs, subject.id, type.id);
      if (!doc) {
        out.push({
          key: waiverKey,
          kind: "document-missing",
          title: `${label} missing — ${subject.name}`,
          dueDate: subject.startDate ? minDate(subject.startDate, today) : today,
          facilityId,
          name: subject.name,
          link,
          waiverKey,
        });
        continue;
      }
      const expiry = documentExpiry(type, doc);
      const status = expiryStatus(true, expiry, type.leadTimeDays, today);
      if (!expiry || (status !== "expiring" && status !== "expired")) continue;
      const kind: TDerivedReminderKind = type.reappraisal
        ? "reappraisal-due"
        : status === "expired"
          ? "document-expired"
          : "document-expiring";
      const title =
        kind === "reappraisal-due"
          ? `Reappraisal due: ${label} — ${subject.name}`
          : `${label} ${status === "expired" ? "expired" : "expiring"} — ${subject.name}`;
      const dueDate = addDays(expiry, -type.leadTimeDays);
      out.push({
        key: expiryKey(doc.id, expiry),
        kind,
        title,
        // Still valid: when to renew and when it lapses, never "overdue" (see isOverdue).
        detail: status === "expired" ? `Expired after ${expiry}` : `Renew by ${dueDate}, expires ${expiry}`,
        dueDate,
        expiryDate: expiry,
        facilityId,
        name: subject.name,
        link,
        waiverKey,
      });
    }
  }
  for (const account of input.rentAccounts) {
    const due = account.oldestUnpaidDueDate;
    if (account.balanceCents <= 0 || !due || due >= today) continue;
    out.push({
      key: rentKey(account.residentId, due),
      kind: "rent-overdue",
      title: `Rent past due: ${formatCents(account.balanceCents)} — ${account.residentName}`,
      detail: `Unpaid since ${due}`,
      dueDate: due,
      facilityId: account.facilityId,
      name: account.residentName,
      link: { type: "resident", id: account.residentId },
    });
  }
  if (input.staff) out.push(...staffReminders({ ...input.staff, today }));
  if (input.rotas) out.push(...rotaReminders(input.rotas));
  if (input.referrals) out.push(...referralReminders({ ...input.referrals, today }));
  const states = new Map(input.states.map((s) => [`${s.facilityId}|${s.key}`, s]));
  return out
    .map((r): TDerivedReminder => {
      const waiver = r.waiverKey === undefined ? undefined : states.get(`${r.facilityId}|${r.waiverKey}`);
      if (waiver?.state === "waived")
        return {
          ...r,
          state: "waived",
          waiverReason: waiver.reason ?? "",
          stateRecord: { id: waiver.id, version: waiver.version },
        };
      const s = states.get(`${r.facilityId}|${r.key}`);
      if (!s || s.state !== "snoozed") return { ...r, state: "open" };
      const stateRecord = { id: s.id, version: s.version };
      if (s.snoozedUntil && s.snoozedUntil > today)
        return { ...r, state: "snoozed", snoozedUntil: s.snoozedUntil, stateRecord };
      return { ...r, state: "open", stateRecord };
    })
    .sort(compareReminders);
}

function compareReminders(a: TDerivedReminder, b: TDerivedReminder): number {
  if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** What a kind's group is called, and its words with a count ("7 missing documents"). */
export const DERIVED_KIND_WORDS: Record<TDerivedReminderKind, { group: string; one: string; many: string }> = {
  "document-missing": { group: "Missing documents", one: "missing document", many: "missing documents" },
  "document-expiring": { group: "Expiring documents", one: "expiring document", many: "expiring documents" },
  "document-expired": { group: "Expired documents", one: "expired document", many: "expired documents" },
  "reappraisal-due": { group: "Reappraisals due", one: "reappraisal due", many: "reappraisals due" },
  "rent-overdue": { group: "Rent past due", one: "rent past due", many: "rents past due" },
  "training-short": { group: "Training hours short", one: "training short", many: "trainings short" },
  "clearance-pending": { group: "Live Scan clearances", one: "Live Scan pending", many: "Live Scans pending" },
  "rota-issues": { group: "Next week's rotas", one: "rota to fix", many: "rotas to fix" },
  "referral-follow-up": { group: "Referral follow-ups", one: "follow-up", many: "follow-ups" },
  "referral-report": { group: "Reports to agencies", one: "report to an agency", many: "reports to agencies" },
  "referral-fee-unpaid": { group: "Referral invoices unpaid", one: "invoice unpaid", many: "invoices unpaid" },
};

/** The group a reminder belongs to under a grouping (see `TReminderGroupSummary.id`). */
export function reminderGroupId(reminder: TDerivedReminder, groupBy: TReminderGrouping): string {
  if (groupBy === "person") return `${reminder.link.type}|${reminder.link.id}`;
  if (groupBy === "home") return reminder.facilityId;
  return reminder.kind;
}

/** A reminder's view: open ones are to do; snoozed and waived ones are settled. */
export function reminderView(reminder: Pick<TDerivedReminder, "state">): "open" | "settled" {
  return reminder.state === "open" ? "open" : "settled";
}

/**
 * The answer to a reminders query from every derived reminder (soonest first, as `deriveReminders`
 * gives them): the ones of the view, kind and search, grouped with counts — the groups with the oldest
 * due date first (what to act on first), then the larger, then by name — and the page of items asked
 * for. Asked for one group's items, only that group's summary comes with them. `facilityName` names the
 * homes of "home" groups.
 */
export function answerReminders(
  all: readonly TDerivedReminder[],
  query: TRemindersQuery,
  facilityName: (facilityId: string) => string,
): TRemindersAnswer {
  const groupBy = query.groupBy ?? "person";
  const view = query.view ?? "open";
  const needle = query.search?.trim().toLowerCase() ?? "";
  const matching = all.filter(
    (r) =>
      reminderView(r) === view &&
      (!query.kind || r.kind === query.kind) &&
      (!needle ||
        r.title.toLowerCase().includes(needle) ||
        r.name.toLowerCase().includes(needle) ||
        (r.detail?.toLowerCase().includes(needle) ?? false)),
  );
  const groups = new Map<string, TReminderGroupSummary>();
  let due = 0;
  for (const r of matching) {
    if (r.dueDate <= query.today) due += 1;
    const id = reminderGroupId(r, groupBy);
    let group = groups.get(id);
    if (!group) {
      group = {
        id,
        label:
          groupBy === "person"
            ? r.name
            : groupBy === "home"
              ? facilityName(r.facilityId)
              : DERIVED_KIND_WORDS[r.kind].group,
        ...(groupBy !== "kind" ? { facilityId: r.facilityId } : {}),
        ...(groupBy === "person" ? { link: r.link } : {}),
        count: 0,
        overdue: 0,
        firstDueDate: r.dueDate,
        kinds: {},
      };
      groups.set(id, group);
    }
    group.count += 1;
    if (isOverdue(r, query.today)) group.overdue += 1;
    if (r.dueDate < group.firstDueDate) group.firstDueDate = r.dueDate;
    group.kinds[r.kind] = (group.kinds[r.kind] ?? 0) + 1;
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      (a.firstDueDate < b.firstDueDate ? -1 : a.firstDueDate > b.firstDueDate ? 1 : 0) ||
      b.count - a.count ||
      a.label.localeCompare(b.label) ||
      (a.id < b.id ? -1 : 1),
  );
  // Whose items: the asked group's, else the first group's when asked so, else every group's.
  const itemsGroup = query.group ?? (query.itemsOf === "first-group" ? (sorted[0]?.id ?? "") : undefined);
  const inGroup =
    itemsGroup === undefined ? matching : matching.filter((r) => reminderGroupId(r, groupBy) === itemsGroup);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 0;
  const items = limit > 0 ? inGroup.slice(offset, offset + limit) : [];
  return {
    today: query.today,
    total: matching.length,
    due,
    // A group's page answers that group's summary only: the list of groups is the first load's.
    groups: query.group === undefined ? sorted : sorted.filter((g) => g.id === query.group),
    items,
    nextOffset: limit > 0 && offset + limit < inGroup.length ? offset + limit : null,
  };
}

/**
 * The next due date of a repeating manual reminder: a week, a month or a year later, month ends
 * clamped (Jan 31 + 1 month = Feb 28 or 29; Feb 29 + 1 year = Feb 28). `null` for one that does not repeat.
 */
export function nextDueDate(dueDate: string, repeat: TReminder["repeat"]): string | null {
  switch (repeat) {
    case "none":
      return null;
    case "weekly":
      return addDays(dueDate, 7);
    case "monthly":
      return addMonths(dueDate, 1);
    case "yearly":
      return addMonths(dueDate, 12);
  }
}

/**
 * The `reminderStates` id of a home's derived reminder: the SHA-256 of `<facilityId>|<key>` in lowercase
 * hex (64 characters, a valid record id), the same on every backend and in the browser, so two clicks
 * on the same reminder make one state. Firestore's rules compute the same hash (`hashing.sha256`), so
 * a state is created only under its own id and a home never holds an id of another home's state.
 */
export function reminderStateId(facilityId: string, key: string): string {
  return sha256Hex(`${facilityId}|${key}`);
}
