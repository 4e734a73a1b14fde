/**
 * `GET /insights/compliance`, `GET /insights/reminders` and `GET /insights/facility-stats`: the
 * InsightsPort of the http backend. The
 * use cases (compliance-report.ts, derived-reminders.ts) check access and compute the answers next to
 * the data. Signed-in users only; a limited user's answer covers only their facilities, and a facility
 * they may not see does not exist for them (404).
 *
 * Identical questions (same user facilities and permissions, same query) asked while one is being
 * answered share that answer (single-flight): it is computed, checked against the response schema and
 * serialized once, and the same bytes are sent to each of them. Nothing is kept once it is sent.
 */
import { AppError } from "@care/core/app-error";
import { AREAS } from "@care/core/collections/areas";
import { ZDocumentSubject } from "@care/core/collections/documents.collection";
import { MAX_QUERY_OFFSET, ZDateOnly, ZId, ZQueryText } from "@care/core/common.schema";
import {
  MAX_REMINDER_PAGE,
  parseComplianceQuery,
  parseFacilityStatsQuery,
  parseRemindersQuery,
  parseResidentMatchesQuery,
} from "@care/core/insights/insights-query.schema";
import type { TSessionUser } from "@care/core/ports/auth.port";
import {
  DERIVED_REMINDER_KINDS,
  REMINDER_GROUPINGS,
  REMINDER_ITEMS_OF,
  REMINDER_VIEWS,
} from "@care/core/ports/insights.port";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { callerOf, requireUser } from "../caller.ts";
import { complianceReport } from "./compliance-report.ts";
import { derivedReminders } from "./derived-reminders.ts";
import { residentMatches } from "../residents/resident-matches.ts";
import { referralMatches } from "../referrals/referral-matches.ts";
import { agentStats } from "../referrals/agent-stats.ts";
import { sourceStats } from "../referrals/source-stats.ts";
import { REFERRAL_SOURCES, REFERRAL_STATUSES } from "@care/core/collections/referrals.collection";
import { facilityStats } from "./facility-stats.ts";
import { scheduleWeek } from "../schedules/schedule-week.ts";
import { parseScheduleWeekQuery } from "@care/core/insights/schedule-week";
import { createSingleFlight } from "./single-flight.ts";

const ZFacilityParam = ZId.optional().describe("One facility; every facility the user may see when absent");
const ZToday = ZDateOnly.describe("The viewer's calendar date, YYYY-MM-DD");

const ZComplianceQueryString = z.object({
  facilityId: ZFacilityParam,
  subject: ZDocumentSubject.optional().describe("Only residents, staff or facilities"),
  subjectIds: z
    .string()
    .max(6600)
    .regex(/^[A-Za-z0-9_,-]+$/, "Comma-separated ids")
    .optional()
    .describe("Only these subjects, comma-separated (at most 100)"),
  today: ZToday,
});
const ZRemindersQueryString = z.object({
  facilityId: ZFacilityParam,
  today: ZToday,
  groupBy: z.enum(REMINDER_GROUPINGS).optional().describe("Group by person (default), home or kind"),
  view: z.enum(REMINDER_VIEWS).optional().describe("Open reminders (default) or settled ones (snoozed, waived)"),
  kind: z.enum(DERIVED_REMINDER_KINDS).optional().describe("Only this kind"),
  search: ZQueryText(100).optional().describe("Only reminders whose title, detail or name contains this"),
  group: ZQueryText(300).min(1).optional().describe("The items of this group only (a group's id)"),
  itemsOf: z
    .enum(REMINDER_ITEMS_OF)
    .optional()
    .describe("Without `group`: items of every group, soonest first (default), or of the first group only"),
  offset: z.coerce.number().int().min(0).max(MAX_QUERY_OFFSET).optional().describe("Items to skip"),
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_REMINDER_PAGE)
    .optional()
    .describe(`Items to answer (default 0: groups only; at most ${MAX_REMINDER_PAGE})`),
});
const ZFacilityStatsQueryString = z.object({
  facilityIds: z
    .string()
    .max(6600)
    .regex(/^[A-Za-z0-9_,-]+$/, "Comma-separated ids")
    .optional()
    .describe("Only these homes, comma-separated (at most 100); every home the user may see when absent"),
});

