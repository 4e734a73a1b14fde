// The migration that derives reminder states' ids from their home and key gives every stored state the
// id `reminderStateId` computes on every backend: each migration's SQL replayed in order on an empty
// embedded PostgreSQL, states written under the old ids, then the migration applied.
import { PGlite } from "@electric-sql/pglite";
import { reminderStateId } from "@care/core/rules/reminders.rules";
import { afterAll, expect, it } from "vitest";
import { migrationSql, replayMigrationsBefore } from "./migrations.test-support.ts";

const MIGRATION = "20261127164016_reminder_state_ids";
const db = new PGlite();
afterAll(() => db.close());

it("re-ids every state as reminderStateId(facilityId, key), fields kept", async () => {
  await replayMigrationsBefore(db, MIGRATION);
  const states = [
    { id: "rs-00000000000000000000000000000001", facilityId: "tull", key: "missing|resident|r1|t1" },
    { id: "rs-00000000000000000000000000000002", facilityId: "newman", key: "expiry|d1|2026-12-01" },
    { id: "rs-00000000000000000000000000000003", facilityId: "tull", key: "rota|tull|2026-12-07 — é" },
  ];
  await db.exec(`insert into facilities (id, name) values ('tull', 'Tull'), ('newman', 'Newman')`);
  for (const s of states)
    await db.query(
      `insert into reminder_states (id, "facilityId", key, state, "snoozedUntil") values ($1, $2, $3, 'snoozed', '2026-12-15')`,
      [s.id, s.facilityId, s.key],
    );
  await db.exec(await migrationSql(MIGRATION));
  const { rows } = await db.query(
    `select id, "facilityId", key, state, "snoozedUntil" from reminder_states order by key`,
  );
  expect(rows).toEqual(
    states
      .map((s) => ({
        id: reminderStateId(s.facilityId, s.key),
        facilityId: s.facilityId,
        key: s.key,
        state: "snoozed",
        snoozedUntil: "2026-12-15",
      }))
      .sort((a, b) => (a.key < b.key ? -1 : 1)),
  );
});
