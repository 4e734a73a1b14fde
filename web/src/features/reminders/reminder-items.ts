/**
 * The Reminders page's rows: derived reminders (from the insights port) and manual ones (stored
 * records) made into the same row shape, with the words each row and group shows (kind, "3 days
 * overdue", "7 missing documents") and where its Open button leads. Pure, so the page and its tests
 * agree on every rule.
 */
import type { TRecordOf } from "@care/core/registry";
import type {
  TDerivedLinkType,
  TDerivedReminder,
  TDerivedReminderKind,
  TReminderGroupSummary,
} from "@care/core/ports/insights.port";
import { reminderStateRefusal } from "@care/core/collections/reminders.collection";
import type { TPermissions } from "@care/core/collections/roles.collection";
import { addDays, daysBetween } from "@care/core/rules/date-only.rules";
import { DERIVED_KIND_WORDS, nextDueDate } from "@care/core/rules/reminders.rules";

export type TManualReminder = TRecordOf<"reminders">;

export const REMINDER_KINDS = [
  "missing",
  "expiring",
  "expired",
  "reappraisal",
  "rent",
  "training",
  "clearance",
  "rota",
  "referral",
  "report",
  "fee",
  "manual",
] as const;
export type TReminderKind = (typeof REMINDER_KINDS)[number];

export const KIND_LABELS: Record<TReminderKind, string> = {
  missing: "Missing document",
  expiring: "Expiring",
  expired: "Expired",
  reappraisal: "Reappraisal",
  rent: "Rent",
  training: "Training",
  clearance: "Live Scan",
  rota: "Rota",
  referral: "Referral follow-up",
  report: "Agency report",
  fee: "Referral fee",
  manual: "Manual",
};

export const DERIVED_KINDS: Record<TDerivedReminderKind, TReminderKind> = {
  "document-missing": "missing",
  "document-expiring": "expiring",
  "document-expired": "expired",
  "reappraisal-due": "reappraisal",
  "rent-overdue": "rent",
  "training-short": "training",
  "clearance-pending": "clearance",
  "rota-issues": "rota",
  "referral-follow-up": "referral",
  "referral-report": "report",
  "referral-fee-unpaid": "fee",
};

/** Open (to do); snoozed; waived (a derived reminder's requirement); done (a manual reminder). */
export type TReminderState = "open" | "snoozed" | "waived" | "done";

/** One row of the list, whichever kind it is. */
export interface TReminderItem {
  /** Unique across both sources: `derived:<key>` or `manual:<id>`. */
  rowId: string;
  kind: TReminderKind;
  title: string;
  detail?: string;
  dueDate: string;
  /** A rota reminder's week (its Monday). */
  week?: string;
  /** A document's last valid day. */
  expiryDate?: string;
  facilityId: string;
  link?: { type: TDerivedLinkType; id: string };
  state: TReminderState;
  snoozedUntil?: string;
  /** Why a derived reminder's requirement is waived. */
  waiverReason?: string;
  source: { type: "derived"; reminder: TDerivedReminder } | { type: "manual"; record: TManualReminder };
}

/** A snooze that has run out (snoozed until today or earlier) counts as open again. */
function effectiveState(state: TReminderState, snoozedUntil: string | undefined, today: string): TReminderState {
  if (state === "snoozed" && (!snoozedUntil || snoozedUntil <= today)) return "open";
  return state;
}

export function fromDerived(reminder: TDerivedReminder, today: string): TReminderItem {
  return {
    rowId: `derived:${reminder.key}`,
    kind: DERIVED_KINDS[reminder.kind],
    title: reminder.title,
    ...(reminder.detail ? { detail: reminder.detail } : {}),
    dueDate: reminder.dueDate,
    ...(reminder.expiryDate ? { expiryDate: reminder.expiryDate } : {}),
    ...(reminder.weekStart ? { week: reminder.weekStart } : {}),
    facilityId: reminder.facilityId,
    link: reminder.link,
    state: effectiveState(reminder.state, reminder.snoozedUntil, today),
    ...(reminder.snoozedUntil ? { snoozedUntil: reminder.snoozedUntil } : {}),
    ...(reminder.waiverReason ? { waiverReason: reminder.waiverReason } : {}),
    source: { type: "derived", reminder },
  };
}

export function fromManual(record: TManualReminder, today: string): TReminderItem {
  const state: TReminderState = record.status === "done" ? "done" : record.snoozedUntil ? "snoozed" : "open";
  return {
    rowId: `manual:${record.id}`,
    kind: "manual",
    title: record.title,
    ...(record.notes ? { detail: record.notes } : {}),
    dueDate: record.dueDate,
    facilityId: record.facilityId,
    ...(record.linkType && record.linkId ? { link: { type: record.linkType, id: record.linkId } } : {}),
    state: effectiveState(state, record.snoozedUntil, today),
    ...(record.snoozedUntil ? { snoozedUntil: record.snoozedUntil } : {}),
    source: { type: "manual", record },
  };
}

