/**
 * `GET /reports/<kind>`: one route per report declared in `@care/core/reports/reports` (its answer's
 * schema is the route's response and OpenAPI entry), each answered by its use case in this folder.
 */
import { ZDateOnly, ZId } from "@care/core/common.schema";
import { REPORT_KINDS, REPORTS, type TReportKind } from "@care/core/reports/reports";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callerOf, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { censusReport } from "./census-report.ts";
import { rentRollReport } from "./rent-roll-report.ts";
import { documentComplianceReport } from "./document-compliance-report.ts";
import { trainingReport } from "./training-report.ts";
import { referralsReport } from "./referrals-report.ts";

const USE_CASES: Record<TReportKind, (database: Database, caller: TCaller, raw: unknown) => Promise<unknown>> = {
  census: censusReport,
  "rent-roll": rentRollReport,
  compliance: documentComplianceReport,
  training: trainingReport,
  referrals: referralsReport,
};

const ZReportQueryString = z.object({
  facilityId: ZId.optional().describe("One facility; every facility the user may see when absent"),
  from: ZDateOnly.describe("The range's first day"),
  to: ZDateOnly.describe("The range's last day"),
  today: ZDateOnly.describe("The viewer's calendar date, YYYY-MM-DD"),
});

export default async function reportsRoutes(fastify: FastifyInstance): Promise<void> {
  const database = fastify.database;
  for (const kind of REPORT_KINDS) {
    fastify.get(
      `/reports/${kind}`,
      {
        schema: {
          tags: ["reports"],
          summary: REPORTS[kind].summary,
          querystring: ZReportQueryString,
          response: { 200: REPORTS[kind].answer },
        },
      },
      async (request) => USE_CASES[kind](database, callerOf(request), request.query),
    );
  }
}
