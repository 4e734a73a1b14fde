// A record's history through the real app: every edit of a resident (and staff member, facility) writes
// a change row in the same transaction, with the fields from what to what and who made it; whoever may
// read the record reads its history, nobody writes it; and a stale save names who saved first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../auth/users.ts";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
let tullCookie: string;
let newmanCookie: string;
const { call, get } = injectApi(() => t.app);

const resident = {
  facilityId: "tull",
  firstName: "Margaret",
  lastName: "Okafor",
  preferredName: "Maggie",
  dateOfBirth: "1938-04-02",
  gender: "female",
  room: "3",
  admissionDate: "2025-02-01",
  ambulatoryStatus: "ambulatory",
  codeStatus: "full_code",
  diet: "Regular",
};

async function historyOf(cookie: string, recordId: string) {
  return get(cookie, `/recordChanges${q({ where: { recordId }, orderBy: { field: "at", direction: "desc" } })}`);
}

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  for (const [email, facility] of [
    ["tull.history@example.test", "tull"],
    ["newman.history@example.test", "newman"],
  ] as const)
    await createUser(
      t.database.prisma,
      {
        email,
        password: PASSWORD,
        role: "house-manager",
        facilityIds: [facility],
        displayName: `Nurse of ${facility}`,
      },
      null,
    );
  tullCookie = await t.login("tull.history@example.test", PASSWORD);
  newmanCookie = await t.login("newman.history@example.test", PASSWORD);
});

afterAll(async () => {
  await t?.cleanup();
});

describe("a record's history", () => {
  it("records the creation and each edit with the fields from what to what and who changed them", async () => {
    const created = await call(tullCookie, "POST", "/residents", { data: resident });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edited = await call(tullCookie, "PATCH", `/residents/${id}`, {
      version: 1,
      patch: { room: "5", diet: "Pureed" },
    });
    expect(edited.status).toBe(200);
    // An update that changes nothing leaves no row.
    expect((await call(tullCookie, "PATCH", `/residents/${id}`, { version: 2, patch: { room: "5" } })).status).toBe(
      200,
    );

    const history = await historyOf(tullCookie, id);
    expect(history.status).toBe(200);
    const rows = history.body.items as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.action)).toEqual(["update", "create"]);
    expect(rows[0]).toMatchObject({
      collection: "residents",
      recordId: id,
      facilityId: "tull",
      actorName: "Nurse of tull",
      changes: [
        { field: "room", before: "3", after: "5" },
        { field: "diet", before: "Regular", after: "Pureed" },
      ],
    });
    expect((rows[1]!.changes as Array<{ field: string }>).map((c) => c.field)).toContain("lastName");
  });

  it("is read by whoever may read the record, and written by nobody", async () => {
    const { body } = await call(tullCookie, "POST", "/residents", { data: { ...resident, lastName: "Private" } });
    const id = body.id as string;
    expect(((await historyOf(newmanCookie, id)).body.items as unknown[]).length).toBe(0);
    expect(((await historyOf(adminCookie, id)).body.items as unknown[]).length).toBe(1);
    const forged = await call(adminCookie, "POST", "/recordChanges", {
      data: {
        collection: "residents",
        recordId: id,
        facilityId: "tull",
        at: new Date().toISOString(),
        actorId: null,
        actorName: "Someone",
        action: "update",
        changes: [],
      },
    });
    expect(forged.status).toBe(403);
  });

  it("writes the row in the change's transaction: a refused write leaves no history", async () => {
    const { body } = await call(tullCookie, "POST", "/residents", { data: { ...resident, lastName: "Atomic" } });
    const id = body.id as string;
    const refused = await call(tullCookie, "POST", "/commit", {
      ops: [
        { op: "update", collection: "residents", id, version: 1, patch: { room: "9" } },
        { op: "update", collection: "residents", id: "no-such-resident", version: 1, patch: { room: "1" } },
      ],
    });
    expect(refused.status).toBe(404);
    expect(((await historyOf(tullCookie, id)).body.items as unknown[]).length).toBe(1);
  });

  it("names who saved the newer version when a save is refused as stale", async () => {
    const { body } = await call(tullCookie, "POST", "/residents", { data: { ...resident, lastName: "Stale" } });
    const id = body.id as string;
    expect((await call(tullCookie, "PATCH", `/residents/${id}`, { version: 1, patch: { room: "8" } })).status).toBe(
      200,
    );
    const stale = await call(adminCookie, "PATCH", `/residents/${id}`, { version: 1, patch: { diet: "Soft" } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "CONFLICT", savedBy: "Nurse of tull" });
    expect(stale.body.error.current).toMatchObject({ room: "8", version: 2 });
  });
});
