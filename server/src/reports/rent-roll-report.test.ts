// The rent roll's SQL (rentFiguresInSql) restates the core rule (rentFiguresOf: charges in the range,
// payments in the range, the balance, and the aging of what is unpaid once payments and credits settle
// the oldest charges first). Random ledgers go to both; every resident's figures must agree — on
// PostgreSQL in CI, on embedded PGlite without TEST_DATABASE_URL.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rentFiguresOf, type TRentWindow } from "@care/core/reports/rent-roll.report";
import { addDays } from "@care/core/rules/date-only.rules";
import type { TestApp } from "../test/build-test-app.ts";
import { buildTestApp } from "../test/build-test-app.ts";
import { residentInput } from "../test/fixtures.ts";
import { injectApi } from "../test/inject-api.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { rentFiguresInSql } from "./rent-roll-report.ts";

const COUNTED_ON = "2026-03-31";
// Days around the buckets' edges (0, 30/31, 60/61, 90/91 days before the counted day) come often.
const day = fc.oneof(
  fc.constantFrom(0, 1, 29, 30, 31, 60, 61, 90, 91, 120, -1).map((n) => addDays(COUNTED_ON, -n)),
  fc.integer({ min: -30, max: 200 }).map((n) => addDays(COUNTED_ON, -n)),
);
const charge = fc.record({
  resident: fc.integer({ min: 0, max: 2 }),
  kind: fc.constantFrom("rent", "rent", "extra", "credit"),
  amountCents: fc.integer({ min: 0, max: 400_000 }),
  dueDate: fc.oneof(fc.constantFrom("2026-01-01", "2026-02-01"), day),
  // Charges often share a due date, and some a month too: the month, then the id, decide which is settled first.
  month: fc.constantFrom("2026-01", "2026-02", "2026-03"),
});
const payment = fc.record({
  resident: fc.integer({ min: 0, max: 2 }),
  amountCents: fc.integer({ min: 1, max: 400_000 }),
  receivedOn: day,
  // Refunds raise the balance, voided lines count for nothing.
  kind: fc.constantFrom("payment", "payment", "refund"),
  status: fc.constantFrom("recorded", "recorded", "voided"),
});
const window = fc.tuple(day, day, fc.oneof(fc.constant(COUNTED_ON), day)).map(([a, b, c]): TRentWindow => {
  const [from, to] = a <= b ? [a, b] : [b, a];
  return { from, to, countedOn: c };
});

describe("the rent roll's SQL", () => {
  let t: TestApp;
  const residents: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const cookie = await t.login(t.admin.email, t.admin.password);
    const { call } = injectApi(() => t.app);
    for (const name of ["Ames", "Bell", "Cole"]) {
      const created = await call(cookie, "POST", "/residents", { data: residentInput("tull", name) });
      residents.push((created.body as { id: string }).id);
    }
  });

  afterAll(async () => {
    await t?.cleanup();
  });

  it("answers every resident's charged, paid, balance and aging as the core rule does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(charge, { maxLength: 16 }),
        fc.array(payment, { maxLength: 10 }),
        window,
        async (charges, payments, win) => {
          const prisma = t.database.prisma;
          await sqlRows(prisma, `DELETE FROM "rent_charges" WHERE "facilityId" = 'tull'`);
          await sqlRows(prisma, `DELETE FROM "payments" WHERE "facilityId" = 'tull'`);
          const stored = charges.map((c, i) => ({
            ...c,
            residentId: residents[c.resident]!,
            id: `c${(i * 7919) % 97}-${i}`,
          }));
          for (const c of stored)
            await sqlRows(
              prisma,
              `INSERT INTO "rent_charges" ("id", "residentId", "facilityId", "month", "kind", "amountCents",
                 "periodStart", "periodEnd", "dueDate", "description")
               VALUES ($1, $2, 'tull', $3, $4, $5, $6, $6, $6, 'Test')`,
              [c.id, c.residentId, c.month, c.kind, c.amountCents, c.dueDate],
            );
          for (const [i, p] of payments.entries())
            await sqlRows(
              prisma,
              `INSERT INTO "payments" ("id", "residentId", "facilityId", "receivedOn", "amountCents", "method", "kind", "status")
               VALUES ($1, $2, 'tull', $3, $4, 'check', $5, $6)`,
              [`p${i}`, residents[p.resident]!, p.receivedOn, p.amountCents, p.kind, p.status],
            );
          const inSql = await rentFiguresInSql(t.database, ["tull"], win);
          for (const [index, id] of residents.entries()) {
            const mine = stored.filter((c) => c.resident === index);
            const paid = payments.filter((p) => p.resident === index);
            if (mine.length === 0 && paid.length === 0) {
              expect(inSql.has(id)).toBe(false);
              continue;
            }
            expect(inSql.get(id)).toEqual(rentFiguresOf(mine, paid, win));
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
