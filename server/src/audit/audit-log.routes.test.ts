// The audit log as the Settings → Audit log page reads it: filters with a time range (a real SQL range),
// cursor pages newest first, counts, and no way to change or remove a row, not even in SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRow } from "./audit-log.ts";
import { buildTestApp, signedInStaff, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD } from "../test/inject-api.ts";

let t: TestApp;
let adminCookie: string;
const { call, get } = injectApi(() => t.app);

/** 150 rows of one actor, a minute apart from 2026-03-01 00:00 UTC; every third on resident r-1. */
const START = Date.parse("2026-03-01T00:00:00.000Z");
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  await t.database.prisma.auditEntry.createMany({
    data: Array.from({ length: 150 }, (_, i) => ({
      ...auditRow({
        action: i % 2 === 0 ? "view" : "update",
        actor: { id: "actor-1", email: "carer@example.test" },
        ip: "203.0.113.5",
        collection: "residents",
        recordId: i % 3 === 0 ? "r-1" : `r-other-${i}`,
        facilityId: i % 5 === 0 ? "tull" : "newman",
      }),
      at: new Date(START + i * MINUTE),
    })),
  });
});

afterAll(async () => {
  await t?.cleanup();
});

type TRow = { id: string; at: string; action: string; recordId: string | null };

describe("time range", () => {
  it("keeps rows from `from` (inclusive) to `to` (exclusive), in the list and its count", async () => {
    const range = { from: "2026-03-01T00:10:00.000Z", to: "2026-03-01T00:20:00.000Z" };
    const where = { actorId: "actor-1" };
    const page = await get(adminCookie, `/auditLog${q({ where, ...range, limit: "100" })}`);
    expect(page.status).toBe(200);
    const ats = (page.body.items as TRow[]).map((row) => row.at);
    expect(ats).toHaveLength(10);
    expect(ats[0]).toBe("2026-03-01T00:19:00.000Z");
    expect(ats.at(-1)).toBe("2026-03-01T00:10:00.000Z");
    expect((await get(adminCookie, `/auditLog/count${q({ where, ...range })}`)).body.count).toBe(10);
    expect((await get(adminCookie, `/auditLog/count${q({ where, from: range.from })}`)).body.count).toBe(140);
    expect((await get(adminCookie, `/auditLog/count${q({ where, to: range.to })}`)).body.count).toBe(20);
  });

  it("takes ends with an offset (a facility's local time) as the same instant", async () => {
    const local = { from: "2026-02-28T16:10:00-08:00", to: "2026-02-28T16:20:00-08:00" };
    expect(
      (await get(adminCookie, `/auditLog/count${q({ where: { actorId: "actor-1" }, ...local })}`)).body.count,
    ).toBe(10);
  });

  it("refuses a malformed or reversed range with a 400 naming the end, and a range where none is declared", async () => {
    const bad = await get(adminCookie, `/auditLog${q({ from: "yesterday" })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ "range.from": "Must be a date and time (ISO 8601)" });
    const reversed = await get(
      adminCookie,
      `/auditLog/count${q({ from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" })}`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields).toEqual({ "range.to": "Must be after the start of the range" });
    const undeclared = await get(adminCookie, `/facilities${q({ from: "2026-03-01T00:00:00Z" })}`);
    expect(undeclared.status).toBe(400);
    expect(Object.keys(undeclared.body.error.fields)).toEqual(["range"]);
  });
});

describe("cursor pages", () => {
  it("walks a filtered range newest first (at, then id, descending) without gaps or repeats", async () => {
    const filters = { where: { actorId: "actor-1", action: "view" }, from: "2026-03-01T00:30:00Z" };
    const seen: TRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await get(adminCookie, `/auditLog${q({ ...filters, limit: "20", ...(cursor ? { cursor } : {}) })}`);
      expect(page.status).toBe(200);
      seen.push(...(page.body.items as TRow[]));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor);
    // Minutes 30..149, the even ones: 60 rows in 3 pages.
    expect(seen).toHaveLength(60);
    expect(pages).toBe(3);
    expect(new Set(seen.map((row) => row.id)).size).toBe(60);
    expect(seen.every((row) => row.action === "view")).toBe(true);
    const ats = seen.map((row) => row.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect((await get(adminCookie, `/auditLog/count${q(filters)}`)).body.count).toBe(60);
  });

  it("lists one record's rows for the record panel (collection and record id)", async () => {
    const page = await get(
      adminCookie,
      `/auditLog${q({ where: { collection: "residents", recordId: "r-1" }, limit: "500" })}`,
    );
    expect((page.body.items as TRow[]).every((row) => row.recordId === "r-1")).toBe(true);
    expect(page.body.items).toHaveLength(50);
  });

  it("answers a facility-limited administrator with their homes' rows only, and staff not at all", async () => {
    const { createUser } = await import("../auth/users.ts");
    await createUser(
      t.database.prisma,
      { email: "tull.admin@example.test", password: TEST_PASSWORD, role: "administrator", facilityIds: ["tull"] },
      null,
    );
    const tullAdmin = await t.login("tull.admin@example.test", TEST_PASSWORD);
    const count = await get(tullAdmin, `/auditLog/count${q({ where: { actorId: "actor-1" } })}`);
    expect(count.body.count).toBe(30);
    const staff = await signedInStaff(t, "staff@example.test", TEST_PASSWORD, ["tull"], "caregiver");
    expect((await get(staff.cookie, "/auditLog")).status).toBe(403);
  });
});

describe("append-only", () => {
  it("refuses PATCH, DELETE and a commit touching audit rows", async () => {
    const [row] = (await get(adminCookie, `/auditLog${q({ limit: "1" })}`)).body.items as TRow[];
    const patch = await call(adminCookie, "PATCH", `/auditLog/${row!.id}`, { version: 1, patch: { summary: "x" } });
    expect(patch.status).toBe(403);
    expect((await call(adminCookie, "DELETE", `/auditLog/${row!.id}?version=1`)).status).toBe(403);
    for (const op of [
      { op: "update", collection: "auditLog", id: row!.id, version: 1, patch: { summary: "x" } },
      { op: "remove", collection: "auditLog", id: row!.id, version: 1 },
      { op: "create", collection: "auditLog", data: { at: new Date().toISOString(), action: "login" } },
    ]) {
      expect((await call(adminCookie, "POST", "/commit", { ops: [op] })).status).toBe(403);
    }
    expect((await get(adminCookie, `/auditLog/${row!.id}`)).body).toMatchObject({ id: row!.id, summary: null });
  });

  it("refuses UPDATE, DELETE and TRUNCATE of audit_log in SQL (a trigger), whoever runs them", async () => {
    const prisma = t.database.prisma;
    await expect(prisma.$executeRawUnsafe(`UPDATE "audit_log" SET "summary" = 'rewritten'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(prisma.$executeRawUnsafe(`DELETE FROM "audit_log"`)).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRawUnsafe(`TRUNCATE "audit_log"`)).rejects.toThrow(/append-only/);
    await expect(prisma.auditEntry.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await prisma.auditEntry.count({ where: { actorId: "actor-1" } })).toBe(150);
  });
});
