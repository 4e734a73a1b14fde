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
import { sqlRows } from "../db/sql-rows.ts";

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
  // Plain SQL (db/sql-rows.ts): a week reads about 600 rows, and Prisma's row handling cost more than
  // the queries. "Working here": their own home or one of their other homes, not archived or terminated.
  const WORKING = `("facilityId" = $1 OR $1 = ANY("otherFacilityIds")) AND "archivedAt" IS NULL AND status <> 'terminated'`;
  const window = busyWindow(query.weekStart);
  const [homes, shifts, people, residents, requirements, entries, elsewhere] = await Promise.all([
    sqlRows<{ timeZone: string }>(prisma, `SELECT "timeZone" FROM facilities WHERE id = $1`, [query.facilityId]),
    sqlRows(
      prisma,
      `SELECT * FROM shifts WHERE "facilityId" = $1 AND date = ANY($2)${publishedOnly ? " AND published" : ""}
       ORDER BY date, start, id`,
      [query.facilityId, dates],
    ),
    sqlRows<TStaffRow>(prisma, `SELECT ${STAFF_COLUMNS} FROM staff WHERE ${WORKING}`, [query.facilityId]),
    sqlRows<{ status: string; admissionDate: string; dischargeDate: string | null; dementia: boolean }>(
      prisma,
      `SELECT status, "admissionDate", "dischargeDate", dementia FROM residents
       WHERE "facilityId" = $1 AND "archivedAt" IS NULL`,
      [query.facilityId],
    ),
    sqlRows(prisma, `SELECT * FROM training_requirements WHERE "archivedAt" IS NULL`),
    sqlRows<{ id: string; staffId: string; date: string; hours: number; category: string; online: boolean }>(
      prisma,
      `SELECT id, "staffId", date, hours, category, online FROM training_entries
       WHERE "archivedAt" IS NULL AND "staffId" IN (SELECT id FROM staff WHERE ${WORKING})`,
      [query.facilityId],
    ),
    // Their shifts in the other homes, around the week (a night may reach in from either side).
    withIssues
      ? sqlRows<TBusyRow>(
          prisma,
          `SELECT sh."staffId", sh."facilityId", sh.date, sh.start, sh."end", f."timeZone", f.name
           FROM shifts sh JOIN facilities f ON f.id = sh."facilityId"
           WHERE sh."facilityId" <> $1 AND sh.date >= $2 AND sh.date <= $3
             AND sh."staffId" IN (SELECT id FROM staff WHERE ${WORKING})`,
          [query.facilityId, window.from, window.to],
        )
      : [],
  ]);
  const home = homes[0];
  if (!home) throw new AppError("NOT_FOUND", NOT_FOUND);
  const timeZone = home.timeZone || DEFAULT_TIME_ZONE;
  // Anyone a shift names who no longer works here (left, archived) is still shown on their shifts.
  const known = new Set(people.map((s) => s.id));
  const named = [...new Set(shifts.map((s) => String(s.staffId)))].filter((id) => !known.has(id));
  const seesDocuments = can(user, "documents", "read");
  // Night-duty documents are checked for those on a night shift this week: only their documents are read.
  const weekShifts = shifts.map((row) => shiftRows.toRecord(row) as unknown as TRecordOf<"shifts">);
  const nightWorkers = [...nightWorkersOf(weekShifts)];
  const readsNightDocuments = seesDocuments && withIssues && nightWorkers.length > 0;
  const [formerStaff, nightTypes, documents] = await Promise.all([
    named.length > 0
      ? sqlRows<TStaffRow>(prisma, `SELECT ${STAFF_COLUMNS} FROM staff WHERE id = ANY($1)`, [named])
      : [],
    readsNightDocuments
      ? sqlRows<TNightTypeRow>(
          prisma,
          `SELECT * FROM document_types WHERE subject = 'staff' AND "nightDuty" AND "archivedAt" IS NULL`,
        )
      : [],
    readsNightDocuments
      ? sqlRows<TNightDocumentRow>(
          prisma,
          `SELECT id, "subjectId", "facilityId", "typeId", "issueDate", "expiryDate", "createdAt" FROM documents
           WHERE subject = 'staff' AND "subjectId" = ANY($1) AND current AND "archivedAt" IS NULL`,
          [nightWorkers],
        )
      : [],
  ]);
  const staff = [...people, ...formerStaff];
  const otherHomes = new Map(elsewhere.map((s) => [s.facilityId, { timeZone: s.timeZone, name: s.name }]));
  return assembleScheduleWeek({
    query,
    timeZone,
    today: todayIn(timeZone),
    shifts: weekShifts,
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
              current: true,
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
    // Colleagues' clearance, training and employment dates are staff records: for Staff readers only.
    seesStaffDetails: can(user, "staff", "read"),
  });
}

/** A staff member as the week reads them. */
const STAFF_COLUMNS = `id, "firstName", "lastName", "preferredName", position, status, "facilityId", "hireDate",
  "terminationDate", "clearanceStatus"`;

interface TStaffRow {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  position: string;
  status: string;
  facilityId: string;
  hireDate: string | null;
  terminationDate: string | null;
  clearanceStatus: string;
}

/** A shift of someone working here, at another home (with that home's time zone and name). */
interface TBusyRow {
  staffId: string;
  facilityId: string;
  date: string;
  start: string;
  end: string;
  timeZone: string;
  name: string;
}

interface TNightTypeRow {
  id: string;
  name: string;
  formCode: string | null;
  required: boolean;
  validityMonths: number | null;
  leadTimeDays: number;
  facilityIds: string[];
  sortOrder: number;
  reappraisal: boolean;
  nightDuty: boolean;
}

interface TNightDocumentRow {
  id: string;
  subjectId: string;
  facilityId: string | null;
  typeId: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  createdAt: Date;
}
