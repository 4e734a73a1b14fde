// The list pages' plain-SQL read (list-sql.ts) against Prisma's: the table map is the schema's, the
// translation covers what the repository builds and refuses the rest, and the same conditions answer the
// same records, in the same order, through both (timestamps, money in BIGINT, JSON, arrays, nulls,
// search with wildcards, a cursor and a time range) — on PostgreSQL's pool, and through Prisma's raw
// query on embedded PGlite.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections, type TCollectionName } from "@care/core/registry";
import type { TestApp } from "../test/build-test-app.ts";
import { buildTestApp } from "../test/build-test-app.ts";
import { residentInput } from "../test/fixtures.ts";
import { injectApi } from "../test/inject-api.ts";
import { sqlRows } from "../db/sql-rows.ts";
import { PRISMA_MODELS } from "./collection.repository.ts";
import { listSql, SQL_TABLES } from "./list-sql.ts";
import { genericMapper } from "./row-mappers.ts";

describe("the list pages' SQL", () => {
  it("names each collection's table as the Prisma schema maps its model", () => {
    const schema = readFileSync(resolve(import.meta.dirname, "../../../prisma/schema.prisma"), "utf8");
    const tables = new Map(
      [...schema.matchAll(/^model (\w+) \{[\s\S]*?@@map\("(\w+)"\)/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!]),
    );
    for (const [name, model] of Object.entries(PRISMA_MODELS))
      expect(SQL_TABLES[name as TCollectionName], name).toBe(tables.get(model.toLowerCase()));
  });

  it("translates the repository's conditions with parameters, and refuses any other", () => {
    const sql = listSql(
      "referrals",
      [
        { facilityId: "tull" },
        { archivedAt: null },
        { OR: [{ status: { in: ["new", "contacted"] } }, { closeReason: null }] },
        { OR: [{ lastName: { contains: "50\\%", mode: "insensitive" } }] },
        {
          AND: [
            { referredOn: { lte: "2026-11-01" } },
            { OR: [{ referredOn: { lt: "2026-11-01" } }, { referredOn: "2026-11-01", id: { lt: "r9" } }] },
          ],
        },
      ],
      { field: "referredOn", direction: "desc" },
      51,
    );
    expect(sql).toEqual({
      text:
        'SELECT * FROM "public"."referrals" WHERE ("facilityId" = $1 AND "archivedAt" IS NULL AND ("status" = ANY($2) OR "closeReason" IS NULL)' +
        ' AND ("lastName" ILIKE $3) AND ("referredOn" <= $4 AND ("referredOn" < $5 OR "referredOn" = $6 AND "id" < $7)))' +
        ' ORDER BY "referredOn" DESC, "id" DESC LIMIT $8',
      values: ["tull", ["new", "contacted"], "%50\\%%", "2026-11-01", "2026-11-01", "2026-11-01", "r9", 51],
    });
    const order = { field: "name", direction: "asc" } as const;
    expect(
      listSql("staff", [{ OR: [{ facilityId: { in: [] } }, { otherFacilityIds: { hasSome: ["a"] } }] }], order, 2),
    ).toMatchObject({ text: expect.stringContaining('(FALSE OR "otherFacilityIds" && $1::text[])') });
    expect(listSql("roles", [{ name: { startsWith: "A" } }], order, 2)).toBeNull();
    expect(listSql("roles", [{ 'name"; drop': "x" }], order, 2)).toBeNull();
    expect(listSql("roles", [{ permissions: { path: ["x"] } }], order, 2)).toBeNull();
  });
});

describe("the list pages' SQL against Prisma's answers", () => {
  let t: TestApp;
  let cookie = "";
  const { call } = injectApi(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await t.login(t.admin.email, t.admin.password);
    for (const [lastName, extra] of [
      [
        "Percent 50% off",
        {
          monthlyRateCents: 612_345,
          emergencyContacts: [{ name: "Ruth", relationship: "Daughter", phone: "(559) 555-0100" }],
        },
      ],
      ["Under_score", { preferredName: "Addie", room: "12" }],
      ["Plain", {}],
    ] as const) {
      const created = await call(cookie, "POST", "/residents", { data: residentInput("tull", lastName, extra) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await call(cookie, "POST", "/staff", {
      data: {
        facilityId: "tull",
        firstName: "Grace",
        lastName: "Hopper",
        position: "caregiver",
        otherFacilityIds: ["newman"],
      },
    });
  });

  afterAll(async () => {
    await t?.cleanup();
  });

  const cases: [TCollectionName, Record<string, unknown>[], { field: string; direction: "asc" | "desc" }][] = [
    ["residents", [{ facilityId: "tull" }, { archivedAt: null }], { field: "lastName", direction: "asc" }],
    [
      "residents",
      [{ OR: [{ lastName: { contains: "50\\%", mode: "insensitive" } }] }],
      { field: "createdAt", direction: "desc" },
    ],
    [
      "residents",
      [{ OR: [{ lastName: { contains: "r\\_s", mode: "insensitive" } }] }],
      { field: "createdAt", direction: "desc" },
    ],
    [
      "residents",
      [{ preferredName: { not: null } }, { status: { in: ["active", "hospital"] } }],
      { field: "room", direction: "asc" },
    ],
    [
      "residents",
      [
        {
          AND: [
            { lastName: { gte: "Plain" } },
            { OR: [{ lastName: { gt: "Plain" } }, { lastName: "Plain", id: { gt: "" } }] },
          ],
        },
      ],
      { field: "lastName", direction: "asc" },
    ],
    [
      "staff",
      [{ OR: [{ facilityId: { in: ["newman"] } }, { otherFacilityIds: { hasSome: ["newman"] } }] }],
      { field: "lastName", direction: "asc" },
    ],
    ["facilities", [{ active: true }], { field: "name", direction: "desc" }],
    ["documentTypes", [{ subject: "agent" }, { needsReview: true }], { field: "sortOrder", direction: "asc" }],
    [
      "auditLog",
      [{ at: { gte: new Date(Date.now() - 3_600_000), lt: new Date(Date.now() + 60_000) } }],
      { field: "at", direction: "desc" },
    ],
    ["recordChanges", [{ collection: "residents" }], { field: "createdAt", direction: "asc" }],
    ["roles", [], { field: "name", direction: "asc" }],
  ];

  it.for(cases)("answers %s as Prisma does", async ([name, conditions, orderBy]) => {
    const sql = listSql(name, conditions, orderBy, 100);
    expect(sql).not.toBeNull();
    const mapper = genericMapper(collections[name]);
    const delegate = (
      t.database.prisma as unknown as Record<string, { findMany(a: unknown): Promise<Record<string, unknown>[]> }>
    )[PRISMA_MODELS[name]]!;
    const viaPrisma = await delegate.findMany({
      where: { AND: conditions },
      orderBy: [{ [orderBy.field]: orderBy.direction }, { id: orderBy.direction }],
      take: 100,
    });
    const viaSql = await sqlRows(t.database.prisma, sql!.text, sql!.values);
    expect(viaPrisma.length).toBeGreaterThan(0);
    expect(viaSql.map((row) => mapper.toRecord(row))).toEqual(viaPrisma.map((row) => mapper.toRecord(row)));
  });
});
