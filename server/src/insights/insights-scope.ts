/** Which facilities an insight covers for a user: the access check both insight use cases start with. */
import { AppError } from "@care/core/app-error";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { canSeeFacility } from "@care/core/rules/access.rules";
import type { Database } from "../db/database.ts";
import type { TFacilityScope } from "./insights.queries.ts";

const NOT_FOUND_MESSAGE = "That facility does not exist or is not yours to see.";

/**
 * The asked-for facility, or every facility the user may see when none is asked for; NOT_FOUND for a
 * facility out of the user's reach or one that does not exist (the same answer, so neither is revealed).
 */
export async function insightsScope(
  database: Database,
  user: TSessionUser,
  facilityId: string | undefined,
): Promise<TFacilityScope> {
  if (facilityId === undefined) return user.facilityIds;
  if (!canSeeFacility(user, facilityId)) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  const found = await database.prisma.facility.count({ where: { id: facilityId } });
  if (found === 0) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return [facilityId];
}
