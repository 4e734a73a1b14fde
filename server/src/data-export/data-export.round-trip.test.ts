// The round trip a care group makes when it moves: `seed:large` at scale 0.05 exported from the test
// database (PostgreSQL when TEST_DATABASE_URL is set), imported into a fresh embedded PGlite instance
// through the API, signed in there with the one-time password, and exported again. Every collection,
// the CSVs and every file come back byte for byte (the same checksums); only what the round trip itself
// does differs: the administrator's sign-in and new password on their account, and the audit rows of
// the import, the sign-in, the password change and the second export after the exported ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionNames } from "@care/core/registry";
import { createUser } from "../auth/users.ts";
import { seedLarge, type TSeedClient } from "../cli/seed-large.cli.ts";
import { openDatabase, sqlPoolOf, type Database } from "../db/database.ts";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../test/build-test-app.ts";
import { injectApi } from "../test/inject-api.ts";
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
    { email: "first-admin@example.test", password: TEST_ADMIN.password, role: "administrator", facilityIds: null },
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
  it("gives the same collections, CSVs and files, and the audit log continued", async () => {
    const first = await exportAs(source.app, await source.login(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(first.status).toBe(200);
    const before = manifestOf(first.entries!);
    expect(before.collections.residents.count).toBe(500);
    expect(before.collections.documents.count).toBeGreaterThan(9_000);

    const firstAdmin = await target.login("first-admin@example.test", TEST_ADMIN.password);
    const imported = await importAs(target.app, firstAdmin, first.zip!);
    expect(imported.status).toBe(200);
    expect(imported.body.counts.residents).toBe(500);
    const [account] = imported.body.users as { email: string; oneTimePassword: string }[];
    expect(account?.email).toBe(TEST_ADMIN.email);
    const cookie = await target.login(TEST_ADMIN.email, account!.oneTimePassword);
    const changed = await injectApi(() => target.app).call(cookie, "POST", "/auth/password", {
      currentPassword: account!.oneTimePassword,
      newPassword: "the group's new server password",
    });
    expect(changed.status).toBe(204);

    const second = await exportAs(target.app, cookie);
    expect(second.status).toBe(200);
    const after = manifestOf(second.entries!);
    const { exportedAt: _at1, collections: c1, ...rest1 } = before;
    const { exportedAt: _at2, collections: c2, ...rest2 } = after;
    expect(rest2).toEqual(rest1);
    for (const name of collectionNames)
      if (name !== "users" && name !== "auditLog") expect(c2[name], name).toEqual(c1[name]);

    // The account: as exported, but for the sign-in and the password chosen on the new instance.
    const sameAccount = (user: Record<string, unknown>) => {
      const { lastSignInAt: _last, version: _version, updatedAt: _updated, updatedBy: _by, ...kept } = user;
      return kept;
    };
    expect(recordsOf(second.entries!, "users").map(sameAccount)).toEqual(
      recordsOf(first.entries!, "users").map(sameAccount),
    );
    // The audit log: every exported row as it was, then the round trip's own rows.
    const rowsBefore = recordsOf(first.entries!, "auditLog");
    const rowsAfter = recordsOf(second.entries!, "auditLog");
    const byTime = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      (a.at as string).localeCompare(b.at as string);
    const continued = [...rowsAfter].sort(byTime);
    expect(
      continued.slice(0, rowsBefore.length).sort((a, b) => (a.id as string).localeCompare(b.id as string)),
    ).toEqual(rowsBefore);
    expect(new Set(continued.slice(rowsBefore.length).map((row) => row.action))).toEqual(
      new Set(["data_import", "login", "password_change", "data_export"]),
    );
  }, 300_000);
});