/**
 * May this user snooze the row, or undo its snooze or waiver? A manual reminder: anyone signed in. A
 * derived one: only who every backend lets mark it (`reminderStateRefusal`: write on the area the
 * reminder is about, a key of the row's own home; a waiver documents write too), so nobody is offered a
 * button that is then refused.
 */
export function maySnooze(user: { permissions: TPermissions } | null | undefined, item: TReminderItem): boolean {
  if (item.source.type === "manual") return true;
  if (!user) return false;
  const { reminder } = item.source;
  const waived = item.state === "waived" && reminder.waiverKey !== undefined;
  const fields = waived
    ? { facilityId: item.facilityId, key: reminder.waiverKey, state: "waived" }
    : { facilityId: item.facilityId, key: reminder.key, state: "snoozed" };
  return reminderStateRefusal(user, fields) === null;
}

/** May this user waive the row's document requirement (its `waiverKey`, documents write as well)? */
export function mayWaive(user: { permissions: TPermissions } | null | undefined, item: TReminderItem): boolean {
  if (!user || item.source.type !== "derived") return false;
  const key = item.source.reminder.waiverKey;
  if (key === undefined) return false;
  return reminderStateRefusal(user, { facilityId: item.facilityId, key, state: "waived" }) === null;
}

/** "3 days overdue", "Due today", "Due tomorrow", "In 5 days". */
export function dueText(dueDate: string, today: string): string {
  const days = daysBetween(today, dueDate);
  if (days < 0) return `${-days} day${days === -1 ? "" : "s"} overdue`;
  if (days === 0) return "Due today";
  if (days === 1) return "Due tomorrow";
  return `In ${days} days`;
}

/** Where Open leads: the record's documents for document reminders, the rent page for rent. */
export function linkPath(item: Pick<TReminderItem, "kind" | "link" | "week">): string | undefined {
  const link = item.link;
  if (!link) return undefined;
  // A home's rota: the schedules page at that home and week.
  if (item.kind === "rota" && item.week) return `/staff/schedules?week=${item.week}&home=${link.id}`;
  switch (link.type) {
    case "resident":
      if (item.kind === "rent") return `/residents/${link.id}/rent`;
      if (item.kind === "manual") return `/residents/${link.id}`;
      return `/residents/${link.id}/documents`;
    case "staff":
      return `/staff/${link.id}`;
    case "facility":
      return `/facilities/${link.id}`;
    case "referral":
      return `/referral-agents/logs/${link.id}`;
  }
}

export interface TReminderFilters {
  kind: TReminderKind | "";
  search: string;
}

/** Rows of the chosen kind whose title (or detail) contains the search text, case-insensitively. */
export function filterItems(items: readonly TReminderItem[], filters: TReminderFilters): TReminderItem[] {
  const needle = filters.search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (!filters.kind || item.kind === filters.kind) &&
      (!needle || item.title.toLowerCase().includes(needle) || (item.detail?.toLowerCase().includes(needle) ?? false)),
  );
}

/**
 * What a group holds, in words: "7 missing documents, 1 rent past due" (kinds in the order of the
 * page's Kind filter).
 */
export function groupContents(kinds: TReminderGroupSummary["kinds"]): string {
  return (Object.keys(DERIVED_KIND_WORDS) as TDerivedReminderKind[])
    .flatMap((kind) => {
      const n = kinds[kind] ?? 0;
      return n > 0 ? [`${n} ${n === 1 ? DERIVED_KIND_WORDS[kind].one : DERIVED_KIND_WORDS[kind].many}`] : [];
    })
    .join(", ");
}

/**
 * A repeating manual reminder marked done moves to its next occurrence after today (a weekly one done
 * three weeks late does not come back as still overdue); the first occurrence after its due date when
 * done early.
 */
export function nextOccurrence(record: Pick<TManualReminder, "dueDate" | "repeat">, today: string): string {
  let next = nextDueDate(record.dueDate, record.repeat);
  if (next === null) return record.dueDate;
  // At most a few hundred steps: a weekly reminder ten years overdue.
  for (let i = 0; next <= today && i < 1000; i++) next = nextDueDate(next, record.repeat) ?? next;
  return next;
}

/** The default snooze: a week from today. */
export function defaultSnoozeDate(today: string): string {
  return addDays(today, 7);
}
