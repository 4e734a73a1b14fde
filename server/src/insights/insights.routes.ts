/**
 * `GET /insights/compliance` and `GET /insights/reminders`: the InsightsPort of the http backend,
 * computed here next to the data with the shared rules. Signed-in users only; a limited user's answer
 * covers only their facilities, and a facility they may not see does not exist for them (404).
 * A compliance summary is not a view of any one record, so no audit rows are written.
 *
 * Identical questions (same facility scope, same query) asked while one is being answered share that
 * answer (single-flight): it is computed, checked against the response schema and serialized once, and
 * the same bytes are sent to each of them. Nothing is kept once it is sent.
 */
import { AppError } from "@care/core/app-error";
import { ZDocumentSubject } from "@care/core/collections/documents.collection";
import { ZDateOnly, ZId } from "@care/core/common.schema";
import { parseComplianceQuery, parseRemindersQuery } from "@care/core/insights/insights-query.schema";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { DERIVED_REMINDER_KINDS } from "@care/core/ports/insights.port";
import { canSeeFacility } from "@care/core/rules/access.rules";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { requireUser } from "../auth/auth.plugin.ts";
import { complianceReport, derivedReminders, type TFacilityScope } from "./insights.queries.ts";
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
const ZRemindersQueryString = z.object({ facilityId: ZFacilityParam, today: ZToday });

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
        }),
      ),
    }),
  ),
});
const ZDerivedReminders = z.object({
  items: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(DERIVED_REMINDER_KINDS),
      title: z.string(),
      detail: z.string().optional(),
      dueDate: z.string(),
      facilityId: z.string(),
      link: z.object({ type: z.enum(["resident", "staff", "facility"]), id: z.string() }),
      state: z.enum(["open", "snoozed", "done"]),
      snoozedUntil: z.string().optional(),
      stateRecord: z.object({ id: z.string(), version: z.number() }).optional(),
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

/** The single-flight key: what the answer depends on (the facility scope and the parsed query). */
function flightKey(kind: string, scope: TFacilityScope, query: object): string {
  return JSON.stringify([kind, scope === null ? null : [...scope].sort(), query]);
}

export default async function insightsRoutes(fastify: FastifyInstance): Promise<void> {
  const flights = createSingleFlight<Buffer>();

  const NOT_FOUND_MESSAGE = "That facility does not exist or is not yours to see.";

  /**
   * The facilities the answer covers; NOT_FOUND for a facility out of the user's reach. Whether an
   * asked-for facility exists is checked inside the shared computation (`ensureExists`), once per flight.
   */
  function scopeOf(user: TSessionUser, facilityId: string | undefined): TFacilityScope {
    if (facilityId === undefined) return user.facilityIds;
    if (!canSeeFacility(user, facilityId)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
    return [facilityId];
  }

  async function ensureExists(facilityId: string | undefined): Promise<void> {
    if (facilityId === undefined) return;
    const found = await fastify.database.prisma.facility.count({ where: { id: facilityId } });
    if (found === 0) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  }

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
      const user = requireUser(request);
      const raw = request.query as z.infer<typeof ZComplianceQueryString>;
      const query = parseComplianceQuery({
        ...raw,
        ...(raw.subjectIds !== undefined ? { subjectIds: raw.subjectIds.split(",").filter(Boolean) } : {}),
      });
      const scope = scopeOf(user, query.facilityId);
      const body = await flights.run(flightKey("compliance", scope, query), async () => {
        await ensureExists(query.facilityId);
        return serialized(ZComplianceReport, await complianceReport(fastify.database.prisma, scope, query));
      });
      return sendJson(reply, body);
    },
  );

  fastify.get(
    "/insights/reminders",
    {
      schema: {
        tags: ["insights"],
        summary: "Derived reminders (documents, reappraisals, rent past due) with their states, soonest first",
        querystring: ZRemindersQueryString,
        response: { 200: ZDerivedReminders },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const query = parseRemindersQuery(request.query);
      const scope = scopeOf(user, query.facilityId);
      const body = await flights.run(flightKey("reminders", scope, query), async () => {
        await ensureExists(query.facilityId);
        return serialized(ZDerivedReminders, {
          items: await derivedReminders(fastify.database.prisma, scope, query),
        });
      });
      return sendJson(reply, body);
    },
  );
}
