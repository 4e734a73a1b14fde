/**
 * One client of a memory backend, with its own session: what a browser tab is to the server. Its
 * insights are computed from its own DataPort, so they see what this user may see; only the busy time of
 * the week's people in other homes is read from the backend itself, as the server and the Cloud Function
 * read it, and the group-wide duplicate check of referrals, as the server and its Cloud Function answer it.
 */
import { AppError } from "@care/core/app-error";
import { createDataPortTransfer } from "@care/core/data-export/data-port-transfer";
import { createDataPortInsights } from "@care/core/insights/data-port-insights";
import { busyTimeElsewhere } from "@care/core/insights/schedule-week";
import { collections, type TRecordOf } from "@care/core/registry";
import { assertCan, canSeeFacility, seesPublishedOnly } from "@care/core/rules/access.rules";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import type { TScheduleWeekQuery } from "@care/core/ports/insights.port";
import type { TBusyTime } from "@care/core/rules/schedule.rules";
import {
  parseReferralMatchesQuery,
  referralMatchesOf,
  type TReferralMatches,
  type TReferralMatchesQuery,
} from "@care/core/rules/referral-matches.rules";
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import { MemoryAuthAdapter } from "./memory-auth.adapter.ts";
import type { MemoryBackend } from "./memory-backend.ts";
import { MemoryDataAdapter } from "./memory-data.adapter.ts";
import { MemoryFileAdapter } from "./memory-file.adapter.ts";
import { MemorySession } from "./memory-session.ts";

export function memoryClient(backend: MemoryBackend): {
  auth: AuthPort;
  data: DataPort;
  files: FilePort;
  insights: InsightsPort;
  transfer: DataTransferPort;
} {
  const session = new MemorySession(backend);
  const data = new MemoryDataAdapter(backend, session);
  const auth = new MemoryAuthAdapter(backend, session);
  const files = new MemoryFileAdapter(backend, session);
  return {
    auth,
    data,
    files,
    transfer: createDataPortTransfer({ auth, data, files }, "memory"),
    insights: createDataPortInsights(data, auth, {
      busyElsewhere: (query) => busyElsewhere(backend, session, query),
      referralMatches: async (query) => referralMatchesEverywhere(backend, session, query),
    }),
  };
}

/** The shifts in other homes of the people working at the week's home, as busy time only. */
async function busyElsewhere(
  backend: MemoryBackend,
  session: MemorySession,
  query: TScheduleWeekQuery,
): Promise<TBusyTime[]> {
  const user = assertCan(session.user(), "schedules", "read");
  if (!canSeeFacility(user, query.facilityId)) throw new AppError("NOT_FOUND", "That facility is not yours to see.");
  if (seesPublishedOnly(user, collections.shifts)) return [];
  const live = <T>(name: string) => [...backend.table(name).values()].filter((r) => !r.archivedAt) as unknown as T[];
  const working = new Set(
    live<TRecordOf<"staff">>("staff")
      .filter((s) => s.status !== "terminated")
      .filter((s) => s.facilityId === query.facilityId || s.otherFacilityIds.includes(query.facilityId))
      .map((s) => s.id),
  );
  const homes = live<TRecordOf<"facilities">>("facilities");
  const zoneOf = new Map(homes.map((f) => [f.id, f.timeZone]));
  const nameOf = new Map(homes.map((f) => [f.id, f.name]));
  const shifts = live<TRecordOf<"shifts">>("shifts").filter((s) => working.has(s.staffId));
  return busyTimeElsewhere(
    query.facilityId,
    query.weekStart,
    shifts,
    (id) => zoneOf.get(id) ?? DEFAULT_TIME_ZONE,
    (id) => (canSeeFacility(user, id) ? nameOf.get(id) : undefined),
  );
}

/** Referrals of the same prospect in every home; those out of the user's homes only counted. */
function referralMatchesEverywhere(
  backend: MemoryBackend,
  session: MemorySession,
  query: TReferralMatchesQuery,
): TReferralMatches {
  const user = assertCan(session.user(), "referrals", "read");
  const live = <T>(name: string) => [...backend.table(name).values()].filter((r) => !r.archivedAt) as unknown as T[];
  const homes = new Map(live<TRecordOf<"facilities">>("facilities").map((f) => [f.id, f]));
  const agents = new Map([...backend.table("referralAgents").values()].map((a) => [String(a.id), String(a.name)]));
  return referralMatchesOf(live<TRecordOf<"referrals">>("referrals"), parseReferralMatchesQuery(query), {
    canSee: (id) => canSeeFacility(user, id),
    facility: (id) => homes.get(id),
    agentName: (id) => agents.get(id),
  });
}
