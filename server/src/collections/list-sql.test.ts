// The read-path SQL builder: values only as parameters, identifiers checked, the cursor's null handling.
import { describe, expect, it } from "vitest";
import { countSql, getSql, likePattern, listSql, type TListSelection } from "./list-sql.ts";

const base: TListSelection = {
  table: "residents",
  where: {},
  includeArchived: false,
  restriction: null,
  orderBy: { field: "lastName", direction: "asc" },
  limit: 51,
};

describe("list-sql", () => {
  it("sends every value as a parameter, never in the text", () => {
    const evil = "x'); DROP TABLE residents; --";
    const statement = listSql({
      ...base,
      where: { facilityId: [evil], status: ["active", "hospital", null] },
      search: { fields: ["firstName", "lastName"], text: evil },
      restriction: { column: "facilityId", ids: ["home-a", "home-b"] },
      after: { sortValue: evil, id: evil, nullable: false },
    });
    expect(statement.text).not.toContain("DROP");
    expect(statement.text).toBe(
      'SELECT * FROM "public"."residents" WHERE "facilityId" = $1 AND ("status" IN ($2, $3) OR "status" IS NULL)' +
        ' AND ("firstName" ILIKE $4 OR "lastName" ILIKE $4) AND "archivedAt" IS NULL AND "facilityId" IN ($5, $6)' +
        ' AND "lastName" >= $8 AND ("lastName" > $8 OR ("lastName" = $8 AND "id" > $7))' +
        ' ORDER BY "lastName" ASC, "id" ASC LIMIT $9',
    );
    expect(statement.values).toEqual([evil, "active", "hospital", `%${evil}%`, "home-a", "home-b", evil, evil, 51]);
  });

  it("refuses an identifier that is not a plain name", () => {
    expect(() => listSql({ ...base, where: { 'a" OR 1=1 --': ["x"] } })).toThrow(/identifier/);
    expect(() => getSql('residents"; --', "x")).toThrow(/identifier/);
  });

  it("escapes LIKE wildcards so they match themselves", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("matches nothing for an empty one-of list or a search without searchable fields", () => {
    expect(countSql({ ...base, where: { status: [] }, restriction: { column: "id", ids: [] } }).text).toBe(
      'SELECT COUNT(*)::int AS "n" FROM "public"."residents" WHERE FALSE AND "archivedAt" IS NULL AND FALSE',
    );
    expect(countSql({ ...base, includeArchived: true, search: { fields: [], text: "x" } }).text).toContain(
      "WHERE FALSE",
    );
  });

  it("pages past nulls: last ascending, first descending", () => {
    const nullAsc = listSql({ ...base, orderBy: { field: "room", direction: "asc" }, after: { sortValue: null, id: "m", nullable: true } });
    expect(nullAsc.text).toContain('("room" IS NULL AND "id" > $1)');
    const nullDesc = listSql({ ...base, orderBy: { field: "room", direction: "desc" }, after: { sortValue: null, id: "m", nullable: true } });
    expect(nullDesc.text).toContain('(("room" IS NULL AND "id" < $1) OR "room" IS NOT NULL)');
    const valueAsc = listSql({ ...base, orderBy: { field: "room", direction: "asc" }, after: { sortValue: "12", id: "m", nullable: true } });
    expect(valueAsc.text).toContain('("room" > $2 OR ("room" = $2 AND "id" > $1) OR "room" IS NULL)');
    const valueDesc = listSql({ ...base, orderBy: { field: "room", direction: "desc" }, after: { sortValue: "12", id: "m", nullable: true } });
    expect(valueDesc.text).toContain('"room" <= $2 AND ("room" < $2 OR ("room" = $2 AND "id" < $1))');
  }); // prettier-ignore
});
