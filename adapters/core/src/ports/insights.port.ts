import type { TRecordOf } from "../registry.ts";
import type { TBusyTime, TNightCensus, TRotaPerson, TScheduleIssue } from "../rules/schedule.rules.ts";
import type { TDocumentSubject } from "../collections/documents.collection.ts";
import type { TReminderLinkType } from "../collections/reminders.collection.ts";
import type { TReferralMatches, TReferralMatchesQuery } from "../rules/referral-matches.rules.ts";
import type { TReportKind, TReportOf } from "../reports/reports.ts";
import type { TReportQueryInput } from "../reports/report-query.schema.ts";
import type { TAgentStats, TAgentStatsQuery, TSourceStats, TSourceStatsQuery } from "../rules/referral-stats.rules.ts";

/** Where one person or facility stands on one required document type. */
export type TComplianceStatus = "complete" | "missing" | "expiring" | "expired";

export interface TRequirementStatus {
  typeId: string;
  typeName: string;
  formCode?: string;
  required: boolean;
  /** For an optional type without a document: "missing", but it never makes the subject incomplete. */
  status: TComplianceStatus;
  /** The current document of this type, if any. */
  documentId?: string;
  /** The current document's last valid day, if it expires. */
  expiryDate?: string;
  /** Set when the requirement is waived for this subject: the recorded reason (the status is then "complete"). */
  waiverReason?: string;
  /**
   * Set when a staff member's Live Scan clearance paper is missing but their form records the clearance
   * (cleared or exempted): the status is then "complete" (`settledByRecordedClearance`).
   */
  clearanceRecorded?: true;
}

/**
 * One resident's, staff member's or facility's compliance: the worst of their required types (an
 * agent's, computed in the web app from their documents, has a null facility).
 */
export interface TSubjectCompliance {
  subject: TDocumentSubject;
  subjectId: string;
  facilityId: string | null;
  /** Display name ("Last, First" for people, the facility's name). */
  name: string;
  status: TComplianceStatus;
  /** Required types in each state. */
  counts: Record<TComplianceStatus, number>;
  requirements: TRequirementStatus[];
}

export interface TComplianceQuery {
  /** One facility, or every facility the user may see when absent. */
  facilityId?: string;
  /** Only this kind of subject. */
  subject?: TDocumentSubject;
  /** Only these subjects (at most 100), e.g. the residents on a list page. */
  subjectIds?: string[];
  /** The viewer's calendar date, YYYY-MM-DD: expiry is by date, the same day everywhere. */
  today: string;
}

export interface TComplianceReport {
  today: string;
  subjects: TSubjectCompliance[];
}

export const DERIVED_REMINDER_KINDS = [
  "document-missing",
  "document-expiring",
  "document-expired",
  "reappraisal-due",
  "rent-overdue",
  "training-short",
  "clearance-pending",
  "rota-issues",
  "referral-follow-up",
  "referral-report",
  "referral-fee-unpaid",
] as const;
export type TDerivedReminderKind = (typeof DERIVED_REMINDER_KINDS)[number];

/** What a derived reminder is about: a person, a home, or a referral (its follow-up, report or fee). */
export type TDerivedLinkType = TReminderLinkType | "referral";

/**
 * A reminder computed from the data, with its snoozed/waived state (from `reminderStates`) applied. It
 * ends when the data changes (the document uploaded, the rent paid) or its requirement is waived; it is
 * never marked done by hand.
 */
export interface TDerivedReminder {
  /** Names this occurrence; its snooze (`reminderStates` record) is keyed by it. */
  key: string;
  kind: TDerivedReminderKind;
  title: string;
  detail?: string;
  /** When action is due: a document's expiry minus its type's lead time; admission for a missing one. */
  dueDate: string;
  /** The document's last valid day (expiring, expired, reappraisal). */
  expiryDate?: string;
  facilityId: string;
  /** Whom or what it is about: "Last, First" or the facility's name. */
  name: string;
  link: { type: TDerivedLinkType; id: string };
  /** A rota reminder: the Monday of the week it is about. */
  weekStart?: string;
  /** Document reminders: the requirement's key (`missingKey`), which a waiver is recorded under. */
  waiverKey?: string;
  state: "open" | "snoozed" | "waived";
  snoozedUntil?: string;
  /** The reason recorded with a waiver. */
  waiverReason?: string;
  /** The id and version of its `reminderStates` record (snooze or waiver), to undo it. */
  stateRecord?: { id: string; version: number };
}

