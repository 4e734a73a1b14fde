/**
 * Census and occupancy (InsightsPort.report "census"): the residents who lived in the homes in view
 * (or left them by a transfer) and their stay and transfer events, read in two narrow SQL queries, then
 * the shared `censusReportOf`. The rent roll reads the same input for its loss to vacancy.
 */
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import {
  CENSUS_EVENT_TYPES,
  censusReportOf,
  type TCensusInput,
  type TCensusReport,
} from "@care/core/reports/census.report";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { reportScope, type TReportHome } from "./report-scope.ts";

/** A resident as the census reads them, with what the rent roll lists (name, rate). */
export interface TCensusResidentRow {
  id: string;
  facilityId: string;
  status: TResidentStatus;
  admissionDate: string;
  dischargeDate: string | null;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  monthlyRateCents: number | null;
}

/** The census input of the homes: their residents now, and those who moved from them to another home. */
export async function readCensusInput(
  database: Database,
  homes: TReportHome[],
): Promise<Omit<TCensusInput, "residents"> & { residents: TCensusResidentRow[] }> {
  const ids = homes.map((h) => h.id);
  const residentIds = `SELECT "id" FROM "residents" WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1)
    UNION SELECT "residentId" FROM "resident_events"
      WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1) AND "type" IN ('transfer_in', 'transfer_out')`;
  const [residents, events] = await Promise.all([
    sqlRows<TCensusResidentRow>(
      database.prisma,
      `SELECT "id", "facilityId", "status", "admissionDate", "dischargeDate", "firstName", "lastName",
         "preferredName", "monthlyRateCents" FROM "residents"
       WHERE "archivedAt" IS NULL AND "id" IN (${residentIds})`,
      [ids],
    ),
    sqlRows<{
      residentId: string;
      facilityId: string;
      type: string;
      date: string;
      createdAt: Date;
      undoReason: string | null;
    }>(
      database.prisma,
      `SELECT "residentId", "facilityId", "type", "date", "createdAt", "undoReason" FROM "resident_events"
       WHERE "archivedAt" IS NULL AND "type" = ANY($2) AND "residentId" IN (${residentIds})`,
      [ids, CENSUS_EVENT_TYPES],
    ),
  ]);
  return { homes, residents, events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
}

export async function censusReport(database: Database, caller: TCaller, raw: unknown): Promise<TCensusReport> {
  const { query, homes } = await reportScope(database, caller, "census", raw);
  return censusReportOf(await readCensusInput(database, homes), query);
}
