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
}