export const REMINDER_GROUPINGS = ["person", "home", "kind"] as const;
/** Reminders grouped by whom they are about, by home or by kind. */
export type TReminderGrouping = (typeof REMINDER_GROUPINGS)[number];

export const REMINDER_VIEWS = ["open", "settled"] as const;
/** Open reminders (to do), or settled ones (snoozed or waived). */
export type TReminderView = (typeof REMINDER_VIEWS)[number];

/**
 * Whose items a reminders answer without `group` carries: every group's, soonest first, or only the
 * first group's (the one a page opens), so a page shows that group with the groups in one request.
 */
export const REMINDER_ITEMS_OF = ["every-group", "first-group"] as const;

export interface TRemindersQuery {
  /** One facility, or every facility the user may see when absent. */
  facilityId?: string;
  /** The viewer's calendar date, YYYY-MM-DD. */
  today: string;
  /** How to group (default "person"). */
  groupBy?: TReminderGrouping;
  /** Open (default) or settled reminders. */
  view?: TReminderView;
  /** Only this kind. */
  kind?: TDerivedReminderKind;
  /** Only reminders whose title, detail or name contains this text (any case). */
  search?: string;
  /** The items of this group only (a group's `id`); every group's when absent. */
  group?: string;
  /** Without `group`: the items of every group (default) or of the first group only. */
  itemsOf?: (typeof REMINDER_ITEMS_OF)[number];
  /** Items to skip (default 0). */
  offset?: number;
  /** Items to answer, soonest first (default 0: the groups only; at most 500). */
  limit?: number;
}

/** One group of reminders: whom, where or what, how many and how urgent. */
export interface TReminderGroupSummary {
  /** `resident|<id>`, `staff|<id>`, `facility|<id>` (by person), a facility id (by home) or a kind. */
  id: string;
  /** The person's or home's name, or the kind's words. */
  label: string;
  /** The home of a person's or a home's group. */
  facilityId?: string;
  /** The record a person's group is about. */
  link?: { type: TDerivedLinkType; id: string };
  count: number;
  /** Items due before today. */
  overdue: number;
  /** The earliest due date in the group. */
  firstDueDate: string;
  /** Items per kind. */
  kinds: Partial<Record<TDerivedReminderKind, number>>;
}

/** The derived reminders of a query: groups with counts (what to act on first, first) and one page of items. */
export interface TRemindersAnswer {
  today: string;
  /** Reminders matching the query (every group). */
  total: number;
  /** Of them, due today or earlier. */
  due: number;
  /** Every group; only the asked group's when the query names one. */
  groups: TReminderGroupSummary[];
  /** The page of items asked for (of `group`, or of every group), soonest first. */
  items: TDerivedReminder[];
  /** The offset of the next page, or null after the last. */
  nextOffset: number | null;
}

/** The numbers of one home for the Facilities list and page. */
export interface TFacilityStats {
  facilityId: string;
  /** Residents living there today (active, on leave, in hospital), in the home's time zone; null without residents read. */
  census: number | null;
  /** Residents admitted for a later day than the home's today; null without residents read. */
  plannedMoveIns: number | null;
  /** Staff of the home (home facility), not terminated; null without staff read. */
  staff: number | null;
  /**
   * The worst document status of the home and everyone in it (whom the role may see), and the required
   * documents per status; null without documents read.
   */
  compliance: { status: TComplianceStatus; counts: Record<TComplianceStatus, number> } | null;
}

/** A resident already recorded with the same name and date of birth (a possible duplicate admission). */
export interface TResidentMatch {
  id: string;
  facilityId: string;
  /** "Last, First (Preferred)". */
  name: string;
  status: string;
}

export interface TResidentMatchesQuery {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** The resident being edited, who does not match themselves. */
  excludeId?: string;
}

export interface TResidentMatches {
  /** Matches in homes the user may see. */
  matches: TResidentMatch[];
  /** How many matches are in homes the user may not see: said without any personal data. */
  elsewhere: number;
}

export interface TFacilityStatsQuery {
  /** These homes (at most 100); every home the user may see when absent. */
  facilityIds?: string[];
}

export interface TScheduleWeekQuery {
  facilityId: string;
  /** The Monday the workweek starts (the home's local date). */
  weekStart: string;
}

/** Someone on (or available for) a home's rota, as every reader of the rota sees them. */
export interface TRotaListing {
  id: string;
  name: string;
  position: string;
  /** Their home facility (this home or another one they also work at). */
  homeFacilityId: string;
  /** Working now (not terminated or archived): offered when adding a shift. */
  current: boolean;
}