const ZStatus = z.enum(["complete", "missing", "expiring", "expired"]);
const ZComplianceReport = z.object({
  today: z.string(),
  subjects: z.array(
    z.object({
      subject: ZDocumentSubject,
      subjectId: z.string(),
      facilityId: z.string(),
      name: z.string(),
      status: ZStatus,
      counts: z.object({ complete: z.number(), missing: z.number(), expiring: z.number(), expired: z.number() }),
      requirements: z.array(
        z.object({
          typeId: z.string(),
          typeName: z.string(),
          formCode: z.string().optional(),
          required: z.boolean(),
          status: ZStatus,
          documentId: z.string().optional(),
          expiryDate: z.string().optional(),
          waiverReason: z.string().optional(),
          clearanceRecorded: z
            .literal(true)
            .optional()
            .describe("Live Scan paper missing, clearance on the staff form"),
        }),
      ),
    }),
  ),
});
const ZLink = z.object({ type: z.enum(["resident", "staff", "facility", "referral"]), id: z.string() });
const ZRemindersAnswer = z.object({
  today: z.string(),
  total: z.number().int(),
  due: z.number().int(),
  groups: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      facilityId: z.string().optional(),
      link: ZLink.optional(),
      count: z.number().int(),
      overdue: z.number().int(),
      firstDueDate: z.string(),
      kinds: z.partialRecord(z.enum(DERIVED_REMINDER_KINDS), z.number().int()),
    }),
  ),
  items: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(DERIVED_REMINDER_KINDS),
      title: z.string(),
      detail: z.string().optional(),
      dueDate: z.string(),
      expiryDate: z.string().optional(),
      facilityId: z.string(),
      name: z.string(),
      link: ZLink,
      waiverKey: z.string().optional(),
      state: z.enum(["open", "snoozed", "waived"]),
      snoozedUntil: z.string().optional(),
      waiverReason: z.string().optional(),
      weekStart: z.string().optional().describe("A rota reminder's week"),
      stateRecord: z.object({ id: z.string(), version: z.number() }).optional(),
    }),
  ),
  nextOffset: z.number().int().nullable(),
});

const ZResidentMatchesQueryString = z.object({
  firstName: ZQueryText(60).trim().min(1).describe("First or preferred name being entered"),
  lastName: ZQueryText(60).trim().min(1),
  dateOfBirth: ZDateOnly,
  excludeId: ZId.optional().describe("The resident being edited"),
});
const ZResidentMatches = z.object({
  matches: z.array(z.object({ id: z.string(), facilityId: z.string(), name: z.string(), status: z.string() })),
  elsewhere: z.number().int(),
});

const ZReferralMatchesQueryString = z.object({
  firstName: ZQueryText(60).trim().optional().describe("The prospect's first name being entered"),
  lastName: ZQueryText(60).trim().optional(),
  dateOfBirth: z.union([ZDateOnly, z.literal("")]).optional(),
  phone: ZQueryText(40).trim().optional(),
  email: ZQueryText(254).trim().optional(),
  excludeId: ZId.optional().describe("The referral being edited"),
});
const ZReferralMatches = z.object({
  matches: z.array(
    z.object({
      id: z.string(),
      facilityId: z.string(),
      facilityName: z.string(),
      referredOn: z.string(),
      name: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      source: z.enum(REFERRAL_SOURCES),
      agentName: z.string().optional(),
      reasons: z.array(z.enum(["name-and-birth-date", "phone", "email", "same-name"])),
    }),
  ),
  elsewhere: z.array(
    z.object({
      facilityId: z.string(),
      facilityName: z.string(),
      administrator: z.string().optional(),
      count: z.number().int(),
      firstId: z.string().describe("The earliest of them, to link a duplicate to (an id only)"),
    }),
  ),
  sameNameOnly: z
    .literal(true)
    .optional()
    .describe("Only a name was asked about: the matches are possible duplicates (same first and last name)"),
});
const ZAgentStatsQueryString = z.object({
  agentIds: z
    .string()
    .max(6600)
    .regex(/^[A-Za-z0-9_,-]+$/, "Comma-separated ids")
    .describe("The agents, comma-separated (at most 100)"),
  year: z.coerce.number().int().min(2000).max(2100).describe("The calendar year of feesPaidInYearCents"),
});
const ZAgentStats = z.object({
  items: z.array(
    z.object({
      agentId: z.string(),
      referrals: z.number().int(),
      tours: z.number().int(),
      moveIns: z.number().int(),
      feesOwedCents: z
        .number()
        .int()
        .nullable()
        .describe("Owed by the agent's terms for their move-ins (duplicates owe nothing); null without Referral fees"),
      feesPaidCents: z.number().int().nullable(),
      feesPaidInYearCents: z.number().int().nullable(),
    }),
  ),
});

