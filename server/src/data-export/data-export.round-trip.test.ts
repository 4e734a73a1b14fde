// The round trip a care group makes when it moves: `seed:large` at scale 0.05 exported from the test
// database (PostgreSQL when TEST_DATABASE_URL is set), imported through the API into a fresh embedded
// PGlite instance by its first administrator (the group's, same e-mail), and exported again by them.
// The manifests are the same — every collection, CSV and file byte for byte — but for the time of the
// export and the audit log, which holds every exported row as it was and then the round trip's own
// rows (the sign-in on the new instance, the import and the second export).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { seedLarge, type TSeedClient } from "../cli/seed-large.cli.ts";
import { openDatabase, sqlPoolOf, type Database } from "../db/database.ts";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../test/build-test-app.ts";
import { exportAs, importAs, manifestOf, recordsOf } from "./data-export.test-support.ts";

let source: TestApp;
let targetDatabase: Database;
let target: TestApp;

/** seed:large into the test database: in one transaction on PostgreSQL, statement by statement on PGlite. */
async function seed(database: Database): Promise<void> {
  const pool = sqlPoolOf(database.prisma);
  const quiet = { reset: true, log: () => {} };
  if (!pool) {
    const client: TSeedClient = {
      query: async (text, values = []) => ({ rows: await database.prisma.$queryRawUnsafe<unknown[]>(text, ...values) }),
    };
    return seedLarge(client, 0.05, quiet);
  }
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await seedLarge(client, 0.05, quiet);
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  source = await buildTestApp();
  await seed(source.database);
  targetDatabase = await openDatabase({ dataDir: ":memory:" });
  await createUser(
    targetDatabase.prisma,
    { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: "administrator", facilityIds: null },
    null,
  );
  target = await buildTestApp({ database: targetDatabase });
}, 300_000);

afterAll(async () => {
  await target?.cleanup();
  await targetDatabase?.close();
  await source?.cleanup();
});

describe("export → import into embedded PGlite → export", () => {
  it("gives the same manifest, but for its time and the audit log the round trip continued", async () => {
    const first = await exportAs(source.app, await source.login(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(first.status).toBe(200);
    const before = manifestOf(first.entries!);
    expect(before.collections.residents.count).toBe(500);
    expect(before.collections.documents.count).toBeGreaterThan(9_000);

    // The administrator of the new instance is the group's: they import, and carry on signed in.
    const cookie = await target.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const imported = await importAs(target.app, cookie, first.zip!);
    expect(imported.status).toBe(200);
    expect(imported.body.counts.residents).toBe(500);
    expect(imported.body.users).toEqual([expect.objectContaining({ email: TEST_ADMIN.email, oneTimePassword: null })]);

    const second = await exportAs(target.app, cookie);
    expect(second.status).toBe(200);
    const after = manifestOf(second.entries!);
    // The same manifest, but for when it was taken and the audit log, which the round trip continued.
    const {
      exportedAt: _at1,
      collections: { auditLog: log1, ...c1 },
      ...rest1
    } = before;
    const {
      exportedAt: _at2,
      collections: { auditLog: log2, ...c2 },
      ...rest2
    } = after;
    expect(rest2).toEqual(rest1);
    expect(c2).toEqual(c1);
    expect(log2.count).toBeGreaterThan(log1.count);

    // The audit log: every exported row as it was, then the round trip's own rows.
    const rowsBefore = recordsOf(first.entries!, "auditLog");
    const rowsAfter = new Map(recordsOf(second.entries!, "auditLog").map((row) => [row.id, row]));
    expect(rowsBefore.map((row) => rowsAfter.get(row.id))).toEqual(rowsBefore);
    for (const row of rowsBefore) rowsAfter.delete(row.id);
    expect([...rowsAfter.values()].map((row) => row.action).sort()).toEqual(["data_export", "data_import", "login"]);
  }, 300_000);
});
