/**
 * The numbers of the homes on the Facilities list and page (InsightsPort.facilityStats), in one answer:
 * each home's census and planned move-ins on its own today (its time zone), its staff count, and the
 * worst document status of the home and everyone in it. Only homes the caller may see, and only the
 * figures their role may read: the others are null (a caregiver without staff sees no staff count).
 */
import type { TFacilityStats, TFacilityStatsQuery } from "@care/core/ports/insights.port";
import { can, canSeeFacility } from "@care/core/rules/access.rules";
import { censusByHome, LIVING_STATUSES } from "@care/core/rules/census.rules";
import { complianceByHome } from "@care/core/rules/compliance.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { queryComplianceReport } from "./insights.queries.ts";

export async function facilityStats(
  database: Database,
  caller: TCaller,
  query: TFacilityStatsQuery,
): Promise<TFacilityStats[]> {
  const user = requireUser(caller);
  const { prisma } = database;
  const homes = (
    await prisma.facility.findMany({
      where: query.facilityIds ? { id: { in: query.facilityIds } } : {},
      select: { id: true, timeZone: true },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    })
  ).filter((home) => canSeeFacility(user, home.id));
  if (homes.length === 0) return [];
  const ids = homes.map((home) => home.id);
  const seesResidents = can(user, "residents", "read");
  const seesStaff = can(user, "staff", "read");
  const seesDocuments = can(user, "documents", "read");
  const [residents, staff] = await Promise.all([
    seesResidents
      ? prisma.resident.findMany({
          where: { facilityId: { in: ids }, status: { in: [...LIVING_STATUSES] }, archivedAt: null },
          select: { facilityId: true, status: true, admissionDate: true, dischargeDate: true },
        })
      : [],
    seesStaff
      ? prisma.staff.findMany({
          // Everyone working at one of these homes: as their home facility or one of their others.
          where: {
            OR: [{ facilityId: { in: ids } }, { otherFacilityIds: { hasSome: ids } }],
            status: { in: ["active", "on_leave"] },
            archivedAt: null,
          },
          select: { facilityId: true, otherFacilityIds: true },
        })
      : [],
  ]);
  const todayOf = new Map(homes.map((home) => [home.id, todayIn(home.timeZone)]));
  const census = censusByHome(
    residents.map((r) => ({ ...r, status: r.status as (typeof LIVING_STATUSES)[number] })),
    (id) => todayOf.get(id) ?? "",
  );
  // Compliance of each home on its own today: homes sharing a time zone share one computation.
  const byZone = new Map<string, string[]>();
  for (const home of homes) byZone.set(home.timeZone, [...(byZone.get(home.timeZone) ?? []), home.id]);
  const reports = seesDocuments
    ? await Promise.all(
        [...byZone].map(([zone, zoneIds]) =>
          queryComplianceReport(prisma, zoneIds, user, { today: todayIn(zone) }).then((report) => report.subjects),
        ),
      )
    : [];
  const compliance = complianceByHome(reports.flat());
  const staffCount = new Map<string, number>();
  for (const row of staff)
    for (const home of new Set([row.facilityId, ...row.otherFacilityIds]))
      staffCount.set(home, (staffCount.get(home) ?? 0) + 1);
  return homes.map((home) => ({
    facilityId: home.id,
    // Counts of what the role may not read are not given (memory and firebase could not count them).
    census: seesResidents ? (census.get(home.id)?.census ?? 0) : null,
    plannedMoveIns: seesResidents ? (census.get(home.id)?.plannedMoveIns ?? 0) : null,
    staff: seesStaff ? (staffCount.get(home.id) ?? 0) : null,
    // Without documents read there is no paperwork to judge: not "complete", no answer.
    compliance: seesDocuments
      ? (compliance.get(home.id) ?? {
          status: "complete",
          counts: { complete: 0, missing: 0, expiring: 0, expired: 0 },
        })
      : null,
  }));
}