const ZSourceStats = z.object({
  items: z.array(
    z.object({
      source: z.enum(REFERRAL_SOURCES),
      referrals: z.number().int(),
      tours: z.number().int(),
      moveIns: z.number().int(),
      feesPaidCents: z.number().int().nullable(),
    }),
  ),
});

const ZScheduleWeekQueryString = z.object({
  facilityId: ZId.describe("The home"),
  weekStart: ZDateOnly.describe("The Monday the week starts, YYYY-MM-DD"),
});
const ZScheduleWeek = z.object({
  facilityId: z.string(),
  weekStart: z.string(),
  timeZone: z.string(),
  shifts: z.array(z.record(z.string(), z.unknown())).describe("Shift records, the day before the week to its end"),
  people: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      position: z.string(),
      homeFacilityId: z.string(),
      current: z.boolean(),
      hireDate: z.string().optional().describe("Only to a caller with Staff read, as the three below"),
      terminationDate: z.string().optional(),
      clearanceStatus: z.string().optional(),
      mayWorkIndependently: z.boolean().optional(),
      missingForNights: z
        .array(z.string())
        .optional()
        .describe("Document types needed for night duty the person lacks (when the caller reads documents)"),
    }),
  ),
  busyElsewhere: z
    .array(z.object({ staffId: z.string(), from: z.number(), to: z.number(), home: z.string().optional() }))
    .describe(
      "The same people's shifts in other homes (epoch ms), without details; the home's name only to a caller who may see it",
    ),
  census: z.array(z.object({ date: z.string(), residents: z.number().int(), dementia: z.boolean() })),
  issues: z.array(
    z.object({
      severity: z.enum(["error", "warning", "coverage"]),
      code: z.string(),
      message: z.string(),
      rule: z.string(),
      staffId: z.string().optional(),
      shiftId: z.string().optional(),
      otherShiftId: z.string().optional(),
      date: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
    }),
  ),
});

/** Duplicate checks per user and minute: enough for typing a form, too few to probe other homes. */
const MATCHES_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const ZCounts = z.object({ complete: z.number(), missing: z.number(), expiring: z.number(), expired: z.number() });
/** A home's figures; null where the caller's role may not read what they count (TFacilityStats). */
const ZFacilityStats = z.object({
  items: z.array(
    z.object({
      facilityId: z.string(),
      census: z.number().int().nullable().describe("Null without residents read"),
      plannedMoveIns: z.number().int().nullable().describe("Null without residents read"),
      staff: z.number().int().nullable().describe("Null without staff read"),
      compliance: z.object({ status: ZStatus, counts: ZCounts }).nullable().describe("Null without documents read"),
    }),
  ),
});

/**
 * The JSON bytes of a result, after the check the zod serializer would make (a result that does not
 * match its response schema is a server error, as with any other route).
 */
function serialized(schema: z.ZodType, result: unknown): Buffer {
  const checked = schema.safeParse(result);
  if (!checked.success) throw new AppError("INTERNAL", "The insights answer did not match its schema.");
  return Buffer.from(JSON.stringify(checked.data));
}

/** Sends already serialized JSON as is (Fastify skips its serializer for a Buffer with a content type). */
function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}

/**
 * The single-flight key: what the answer (or its refusal) depends on — the facilities the user may see
 * (null = all), what their role may read (whose paperwork, rent, the figures of each area) and the
 * parsed query. Callers sharing a flight share the first one's answer.
 */
function flightKey(kind: string, user: TSessionUser, query: object): string {
  const facilities = user.facilityIds === null ? null : [...user.facilityIds].sort();
  return JSON.stringify([kind, facilities, AREAS.map((area) => user.permissions[area]), query]);
}

