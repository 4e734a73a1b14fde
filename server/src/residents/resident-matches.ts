/**
 * Possible duplicate admissions (InsightsPort.residentMatches): residents recorded with the same name
 * and date of birth anywhere in the group. It serves the admission and edit forms, so it needs write on
 * Residents (whoever may admit). Matches in homes the caller may see are named; the others are only
 * counted — the caller learns that the person is recorded elsewhere and to ask an administrator, never
 * who, where or under which id (the resident being edited is left out only among the caller's own).
 * Found through the date-of-birth index, not a scan; each question is audited (the route also
 * rate-limits it), so the check cannot be used to probe other homes.
 */
import type { TResidentMatches, TResidentMatchesQuery } from "@care/core/ports/insights.port";
import { assertCan, canSeeFacility } from "@care/core/rules/access.rules";
import { listName } from "@care/core/rules/person-name.rules";
import { sameResident } from "@care/core/rules/resident-matches.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";

export async function residentMatches(
  database: Database,
  caller: TCaller,
  query: TResidentMatchesQuery,
): Promise<TResidentMatches> {
  const user = assertCan(requireUser(caller), "residents", "write");
  const candidates = await database.prisma.resident.findMany({
    where: {
      dateOfBirth: query.dateOfBirth,
      lastName: { equals: query.lastName.trim(), mode: "insensitive" },
      archivedAt: null,
    },
    select: { id: true, facilityId: true, firstName: true, lastName: true, preferredName: true, status: true },
    take: 50,
  });
  const found = candidates.filter(
    (r) =>
      sameResident({ ...r, preferredName: r.preferredName ?? undefined, dateOfBirth: query.dateOfBirth }, query) &&
      // Excluding another home's resident would make the count confirm that id's name and birth date.
      !(r.id === query.excludeId && canSeeFacility(user, r.facilityId)),
  );
  const visible = found.filter((r) => canSeeFacility(user, r.facilityId));
  await writeAudit(database.prisma, caller, {
    action: "view",
    collection: "residents",
    summary: `duplicate check: ${visible.length} match${visible.length === 1 ? "" : "es"} shown, ${found.length - visible.length} in other homes`,
  });
  return {
    matches: visible.map((r) => ({ id: r.id, facilityId: r.facilityId, name: listName(r), status: r.status })),
    elsewhere: found.length - visible.length,
  };
}
