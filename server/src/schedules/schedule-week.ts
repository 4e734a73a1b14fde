/**
 * A home's week of shifts with its checks (InsightsPort.scheduleWeek). The double-booking check reads
 * the same people's shifts in every other home of the group — as busy time only, never their details —
 * so two managers booking one person in two homes at once both see the conflict, whatever homes they
 * may see. Computed from stored data by the shared rules of @care/core; nothing is stored.
 */
import { AppError } from "@care/core/app-error";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { assembleScheduleWeek, busyTimeElsewhere, busyWindow, nightWorkersOf } from "@care/core/insights/schedule-week";
import type { TScheduleWeek, TScheduleWeekQuery } from "@care/core/ports/insights.port";
import { collections, type TRecordOf } from "@care/core/registry";
import { assertCan, can, canSeeFacility, seesPublishedOnly } from "@care/core/rules/access.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { weekDates } from "@care/core/rules/schedule.rules";
import type { TClearanceStatus } from "@care/core/collections/staff.collection";
import type { TTrainingCategory } from "@care/core/collections/training.collection";
import { requireUser, type TCaller } from "../caller.ts";
import { rowMapperOf } from "../collections/row-mappers.ts";
import type { Database } from "../db/database.ts";

const shiftRows = rowMapperOf("shifts", collections.shifts);
const requirementRows = rowMapperOf("trainingRequirements", collections.trainingRequirements);
const NOT_FOUND = "That facility does not exist or is not yours to see.";

export async function scheduleWeek(
  database: Database,
  caller: TCaller,
  query: TScheduleWeekQuery,
): Promise<TScheduleWeek> {
  const user = assertCan(requireUser(caller), "schedules", "read");
  if (!canSeeFacility(user, query.facilityId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const { prisma } = database;
  const dates = weekDates(query.weekStart);
  const publishedOnly = seesPublishedOnly(user, collections.shifts);
  const withIssues = !publishedOnly;
  // The people working at the home, as one condition every read below can join on: one round trip.
  const working = {
    OR: [{ facilityId: query.facilityId }, { otherFacilityIds: { has: query.facilityId } }],
    archivedAt: null,
    status: { not: "terminated" },
  };
  const [home, shifts, people, residents, requirements, entries, elsewhere] = await Promise.all([
    prisma.facility.findUnique({ where: { id: query.facilityId }, select: { timeZone: true } }),
    prisma.shift.findMany({
      where: { facilityId: query.facilityId, date: { in: dates }, ...(publishedOnly ? { published: true } : {}) },
      orderBy: [{ date: "asc" }, { start: "asc" }, { id: "asc" }],
    }),
    prisma.staff.findMany({ where: working, select: STAFF_COLUMNS }),
    prisma.resident.findMany({
      where: { facilityId: query.facilityId, archivedAt: null },
      select: { status: true, admissionDate: true, dischargeDate: true, dementia: true },
    }),
    prisma.trainingRequirement.findMany({ where: { archivedAt: null } }),
    prisma.trainingEntry.findMany({
      where: { staff: working, archivedAt: null },
      select: { id: true, staffId: true, date: true, hours: true, category: true, online: true },
    }),
    // Their shifts in the other homes, around the week (a night may reach in from either side).
    withIssues
      ? prisma.shift.findMany({
          where: {
            staff: working,
            facilityId: { not: query.facilityId },
            date: { gte: busyWindow(query.weekStart).from, lte: busyWindow(query.weekStart).to },
          },
          select: {
            staffId: true,
            facilityId: true,
            date: true,
            start: true,
            end: true,
            facility: { select: { timeZone: true, name: true } },
          },
        })
      : [],
  ]);
  if (!home) throw new AppError("NOT_FOUND", NOT_FOUND);
  const timeZone = home.timeZone || DEFAULT_TIME_ZONE;
  // Anyone a shift names who no longer works here (left, archived) is still shown on their shifts.
  const known = new Set(people.map((s) => s.id));
  const named = [...new Set(shifts.map((s) => s.staffId))].filter((id) => !known.has(id));
  const seesDocuments = can(user, "documents", "read");
  // Night-duty documents are checked for those on a night shift this week: only their documents are read.
  const nightWorkers = [...nightWorkersOf(shifts)];
  const readsNightDocuments = seesDocuments && withIssues && nightWorkers.length > 0;
  const [formerStaff, nightTypes, documents] = await Promise.all([
    named.length > 0 ? prisma.staff.findMany({ where: { id: { in: named } }, select: STAFF_COLUMNS }) : [],
    readsNightDocuments
      ? prisma.documentType.findMany({ where: { subject: "staff", nightDuty: true, archivedAt: null } })
      : [],
    readsNightDocuments
      ? prisma.document.findMany({
          where: {
            subject: "staff",
            subjectId: { in: nightWorkers },
            current: true,
            archivedAt: null,
          },
          select: {
            id: true,
            subject: true,
            subjectId: true,
            facilityId: true,
            typeId: true,
            issueDate: true,
            expiryDate: true,
            current: true,
            createdAt: true,
            archivedAt: true,
          },
        })
      : [],
  ]);
  const staff = [...people, ...formerStaff];
  const otherHomes = new Map(elsewhere.map((s) => [s.facilityId, s.facility]));
  return assembleScheduleWeek({
    query,
    timeZone,
    today: todayIn(timeZone),
    shifts: shifts.map((row) => shiftRows.toRecord(row) as unknown as TRecordOf<"shifts">),
    staff: staff.map((s) => ({
      ...s,
      preferredName: s.preferredName ?? undefined,
      hireDate: s.hireDate ?? undefined,
      terminationDate: s.terminationDate ?? undefined,
      clearanceStatus: s.clearanceStatus as TClearanceStatus,
    })),
    requirements: requirements.map(
      (row) => requirementRows.toRecord(row) as unknown as TRecordOf<"trainingRequirements">,
    ),
    entries: entries.map((e) => ({ ...e, category: e.category as TTrainingCategory })),
    residents: residents.map((r) => ({ ...r, dischargeDate: r.dischargeDate ?? undefined })),
    ...(seesDocuments && withIssues
      ? {
          nightDocuments: {
            types: nightTypes.map((t) => ({
              ...t,
              subject: "staff" as const,
              formCode: t.formCode ?? undefined,
              validityMonths: t.validityMonths ?? undefined,
              archivedAt: null,
            })),
            documents: documents.map((d) => ({
              ...d,
              subject: "staff" as const,
              typeId: d.typeId ?? undefined,
              issueDate: d.issueDate ?? undefined,
              expiryDate: d.expiryDate ?? undefined,
              createdAt: d.createdAt.toISOString(),
              archivedAt: null,
            })),
          },
        }
      : {}),
    // The other home is named only to a user who may see it.
    busyElsewhere: busyTimeElsewhere(
      query.facilityId,
      query.weekStart,
      elsewhere,
      (id) => otherHomes.get(id)?.timeZone || DEFAULT_TIME_ZONE,
      (id) => (canSeeFacility(user, id) ? otherHomes.get(id)?.name : undefined),
    ),
    withIssues,
  });
}

const STAFF_COLUMNS = {
  id: true,
  firstName: true,
  lastName: true,
  preferredName: true,
  position: true,
  status: true,
  facilityId: true,
  hireDate: true,
  terminationDate: true,
  clearanceStatus: true,
} as const;
