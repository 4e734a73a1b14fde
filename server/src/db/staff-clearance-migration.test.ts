// The migration that widened Live Scan clearance keeps every stored clearance: each migration's SQL
// replayed in order on an empty embedded PostgreSQL, staff rows written in the old shape, then the
// migration applied.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, expect, it } from "vitest";
import { migrationSql, replayMigrationsBefore } from "./migrations.test-support.ts";

const MIGRATION = "20261126182352_staff_clearance_statuses";
const db = new PGlite();
afterAll(() => db.close());

it("turns pending into submitted (its date the submission's) and not_cleared into denied; the rest is kept", async () => {
  await replayMigrationsBefore(db, MIGRATION);
  await db.exec(`
    insert into facilities (id, name) values ('tull', 'Tull');
    insert into staff (id, "facilityId", "firstName", "lastName", position, "clearanceStatus", "clearanceDate") values
      ('s1', 'tull', 'A', 'Pending', 'caregiver', 'pending', '2026-10-01'),
      ('s2', 'tull', 'B', 'Refused', 'caregiver', 'not_cleared', '2026-10-02'),
      ('s3', 'tull', 'C', 'Cleared', 'caregiver', 'cleared', '2026-10-03'),
      ('s4', 'tull', 'D', 'New', 'caregiver', 'not_started', null);
  `);
  await db.exec(await migrationSql(MIGRATION));
  const { rows } = await db.query(
    `select id, "clearanceStatus", "clearanceSubmittedDate", "clearanceDate" from staff order by id`,
  );
  expect(rows).toEqual([
    { id: "s1", clearanceStatus: "submitted", clearanceSubmittedDate: "2026-10-01", clearanceDate: null },
    { id: "s2", clearanceStatus: "denied", clearanceSubmittedDate: null, clearanceDate: "2026-10-02" },
    { id: "s3", clearanceStatus: "cleared", clearanceSubmittedDate: null, clearanceDate: "2026-10-03" },
    { id: "s4", clearanceStatus: "not_started", clearanceSubmittedDate: null, clearanceDate: null },
  ]);
});
