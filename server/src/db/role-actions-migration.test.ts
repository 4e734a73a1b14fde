// The migration that gives roles their actions gives every stored role the actions
// `actionsOfStoredRole` gives it on every other backend: each migration's SQL replayed in order on an
// empty embedded PostgreSQL, roles written in the old shape, then the migration applied.
import { PGlite } from "@electric-sql/pglite";
import { ACTIONS } from "@care/core/collections/actions";
import { actionsOfStoredRole } from "@care/core/rules/role-actions.rules";
import { afterAll, expect, it } from "vitest";
import { migrationSql, replayMigrationsBefore } from "./migrations.test-support.ts";

const MIGRATION = "20261129063751_role_actions";
const db = new PGlite();
afterAll(() => db.close());

it("gives the shipped roles their defaults and a group's own roles what residents write allowed before", async () => {
  await replayMigrationsBefore(db, MIGRATION);
  // The shipped roles are there already (the roles migration wrote them); the group made three more.
  const made = [
    { id: "night-nurse", permissions: { residents: "write", medical: "write" } },
    { id: "reader", permissions: { residents: "read" } },
    { id: "bookkeeper", permissions: { rent: "write" } },
  ];
  for (const role of made)
    await db.query(`insert into roles (id, name, permissions) values ($1, $1, $2)`, [
      role.id,
      JSON.stringify(role.permissions),
    ]);
  // A caregiver role a group widened keeps the shipped default all the same.
  await db.exec(`update roles set permissions = permissions || '{"users":"write"}' where id = 'caregiver'`);
  await db.exec(await migrationSql(MIGRATION));
  // The actions that came later: only the Administrator role, which always holds every action, gets them.
  await db.exec(await migrationSql("20261129100000_administrator_new_actions"));
  const { rows } = await db.query<{ id: string; permissions: Record<string, unknown>; actions: string[] }>(
    `select id, permissions, actions from roles order by id`,
  );
  expect(rows.map((r) => r.id)).toEqual([
    "administrator",
    "bookkeeper",
    "caregiver",
    "house-manager",
    "night-nurse",
    "office",
    "reader",
  ]);
  for (const row of rows)
    expect({ id: row.id, actions: row.actions }).toEqual({
      id: row.id,
      actions: actionsOfStoredRole(row.id, { permissions: row.permissions }),
    });
  expect(rows.find((r) => r.id === "night-nurse")?.actions).toHaveLength(5);
  expect(rows.find((r) => r.id === "administrator")?.actions).toEqual([...ACTIONS]);
  expect(rows.find((r) => r.id === "caregiver")?.actions).toEqual([]);
});
