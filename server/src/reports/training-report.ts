/**
 * Staff training (InsightsPort.report "training"): the homes' staff whose file they keep (not
 * terminated), the group's requirements and those staff members' ledgers, read in plain SQL, then the
 * shared `trainingReportOf` (the training rules of @care/core count the hours).
 */
import type { TTrainingCategory, TTrainingPeriod, TYearBasis } from "@care/core/collections/training.collection";
import { trainingReportOf, type TTrainingReport } from "@care/core/reports/training.report";
import type { TTrainingRequirementLike } from "@care/core/rules/training.rules";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { reportScope } from "./report-scope.ts";

export async function trainingReport(database: Database, caller: TCaller, raw: unknown): Promise<TTrainingReport> {
  const { query, ids, homes } = await reportScope(database, caller, "training", raw);
  const [staff, requirements, entries] = await Promise.all([
    sqlRows<{
      id: string;
      facilityId: string;
      firstName: string;
      lastName: string;
      preferredName: string | null;
      position: string;
      hireDate: string | null;
    }>(
      database.prisma,
      `SELECT "id", "facilityId", "firstName", "lastName", "preferredName", "position", "hireDate" FROM "staff"
       WHERE "archivedAt" IS NULL AND "status" <> 'terminated' AND "facilityId" = ANY($1)`,
      [ids],
    ),
    sqlRows<
      Omit<TTrainingRequirementLike, "period" | "yearBasis" | "categories" | "withinDays"> & {
        period: TTrainingPeriod;
        yearBasis: TYearBasis;
        categories: TTrainingCategory[];
        withinDays: number | null;
      }
    >(
      database.prisma,
      `SELECT "id", "name", "positions", "period", "withinDays", "yearBasis", "hours", "categories", "parts",
         "leadTimeDays" FROM "training_requirements" WHERE "archivedAt" IS NULL ORDER BY "sortOrder", "name", "id"`,
    ),
    sqlRows<{ id: string; staffId: string; date: string; hours: number; category: TTrainingCategory; online: boolean }>(
      database.prisma,
      `SELECT "id", "staffId", "date", "hours", "category", "online" FROM "training_entries"
       WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1) AND "date" <= $2`,
      [ids, query.to],
    ),
  ]);
  return trainingReportOf(
    { homes, staff, requirements: requirements.map((r) => ({ ...r, withinDays: r.withinDays ?? undefined })), entries },
    query,
  );
}
