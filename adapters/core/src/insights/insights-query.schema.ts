/**
 * The InsightsPort's queries, validated the same way by every backend (the server parses its query
 * string into these first), so a bad date or too many ids is the same VALIDATION error everywhere.
 */
import { z } from "zod";
import { validationError } from "../app-error.ts";
import { ZDocumentSubject } from "../collections/documents.collection.ts";
import { MAX_QUERY_OFFSET, ZDateOnly, ZId, ZQueryText } from "../common.schema.ts";
import {
  DERIVED_REMINDER_KINDS,
  REMINDER_GROUPINGS,
  REMINDER_ITEMS_OF,
  REMINDER_VIEWS,
  type TComplianceQuery,
  type TFacilityStatsQuery,
  type TRemindersQuery,
  type TResidentMatchesQuery,
} from "../ports/insights.port.ts";

/** At most this many subjects in one compliance question (a list page's worth). */
export const MAX_COMPLIANCE_SUBJECT_IDS = 100;

export const ZComplianceQuery = z.object({
  facilityId: ZId.optional(),
  subject: ZDocumentSubject.optional(),
  subjectIds: z
    .array(ZId)
    .min(1, "Give at least one id")
    .max(MAX_COMPLIANCE_SUBJECT_IDS, `At most ${MAX_COMPLIANCE_SUBJECT_IDS} ids`)
    .optional(),
  today: ZDateOnly,
});

/** At most this many reminders in one page of items. */
export const MAX_REMINDER_PAGE = 500;

export const ZRemindersQuery = z.object({
  facilityId: ZId.optional(),
  today: ZDateOnly,
  groupBy: z.enum(REMINDER_GROUPINGS).optional(),
  view: z.enum(REMINDER_VIEWS).optional(),
  kind: z.enum(DERIVED_REMINDER_KINDS).optional(),
  search: ZQueryText(100).optional(),
  group: ZQueryText(300).min(1).optional(),
  /** Without `group`: the page of items is of every group (default) or of the first group only. */
  itemsOf: z.enum(REMINDER_ITEMS_OF).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_QUERY_OFFSET).optional(),
  limit: z.coerce.number().int().min(0).max(MAX_REMINDER_PAGE).optional(),
});

/** The compliance query, checked; VALIDATION with field messages otherwise. */
export function parseComplianceQuery(query: unknown): TComplianceQuery {
  const parsed = ZComplianceQuery.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The reminders query, checked; VALIDATION with field messages otherwise. */
export function parseRemindersQuery(query: unknown): TRemindersQuery {
  const parsed = ZRemindersQuery.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** At most this many homes in one facility-stats question (a list page's worth). */
export const MAX_FACILITY_STATS_IDS = 100;

export const ZFacilityStatsQuery = z.object({
  facilityIds: z
    .array(ZId)
    .min(1, "Give at least one id")
    .max(MAX_FACILITY_STATS_IDS, `At most ${MAX_FACILITY_STATS_IDS} ids`)
    .optional(),
});

/** The facility-stats query, checked; VALIDATION with field messages otherwise. */
export function parseFacilityStatsQuery(query: unknown): TFacilityStatsQuery {
  const parsed = ZFacilityStatsQuery.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export const ZResidentMatchesQuery = z.object({
  firstName: ZQueryText(60).trim().min(1),
  lastName: ZQueryText(60).trim().min(1),
  dateOfBirth: ZDateOnly,
  excludeId: ZId.optional(),
});

/** The resident-matches query, checked; VALIDATION with field messages otherwise. */
export function parseResidentMatchesQuery(query: unknown): TResidentMatchesQuery {
  const parsed = ZResidentMatchesQuery.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
