/**
 * InsightsPort over `/insights/*`: the server computes compliance, derived reminders and the homes'
 * numbers next to the data.
 */
import type {
  InsightsPort,
  TComplianceQuery,
  TComplianceReport,
  TDerivedReminder,
  TFacilityStats,
  TFacilityStatsQuery,
  TRemindersQuery,
  TResidentMatches,
  TResidentMatchesQuery,
} from "@care/core/ports/insights.port";
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

  async derivedReminders(query: TRemindersQuery): Promise<TDerivedReminder[]> {
    const answer = await this.http.request<{ items: TDerivedReminder[] }>("GET", "/insights/reminders", {
      query: { today: query.today, facilityId: query.facilityId },
    });
    return answer.items;
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
}
