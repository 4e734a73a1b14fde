import type { TDocumentSubject } from "../collections/documents.collection.ts";
import type { TReminderLinkType } from "../collections/reminders.collection.ts";

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
}

/** One resident's, staff member's or facility's compliance: the worst of their required types. */
export interface TSubjectCompliance {
  subject: TDocumentSubject;
  subjectId: string;
  facilityId: string;
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
] as const;
export type TDerivedReminderKind = (typeof DERIVED_REMINDER_KINDS)[number];

/** A reminder computed from the data, with its done/snoozed state (from `reminderStates`) applied. */
export interface TDerivedReminder {
  /** Names this occurrence; its `reminderStates` record is keyed by it. */
  key: string;
  kind: TDerivedReminderKind;
  title: string;
  detail?: string;
  dueDate: string;
  facilityId: string;
  link: { type: TReminderLinkType; id: string };
  state: "open" | "snoozed" | "done";
  snoozedUntil?: string;
  /** The id and version of its `reminderStates` record, to undo done or snooze. */
  stateRecord?: { id: string; version: number };
}

export interface TRemindersQuery {
  /** One facility, or every facility the user may see when absent. */
  facilityId?: string;
  /** The viewer's calendar date, YYYY-MM-DD. */
  today: string;
}

/** The numbers of one home for the Facilities list and page. */
export interface TFacilityStats {
  facilityId: string;
  /** Residents living there today (active, on leave, in hospital), in the home's time zone. */
  census: number;
  /** Residents admitted for a later day than the home's today. */
  plannedMoveIns: number;
  /** Staff of the home (home facility), not terminated. */
  staff: number;
  /** The worst document status of the home and everyone in it, and the required documents per status. */
  compliance: { status: TComplianceStatus; counts: Record<TComplianceStatus, number> };
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

/**
 * Answers computed from many records at once, by the pure rules in `rules/compliance.rules.ts` and
 * `rules/reminders.rules.ts`; the http backend computes them on the server next to the data, the others
 * from the DataPort. Access as for records: only facilities the user may see. Rejects with AppError
 * (VALIDATION, UNAUTHENTICATED, UNAVAILABLE).
 */
export interface InsightsPort {
  /** Every matching subject's status per applicable document type. */
  compliance(query: TComplianceQuery): Promise<TComplianceReport>;

  /** Derived reminders (missing/expiring/expired documents, reappraisals, rent past due), soonest first. */
  derivedReminders(query: TRemindersQuery): Promise<TDerivedReminder[]>;

  /**
   * Census, planned move-ins, staff count and document compliance of each home asked for (each home's
   * today in its own time zone), in one answer: the Facilities list asks once, not once per home.
   * Homes the user may not see are left out.
   */
  facilityStats(query: TFacilityStatsQuery): Promise<TFacilityStats[]>;

  /**
   * Residents recorded with the same name (first or preferred, any case) and date of birth, for the
   * warning of a possible duplicate admission. Matches in homes the user may not see are only counted;
   * the self-hosted server also counts those (rate-limited, audited), the other backends see only the
   * user's homes.
   */
  residentMatches(query: TResidentMatchesQuery): Promise<TResidentMatches>;
}
