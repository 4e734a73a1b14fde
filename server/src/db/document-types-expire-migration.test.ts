// The migration that lets document types expire: types with a period say they expire, and the shipped
// first aid / CPR type becomes expiring (two years) only where the group never edited it. Each
// migration's SQL replayed in order on an empty embedded PostgreSQL, types written in the old shape,
// then the migration applied.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, expect, it } from "vitest";
import { migrationSql, replayMigrationsBefore } from "./migrations.test-support.ts";

const MIGRATION = "20261129063514_document_types_expire";
const db = new PGlite();
afterAll(() => db.close());

it("marks types with a period as expiring and upgrades the unedited first aid type, leaving an edited one alone", async () => {
  await replayMigrationsBefore(db, MIGRATION);
  await db.exec(`
    insert into document_types (id, subject, name, "validityMonths", version) values
      ('rcfe-staff-first-aid-cpr', 'staff', 'First aid / CPR certificate', null, 1),
      ('rcfe-resident-lic-602a', 'resident', 'Physician''s Report', 12, 3),
      ('rcfe-staff-training', 'staff', 'Training records', null, 1);
  `);
  await db.exec(await migrationSql(MIGRATION));
  const rows = async () =>
    (await db.query(`select id, expires, "validityMonths", version from document_types order by id`)).rows;
  expect(await rows()).toEqual([
    { id: "rcfe-resident-lic-602a", expires: true, validityMonths: 12, version: 3 },
    { id: "rcfe-staff-first-aid-cpr", expires: true, validityMonths: 24, version: 2 },
    { id: "rcfe-staff-training", expires: null, validityMonths: null, version: 1 },
  ]);
});

it("keeps a first aid type the group has edited as they left it", async () => {
  const edited = new PGlite();
  try {
    await replayMigrationsBefore(edited, MIGRATION);
    await edited.exec(`
      insert into document_types (id, subject, name, "validityMonths", version) values
        ('rcfe-staff-first-aid-cpr', 'staff', 'First aid (ours)', null, 2);
    `);
    await edited.exec(await migrationSql(MIGRATION));
    const { rows } = await edited.query(`select expires, "validityMonths", version from document_types`);
    expect(rows).toEqual([{ expires: null, validityMonths: null, version: 2 }]);
  } finally {
    await edited.close();
  }
});
