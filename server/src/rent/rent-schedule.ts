/**
 * The month's rent without a click: at start-up and then every hour, each home's residents are billed
 * for the current month of that home's time zone (so a home's new month is billed within the hour after
 * its midnight). One instance bills a home at a time (a PostgreSQL advisory lock per home, taken with
 * try: another instance already on it is left to finish), and a second run is harmless anyway: a
 * month's charge has a fixed id and is made only when missing.
 */
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import type { TCaller } from "../caller.ts";
import { todayIn } from "@care/core/rules/date-only.rules";
import { billResident, type TDb } from "./rent-billing.ts";

/** How often the schedule looks for homes whose month has no charges yet. */
export const RENT_SCHEDULE_INTERVAL_MS = 60 * 60 * 1000;

/** The server's own writes: no user, no IP (the audit rows say "by the server"). */
const SCHEDULE: TCaller = { user: null, ip: null };

export interface TBillingRun {
  /** Homes billed by this run (the others were being billed by another instance). */
  homes: number;
  /** Residents whose month had no charge yet, checked in full. */
  residents: number;
}

/**
 * Bills every home's current month once: per home, one transaction holding the home's advisory lock,
 * billing each resident still in residence this month or later (the charge only when missing).
 */
export async function billCurrentMonths(database: Database): Promise<TBillingRun> {
  const homes = await database.prisma.facility.findMany({ select: { id: true, timeZone: true } });
  const run: TBillingRun = { homes: 0, residents: 0 };
  for (const home of homes) {
    const month = todayIn(home.timeZone).slice(0, 7);
    await database.prisma.$transaction(
      async (db) => {
        const [lock] = await db.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(hashtext(${`rent-schedule:${home.id}`})) AS locked`;
        if (!lock?.locked) return;
        const unbilled = await unbilledResidents(db, home.id, month);
        for (const resident of unbilled) await billResident(db, SCHEDULE, resident.id);
        run.homes++;
        run.residents += unbilled.length;
      },
      { ...TRANSACTION_OPTIONS, timeout: 5 * 60_000 },
    );
  }
  return run;
}

/**
 * The residents of a home whose month has no charge yet, and who had not left before it: only they need
 * the full check, so an hourly run over a billed month reads nothing but their ids (one anti-join on the
 * charge's derived id, `chargeId`; reading every resident and charge to compare them held megabytes of
 * garbage after each run, and every resident's history seconds and a hundred megabytes before that).
 */
export async function unbilledResidents(db: TDb, facilityId: string, month: string): Promise<{ id: string }[]> {
  return db.$queryRaw<{ id: string }[]>`
    SELECT r."id" FROM "residents" r
    WHERE r."facilityId" = ${facilityId} AND r."archivedAt" IS NULL
      AND (r."dischargeDate" IS NULL OR r."dischargeDate" >= ${`${month}-01`})
      AND NOT EXISTS (
        SELECT 1 FROM "rent_charges" c
        -- chargeId(residentId, month): rent-<residentId>-<month>
        WHERE c."id" = 'rent-' || r."id" || '-' || ${month} AND c."facilityId" = ${facilityId} AND c."month" = ${month}
      )
    ORDER BY r."id"`;
}

/**
 * Starts the schedule (a run now, then every hour); the returned function stops it and resolves once a
 * run in progress has finished, so a shutdown closes the database only after its last query (a
 * SIGTERM during the start-up run otherwise closed the embedded database under it, and the process
 * never exited).
 */
export function startRentSchedule(
  database: Database,
  log: (message: string, error?: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      try {
        const run = await billCurrentMonths(database);
        log(
          `rent schedule: billed the current month of ${run.homes} homes (${run.residents} residents without a charge yet)`,
        );
      } catch (error) {
        log("rent schedule: a run failed; the next one retries", error);
      } finally {
        running = null;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, RENT_SCHEDULE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