/**
 * Someone on a home's rota: what every reader sees, and, for users with Staff read only, what the
 * week's checks read of their staff file (employment dates, clearance, training, night-duty documents);
 * a reader without Staff gets the listing alone (`rotaMemberFor`).
 */
export type TRotaMember = TRotaListing & Partial<Omit<TRotaPerson, "id" | "name">>;

/** A home's week of shifts with everything its checks read, and the checks. */
export interface TScheduleWeek {
  facilityId: string;
  weekStart: string;
  timeZone: string;
  /** The home's shifts from the day before the week (its night reaches in) to the week's last day. */
  shifts: TRecordOf<"shifts">[];
  people: TRotaMember[];
  /** The same people's shifts in the group's other homes: when only. */
  busyElsewhere: TBusyTime[];
  census: TNightCensus[];
  /** The checks of the week (for users who may change the rota; empty for the others). */
  issues: TScheduleIssue[];
}

/**
 * Answers computed from many records at once, by the pure rules in `rules/compliance.rules.ts` and
 * `rules/reminders.rules.ts`; the http backend computes them on the server next to the data, the others
 * from the DataPort. Access as for records: only facilities the user may see. Rejects with AppError
 * (VALIDATION, UNAUTHENTICATED, UNAVAILABLE).
 */
export interface InsightsPort {
  /** Every matching subject's status per applicable document type. */
  compliance(query: TComplianceQuery): Promise<TComplianceReport>;

  /**
   * Derived reminders (missing/expiring/expired documents, reappraisals, rent past due) answered as
   * groups with their counts, and one page of items (of one group, or of all) soonest first.
   */
  derivedReminders(query: TRemindersQuery): Promise<TRemindersAnswer>;

  /**
   * Census, planned move-ins, staff count and document compliance of each home asked for (each home's
   * today in its own time zone), in one answer: the Facilities list asks once, not once per home.
   * Homes the user may not see are left out; a figure of an area their role may not read is null.
   */
  facilityStats(query: TFacilityStatsQuery): Promise<TFacilityStats[]>;

  /**
   * Residents recorded with the same name (first or preferred, any case) and date of birth, for the
   * warning of a possible duplicate admission; FORBIDDEN without write on Residents (it serves the
   * admission and edit forms). Matches in homes the user may not see are only counted, never named;
   * the self-hosted server also counts those (rate-limited, audited), the other backends see only the
   * user's homes.
   */
  residentMatches(query: TResidentMatchesQuery): Promise<TResidentMatches>;

  /**
   * Referrals of the same prospect in any home of the group (same name and date of birth, phone or
   * e-mail), earliest first, for the warning while a referral is entered. Matches in homes the user may
   * not see are only counted, with the home and whom to ask. The server and the Cloud Function check
   * every home through indexes (rate-limited and audited on the server); without them, the user's homes.
   */
  referralMatches(query: TReferralMatchesQuery): Promise<TReferralMatches>;

  /**
   * Referrals, tours, move-ins and fees paid of each agent asked for (at most 100), counted over the
   * homes the user may see; fees are null for a role without Referral fees.
   */
  agentStats(query: TAgentStatsQuery): Promise<TAgentStats[]>;

  /**
   * Referrals, tours, move-ins and fees paid per source (agents, hospitals, families, the website,
   * walk-ins, other) in one home or every home the user may see; fees null without Referral fees.
   * NOT_FOUND for a home out of reach.
   */
  sourceStats(query: TSourceStatsQuery): Promise<TSourceStats[]>;

  /**
   * A home's week of shifts, its people, the census of its nights and the checks of
   * `rules/schedule.rules.ts` computed from stored data. The same people's shifts in other homes count as
   * busy time without their details; the self-hosted server sees every home for this, the other backends
   * only the user's homes. Needs schedules read; users without schedules write see published shifts only.
   */
  scheduleWeek(query: TScheduleWeekQuery): Promise<TScheduleWeek>;

  /**
   * One of the reports declared in `reports/reports.ts`, over a date range and one home or every home
   * the user may see, computed by the report's pure function in `reports/` (the server reads its input
   * in SQL). Needs Reports read and read on the areas the report covers (FORBIDDEN otherwise);
   * VALIDATION for a bad range, NOT_FOUND for a home out of reach.
   */
  report<K extends TReportKind>(kind: K, query: TReportQueryInput): Promise<TReportOf<K>>;
}
