/**
 * InsightsPort over `/insights/*` and `/reports/*`: the server computes compliance, derived reminders and the homes'
 * numbers next to the data.
 */
import type {
  InsightsPort,
  TComplianceQuery,
  TComplianceReport,
  TFacilityStats,
  TFacilityStatsQuery,
  TRemindersAnswer,
  TRemindersQuery,
  TResidentMatches,
  TResidentMatchesQuery,
  TScheduleWeek,
  TScheduleWeekQuery,
} from "@care/core/ports/insights.port";
import type { TReferralMatches, TReferralMatchesQuery } from "@care/core/rules/referral-matches.rules";
import type {
  TAgentStats,
  TAgentStatsQuery,
  TSourceStats,
  TSourceStatsQuery,
} from "@care/core/rules/referral-stats.rules";
import type { TReportKind, TReportOf } from "@care/core/reports/reports";
import type { TReportQueryInput } from "@care/core/reports/report-query.schema";
import type { HttpClient } from "./http-client.ts";

export class HttpInsightsAdapter implements InsightsPort {
  constructor(private readonly http: HttpClient) {}

  compliance(query: TComplianceQuery): Promise<TComplianceReport> {
    return this.http.request<TComplianceReport>("GET", "/insights/compliance", {
      query: {
        today: query.today,
        facilityId: query.facilityId,
        subject: query.subject,
        subjectIds: query.subjectIds?.join(","),
      },
    });
  }

  derivedReminders(query: TRemindersQuery): Promise<TRemindersAnswer> {
    return this.http.request<TRemindersAnswer>("GET", "/insights/reminders", {
      query: {
        today: query.today,
        facilityId: query.facilityId,
        groupBy: query.groupBy,
        view: query.view,
        kind: query.kind,
        search: query.search,
        group: query.group,
        itemsOf: query.itemsOf,
        offset: query.offset,
        limit: query.limit,
      },
    });
  }

  async facilityStats(query: TFacilityStatsQuery): Promise<TFacilityStats[]> {
    const answer = await this.http.request<{ items: TFacilityStats[] }>("GET", "/insights/facility-stats", {
      query: { facilityIds: query.facilityIds?.join(",") },
    });
    return answer.items;
  }

  residentMatches(query: TResidentMatchesQuery): Promise<TResidentMatches> {
    return this.http.request<TResidentMatches>("GET", "/insights/resident-matches", {
      query: {
        firstName: query.firstName,
        lastName: query.lastName,
        dateOfBirth: query.dateOfBirth,
        excludeId: query.excludeId,
      },
    });
  }

  referralMatches(query: TReferralMatchesQuery): Promise<TReferralMatches> {
    return this.http.request<TReferralMatches>("GET", "/insights/referral-matches", {
      query: {
        firstName: query.firstName,
        lastName: query.lastName,
        dateOfBirth: query.dateOfBirth,
        phone: query.phone,
        email: query.email,
        excludeId: query.excludeId,
      },
    });
  }

  async agentStats(query: TAgentStatsQuery): Promise<TAgentStats[]> {
    const answer = await this.http.request<{ items: TAgentStats[] }>("GET", "/insights/agent-stats", {
      query: { agentIds: query.agentIds.join(","), year: query.year },
    });
    return answer.items;
  }

  async sourceStats(query: TSourceStatsQuery): Promise<TSourceStats[]> {
    const answer = await this.http.request<{ items: TSourceStats[] }>("GET", "/insights/source-stats", {
      query: { facilityId: query.facilityId },
    });
    return answer.items;
  }

  report<K extends TReportKind>(kind: K, query: TReportQueryInput): Promise<TReportOf<K>> {
    return this.http.request<TReportOf<K>>("GET", `/reports/${kind}`, {
      query: { facilityId: query.facilityId, from: query.from, to: query.to, today: query.today },
    });
  }

  scheduleWeek(query: TScheduleWeekQuery): Promise<TScheduleWeek> {
    return this.http.request<TScheduleWeek>("GET", "/insights/schedule-week", {
      query: { facilityId: query.facilityId, weekStart: query.weekStart },
    });
  }
}
