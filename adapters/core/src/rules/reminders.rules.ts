/**
 * Reminders as pure functions: the derived reminders (missing, expiring and expired documents,
 * reappraisals due, rent past due) computed from the data, their done/snoozed states applied by key,
 * the Overdue / Today / This week / Later grouping and the next due date of a repeating manual
 * reminder. Shared by the reminders page, the navigation count and the server.
 */
import type { TReminder } from "../collections/reminders.collection.ts";
import type { TDerivedReminder, TDerivedReminderKind } from "../ports/insights.port.ts";
import {
  applicableTypesLookup,
  currentDocument,
  documentExpiry,
  documentTypeLabel,
  expiryStatus,
  type TComplianceSubject,
  type TDocumentLike,
  type TDocumentTypeLike,
} from "./compliance.rules.ts";
import { addDays, addMonths, minDate } from "./date-only.rules.ts";
import { formatCents } from "./rent.rules.ts";

export { localToday } from "./date-only.rules.ts";

/** A resident's rent account as the rules need it, with the resident's display name. */
export interface TRentDueLike {
  residentId: string;
  facilityId: string;
  residentName: string;
  balanceCents: number;
  oldestUnpaidDueDate: string | null;
}

/** A stored done/snoozed state (a `reminderStates` record fits). */
export interface TReminderStateLike {
  id: string;
  version: number;
  /** The home that settled the reminder: a state applies only to that home's reminder. */
  facilityId: string;
  key: string;
  state: "done" | "snoozed";
  snoozedUntil?: string | undefined;
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
}

/** The key of a missing document's reminder: one per subject and type. */
export function missingKey(subject: string, subjectId: string, typeId: string): string {
  return `missing|${subject}|${subjectId}|${typeId}`;
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
 * Every derived reminder with its state applied by key (a state of the reminder's own home): done → done; snoozed until after today →
 * snoozed; otherwise open (a snooze that has run out opens again). Soonest first.
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
  for (const subject of input.subjects) {
    const docs = docsBySubject.get(`${subject.subject}|${subject.id}|${subject.facilityId}`) ?? [];
    const link = { type: subject.subject, id: subject.id };
    for (const type of applicable(subject.subject, subject.facilityId)) {
      if (!type.required) continue;
      const label = documentTypeLabel(type);
      const doc = currentDocument(docs, subject.id, type.id);
      if (!doc) {
        out.push({
          key: missingKey(subject.subject, subject.id, type.id),
          kind: "document-missing",
          title: `${label} missing — ${subject.name}`,
          dueDate: subject.startDate ? minDate(subject.startDate, today) : today,
          facilityId: subject.facilityId,
          link,
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
      out.push({
        key: expiryKey(doc.id, expiry),
        kind,
        title,
        detail: status === "expired" ? `Expired after ${expiry}` : `Valid through ${expiry}`,
        dueDate: expiry,
        facilityId: subject.facilityId,
        link,
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
      link: { type: "resident", id: account.residentId },
    });
  }
  const states = new Map(input.states.map((s) => [`${s.facilityId}|${s.key}`, s]));
  return out
    .map((r): TDerivedReminder => {
      const s = states.get(`${r.facilityId}|${r.key}`);
      if (!s) return { ...r, state: "open" };
      const stateRecord = { id: s.id, version: s.version };
      if (s.state === "done") return { ...r, state: "done", stateRecord };
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

export type TReminderGroupId = "overdue" | "today" | "week" | "later";

export interface TReminderGroup<T> {
  id: TReminderGroupId;
  label: string;
  items: T[];
}

/**
 * Splits reminders by due date into Overdue (before today), Today, This week (the next 7 days) and
 * Later; all four groups, in that order, each keeping the input's order. Every item lands in one group.
 */
export function groupReminders<T extends { dueDate: string }>(items: readonly T[], today: string): TReminderGroup<T>[] {
  const weekEnd = addDays(today, 7);
  const groups: TReminderGroup<T>[] = [
    { id: "overdue", label: "Overdue", items: [] },
    { id: "today", label: "Today", items: [] },
    { id: "week", label: "This week", items: [] },
    { id: "later", label: "Later", items: [] },
  ];
  for (const item of items) {
    const index = item.dueDate < today ? 0 : item.dueDate === today ? 1 : item.dueDate <= weekEnd ? 2 : 3;
    groups[index]!.items.push(item);
  }
  return groups;
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
 * The `reminderStates` id of a derived reminder's key: `rs-` and a 128-bit hash in hex (35 characters,
 * [A-Za-z0-9_-]), the same on every backend and in the browser (pure JS, no crypto module), so two
 * clicks on the same reminder make one state.
 */
export function reminderStateId(key: string): string {
  const bytes = new TextEncoder().encode(key);
  // cyrb128-style mixing over the UTF-8 bytes: four 32-bit lanes.
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (const k of bytes) {
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
  return `rs-${hex(h1)}${hex(h2)}${hex(h3)}${hex(h4)}`;
}
