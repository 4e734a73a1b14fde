/**
 * Rent roll and receivables (InsightsPort.report "rent-roll"): each resident's charged, paid, balance
 * and aging computed in SQL over the homes' charges and payments — payments and credits settle the
 * oldest charges first, as `allocatePayments` does, by a running sum — then the shared
 * `rentRollReportOf` for names, homes, totals and loss to vacancy. `rentFiguresInSql` restates the
 * core rule `rentFiguresOf`; rent-roll-report.test.ts feeds both random ledgers and requires the same answers.
 */
import { listName } from "@care/core/rules/person-name.rules";
import {
  rentRollReportOf,
  type TRentFigures,
  type TRentRollReport,
  type TRentWindow,
} from "@care/core/reports/rent-roll.report";
import { lastCountedDay } from "@care/core/reports/report-query.schema";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { readCensusInput } from "./census-report.ts";
import { reportScope } from "./report-scope.ts";

/** Every resident's rent figures of the homes `ids` (residents without a charge or payment absent). */
export async function rentFiguresInSql(
  database: Database,
  ids: readonly string[],
  window: TRentWindow,
): Promise<Map<string, TRentFigures>> {
  const rows = await sqlRows<{
    residentId: string;
    chargedCents: number;
    paidCents: number;
    balanceCents: number;
    days0to30: number;
    days31to60: number;
    days61to90: number;
    over90: number;
  }>(
    database.prisma,
    `WITH charges AS (
       SELECT "residentId", "id", "month", "dueDate",
              CASE WHEN "kind" = 'credit' THEN -"amountCents" ELSE "amountCents" END AS amount
       FROM "rent_charges" WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1)
     ), payments AS (
       -- What each line takes off the balance (paymentEffect): a refund adds, a voided line nothing.
       SELECT "residentId", "receivedOn",
              CASE WHEN "status" = 'voided' THEN 0 WHEN "kind" = 'refund' THEN -"amountCents" ELSE "amountCents" END AS amount
       FROM "payments" WHERE "archivedAt" IS NULL AND "facilityId" = ANY($1)
     ), charged AS (
       SELECT "residentId",
              sum(amount) FILTER (WHERE "dueDate" BETWEEN $2 AND $3) AS charged,
              sum(amount) FILTER (WHERE "dueDate" <= $4) AS due
       FROM charges GROUP BY "residentId"
     ), paid AS (
       SELECT "residentId",
              sum(amount) FILTER (WHERE "receivedOn" BETWEEN $2 AND $3) AS paid,
              sum(amount) FILTER (WHERE "receivedOn" <= $4) AS received
       FROM payments GROUP BY "residentId"
     ), pool AS (
       -- What settles the charges due by the counted day: payments received by then, and credits.
       SELECT "residentId", sum(amount) AS pool FROM (
         SELECT "residentId", amount FROM payments WHERE "receivedOn" <= $4
         UNION ALL SELECT "residentId", -amount FROM charges WHERE amount < 0 AND "dueDate" <= $4
       ) settling GROUP BY "residentId"
     ), owed AS (
       -- Each charge due by then, with the sum of the charges settled before it (oldest first).
       SELECT "residentId", "dueDate", amount,
              sum(amount) OVER (PARTITION BY "residentId"
                ORDER BY "dueDate", coalesce("month", '') COLLATE "C", "id" COLLATE "C"
                ROWS UNBOUNDED PRECEDING) - amount AS before
       FROM charges WHERE amount > 0 AND "dueDate" <= $4
     ), aged AS (
       SELECT o."residentId", ($4::date - o."dueDate"::date) AS days,
              o.amount - least(greatest(coalesce(p.pool, 0) - o.before, 0), o.amount) AS remaining
       FROM owed o LEFT JOIN pool p ON p."residentId" = o."residentId"
     ), buckets AS (
       SELECT "residentId",
              sum(remaining) FILTER (WHERE days <= 30) AS b0,
              sum(remaining) FILTER (WHERE days BETWEEN 31 AND 60) AS b1,
              sum(remaining) FILTER (WHERE days BETWEEN 61 AND 90) AS b2,
              sum(remaining) FILTER (WHERE days > 90) AS b3
       FROM aged GROUP BY "residentId"
     )
     SELECT coalesce(c."residentId", p."residentId") AS "residentId",
            coalesce(c.charged, 0)::bigint AS "chargedCents",
            coalesce(p.paid, 0)::bigint AS "paidCents",
            (coalesce(c.due, 0) - coalesce(p.received, 0))::bigint AS "balanceCents",
            coalesce(b.b0, 0)::bigint AS "days0to30",
            coalesce(b.b1, 0)::bigint AS "days31to60",
            coalesce(b.b2, 0)::bigint AS "days61to90",
            coalesce(b.b3, 0)::bigint AS "over90"
     FROM charged c
     FULL JOIN paid p ON p."residentId" = c."residentId"
     LEFT JOIN buckets b ON b."residentId" = coalesce(c."residentId", p."residentId")`,
    [ids, window.from, window.to, window.countedOn],
  );
  return new Map(
    rows.map((r) => [
      r.residentId,
      {
        chargedCents: r.chargedCents,
        paidCents: r.paidCents,
        balanceCents: r.balanceCents,
        aging: { days0to30: r.days0to30, days31to60: r.days31to60, days61to90: r.days61to90, over90: r.over90 },
      },
    ]),
  );
}

export async function rentRollReport(database: Database, caller: TCaller, raw: unknown): Promise<TRentRollReport> {
  const { query, ids, homes } = await reportScope(database, caller, "rent-roll", raw);
  const countedOn = lastCountedDay(query);
  const [census, figures] = await Promise.all([
    readCensusInput(database, homes),
    rentFiguresInSql(database, ids, { from: query.from, to: query.to, countedOn }),
  ]);
  const people = new Map(census.residents.map((r) => [r.id, { name: listName(r), rateCents: r.monthlyRateCents }]));
  return rentRollReportOf({ census, people, figures }, query);
}
