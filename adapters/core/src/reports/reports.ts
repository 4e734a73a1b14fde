/**
 * The reports, declared once: what each answers (its zod schema, which the server's route and OpenAPI
 * use), what a role needs to open it (Reports read, and read on the areas it reports on), and which
 * collections it is computed from (the web app's cache refreshes a report when one of them changes).
 * Every backend answers `InsightsPort.report(kind, query)` for each kind declared here.
 */
import type { z } from "zod";
import type { TArea } from "../collections/areas.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import type { TCollectionName } from "../registry.ts";
import { assertCan } from "../rules/access.rules.ts";
import { can } from "../rules/permissions.rules.ts";
import { ZCensusReport } from "./census.report.ts";
import { ZRentRollReport } from "./rent-roll.report.ts";
import { ZComplianceReportAnswer } from "./compliance.report.ts";
import { ZTrainingReport } from "./training.report.ts";
import { ZReferralsReport } from "./referrals.report.ts";

interface TReportDef {
  /** What it answers, in a line (the route's OpenAPI summary). */
  summary: string;
  answer: z.ZodType;
  /** Areas a role must read, besides Reports. */
  needs: readonly TArea[];
  reads: readonly TCollectionName[];
}

export const REPORTS = {
  census: {
    summary: "Census and occupancy by home and by month: capacity, move-ins, move-outs by reason, length of stay",
    answer: ZCensusReport,
    needs: ["residents"],
    reads: ["facilities", "residents", "residentEvents"],
  },
  "rent-roll": {
    summary: "Rent roll and receivables: rate, charged, paid, balance and aging per resident; loss to vacancy per home",
    answer: ZRentRollReport,
    needs: ["residents", "rent"],
    reads: ["facilities", "residents", "residentEvents", "rentCharges", "payments"],
  },
  compliance: {
    summary: "Required documents missing, expiring and expired by home and person, and their trend by month",
    answer: ZComplianceReportAnswer,
    needs: ["documents"],
    reads: ["facilities", "residents", "staff", "documents", "documentTypes", "reminderStates"],
  },
  training: {
    summary: "Training hours per staff member and requirement, who is short, by home, and hours by month",
    answer: ZTrainingReport,
    needs: ["staff"],
    reads: ["facilities", "staff", "trainingRequirements", "trainingEntries"],
  },
  referrals: {
    summary: "Referrals, tours, move-ins, conversion, duplicates and agents' fees by agent, by source and by month",
    answer: ZReferralsReport,
    needs: ["referrals"],
    reads: ["referrals", "referralAgents", "agentFeeTerms", "referralFees"],
  },
} as const satisfies Record<string, TReportDef>;

export type TReportKind = keyof typeof REPORTS;
export const REPORT_KINDS = Object.keys(REPORTS) as TReportKind[];
export type TReportOf<K extends TReportKind> = z.infer<(typeof REPORTS)[K]["answer"]>;

/** Whether the user's role opens the report (Reports read and read on what it reports on). */
export function canOpenReport(user: Pick<TSessionUser, "permissions">, kind: TReportKind): boolean {
  return [...REPORTS[kind].needs, "reports" as const].every((area) => can(user, area, "read"));
}

/** The user, when their role opens the report; FORBIDDEN naming the area otherwise. */
export function assertCanOpenReport(user: TSessionUser | null, kind: TReportKind): TSessionUser {
  const me = assertCan(user, "reports", "read");
  for (const area of REPORTS[kind].needs) assertCan(me, area, "read");
  return me;
}
