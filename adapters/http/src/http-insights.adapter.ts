/** InsightsPort over `/insights/*`: the server computes compliance and derived reminders next to the data. */
import type {
  InsightsPort,
  TComplianceQuery,
  TComplianceReport,
  TDerivedReminder,
  TRemindersQuery,
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
}