export default async function insightsRoutes(fastify: FastifyInstance): Promise<void> {
  const flights = createSingleFlight<Buffer>();

  const database = fastify.database;

  fastify.get(
    "/insights/compliance",
    {
      schema: {
        tags: ["insights"],
        summary: "Compliance of residents, staff and facilities per document type",
        querystring: ZComplianceQueryString,
        response: { 200: ZComplianceReport },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const user = requireUser(caller);
      const raw = request.query as z.infer<typeof ZComplianceQueryString>;
      const query = parseComplianceQuery({
        ...raw,
        ...(raw.subjectIds !== undefined ? { subjectIds: raw.subjectIds.split(",").filter(Boolean) } : {}),
      });
      const body = await flights.run(flightKey("compliance", user, query), async () =>
        serialized(ZComplianceReport, await complianceReport(database, caller, query)),
      );
      return sendJson(reply, body);
    },
  );

  fastify.get(
    "/insights/reminders",
    {
      schema: {
        tags: ["insights"],
        summary:
          "Derived reminders (documents, reappraisals, rent past due) as groups with counts and one page of items",
        querystring: ZRemindersQueryString,
        response: { 200: ZRemindersAnswer },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const user = requireUser(caller);
      const query = parseRemindersQuery(request.query);
      const body = await flights.run(flightKey("reminders", user, query), async () =>
        serialized(ZRemindersAnswer, await derivedReminders(database, caller, query)),
      );
      return sendJson(reply, body);
    },
  );

  fastify.get(
    "/insights/resident-matches",
    {
      config: { rateLimit: MATCHES_RATE_LIMIT },
      schema: {
        tags: ["insights"],
        summary: "Residents already recorded with this name and date of birth (possible duplicate admission)",
        querystring: ZResidentMatchesQueryString,
        response: { 200: ZResidentMatches },
      },
    },
    async (request) => residentMatches(database, callerOf(request), parseResidentMatchesQuery(request.query)),
  );

  fastify.get(
    "/insights/referral-matches",
    {
      config: { rateLimit: MATCHES_RATE_LIMIT },
      schema: {
        tags: ["insights"],
        summary:
          "Referrals of the same prospect in any home of the group (name and birth date, phone or e-mail; a name alone: possible duplicates)",
        querystring: ZReferralMatchesQueryString,
        response: { 200: ZReferralMatches },
      },
    },
    async (request) => referralMatches(database, callerOf(request), request.query),
  );

  fastify.get(
    "/insights/agent-stats",
    {
      schema: {
        tags: ["insights"],
        summary: "Referrals, tours, move-ins and fees paid of each agent asked for",
        querystring: ZAgentStatsQueryString,
        response: { 200: ZAgentStats },
      },
    },
    async (request) => {
      const raw = request.query as z.infer<typeof ZAgentStatsQueryString>;
      const items = await agentStats(database, callerOf(request), {
        agentIds: raw.agentIds.split(",").filter(Boolean),
        year: raw.year,
      });
      return { items };
    },
  );

  fastify.get(
    "/insights/source-stats",
    {
      schema: {
        tags: ["insights"],
        summary: "Referrals, tours, move-ins and fees paid per source of referrals",
        querystring: z.object({ facilityId: ZFacilityParam }),
        response: { 200: ZSourceStats },
      },
    },
    async (request) => ({ items: await sourceStats(database, callerOf(request), request.query) }),
  );

  fastify.get(
    "/insights/facility-stats",
    {
      schema: {
        tags: ["insights"],
        summary: "Census, planned move-ins, staff and compliance of each home, in one answer",
        querystring: ZFacilityStatsQueryString,
        response: { 200: ZFacilityStats },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const user = requireUser(caller);
      const raw = request.query as z.infer<typeof ZFacilityStatsQueryString>;
      const query = parseFacilityStatsQuery(
        raw.facilityIds !== undefined ? { facilityIds: raw.facilityIds.split(",").filter(Boolean) } : {},
      );
      const body = await flights.run(flightKey("facility-stats", user, query), async () =>
        serialized(ZFacilityStats, { items: await facilityStats(database, caller, query) }),
      );
      return sendJson(reply, body);
    },
  );

  fastify.get(
    "/insights/schedule-week",
    {
      schema: {
        tags: ["insights"],
        summary: "A home's week of shifts, its people, the census of its nights and the checks",
        querystring: ZScheduleWeekQueryString,
        response: { 200: ZScheduleWeek },
      },
    },
    async (request) => scheduleWeek(database, callerOf(request), parseScheduleWeekQuery(request.query)),
  );
}
