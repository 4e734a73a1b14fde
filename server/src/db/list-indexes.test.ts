/**
 * Issue 6: every list the registry allows is served by an index. For each collection, each filterable
 * field alone and with the header's facility filter, each sort key (both directions), a facility-limited
 * user's list, a deep (cursor) page and a search combined with the facility filter, the repository runs
 * its real query (captured through Prisma's query event); the test then EXPLAINs that statement with
 * `SET enable_seqscan = off` and fails, naming the collection and the query, when the collection's
 * table is read by:
 * - a `Seq Scan` (no index can serve the query at all), or
 * - a whole-index walk (no Index Cond) followed by a Sort: an index used only as a table substitute,
 *   which on a large table is as slow as a sequential scan.
 * Declared exemptions (printed by the test): a search with no other filter (`ILIKE '%x%'` cannot use a
 * b-tree index; with the facility filter, that index must serve it), and the `createdAt` / `updatedAt`
 * sorts every collection allows without a filter (tested with the facility filter instead), since no
 * page of the app lists a whole table in creation order; and the small configuration tables of
 * SMALL_TABLES (a few hundred rows at most). Indexes found missing and not yet added are listed in
 * MISSING_INDEXES with the index that would serve them: the test prints them on every run, fails on
 * any gap not listed, and fails when a listed gap is closed (so the list is always the truth).
 * PostgreSQL at TEST_DATABASE_URL when set, else embedded PGlite (the same planner).
 */
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { CollectionDef } from "@care/core/collection";
import { encodeCursor, META_SORT_FIELDS, type TFilterValue, type TListQuery } from "@care/core/list-query";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSessionUser } from "@care/core/rules/access.test-support";
import { CollectionRepository } from "../collections/collection.repository.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { applyMigrations } from "./migrate.ts";
import { PGliteAdapterFactory } from "./pglite-adapter.ts";

const ADMIN: TSessionUser = testSessionUser("administrator", null, { id: "index-proof-admin", email: "a@x.test" });
const LIMITED: TSessionUser = testSessionUser("house-manager", ["home-a", "home-b"], {
  id: "index-proof-staff",
  email: "s@x.test",
});

/** Configuration tables that stay small (facilities of a group, its staff accounts, document types). */
const SMALL_TABLES: ReadonlySet<string> = new Set(["facilities", "users", "documentTypes"]);

/**
 * Known gaps (issue 6, found by this test): lists over every facility sorted by a field whose only
 * index starts with facilityId. Each entry names the Prisma index that would serve it.
 */
const MISSING_INDEXES: Partial<Record<TCollectionName, Record<string, string>>> = {};

interface Case {
  label: string;
  /** Which MISSING_INDEXES entry a failure of this case belongs to. */
  gap: string;
  user: TSessionUser;
  query: TListQuery;
  /** Search alone may walk the table (declared exemption). */
  searchOnly?: boolean;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

type Explain = (sql: string, params: unknown[]) => Promise<PlanNode>;

type TAdapter = PrismaPg | PGliteAdapterFactory;
/** A Prisma client that reports every statement it sends (the repository's real SQL). */
const withQueryLog = (adapter: TAdapter) =>
  new PrismaClient({ adapter, log: [{ emit: "event" as const, level: "query" as const }] });

let prisma: ReturnType<typeof withQueryLog>;
let explain: Explain;
let close: () => Promise<void>;
let captured: { query: string; params: unknown[] }[] = [];
const exemptions: string[] = [];
const missing: string[] = [];

/** Zod 4 wrappers (optional, nullable, default) around a field's base schema. */
function baseOf(schema: unknown): { options?: unknown[]; safeParse(v: unknown): { success: boolean } } {
  let current = schema as { _zod?: { def: { innerType?: unknown } } };
  while (current._zod?.def.innerType) current = current._zod.def.innerType as typeof current;
  return current as unknown as ReturnType<typeof baseOf>;
}

/** A value the field's schema accepts: an enum's first option, else the first candidate that parses. */
function sampleValue(def: CollectionDef, field: string): TFilterValue {
  if (field === "createdAt" || field === "updatedAt") return "2024-01-01T00:00:00.000Z";
  const base = baseOf(def.schema.shape[field]);
  if (Array.isArray(base.options) && typeof base.options[0] === "string") return base.options[0];
  const candidates: TFilterValue[] = [
    true,
    100,
    "2024-01-01",
    "2024-01-01T00:00:00.000Z",
    "2024-01",
    "home-a",
    "m",
    "m@x.test",
  ];
  const found = candidates.find((value) => base.safeParse(value).success);
  if (found === undefined) throw new Error(`no sample value for ${def.name}.${field}`);
  return found;
}

function casesOf(def: CollectionDef): Case[] {
  const facilityField = def.scope.kind === "facility" ? def.scope.field : null;
  const facilityFilter: Record<string, TFilterValue> =
    facilityField && def.filterable.includes(facilityField as never) ? { [facilityField]: "home-a" } : {};
  const hasFacilityFilter = Object.keys(facilityFilter).length > 0;
  const cases: Case[] = [{ label: "default sort", gap: `sort ${def.defaultSort.field}`, user: ADMIN, query: {} }];
  if (hasFacilityFilter)
    cases.push({ label: "facility filter", gap: "facility filter", user: ADMIN, query: { where: facilityFilter } });
  if (def.scope.kind !== "global" && def.access.read === "signed-in")
    cases.push({ label: "facility-limited user", gap: "facility-limited user", user: LIMITED, query: {} });
  for (const field of def.filterable) {
    const where = { [field]: sampleValue(def, field) };
    cases.push({ label: `filter ${field}`, gap: `filter ${field}`, user: ADMIN, query: { where } });
    if (hasFacilityFilter && !(field in facilityFilter))
      cases.push({
        label: `filter ${field} + facility`,
        gap: `filter ${field} + facility`,
        user: ADMIN,
        query: { where: { ...facilityFilter, ...where } },
      });
  }
  const sorts = [...def.sortable, ...META_SORT_FIELDS];
  for (const field of sorts) {
    const meta = (META_SORT_FIELDS as readonly string[]).includes(field);
    for (const direction of ["asc", "desc"] as const) {
      const orderBy = { field, direction };
      const cursor = encodeCursor(sampleValue(def, field), "m");
      if (!meta) {
        cases.push({ label: `sort ${field} ${direction}`, gap: `sort ${field}`, user: ADMIN, query: { orderBy } });
        cases.push({
          label: `sort ${field} ${direction}, deep page`,
          gap: `sort ${field}`,
          user: ADMIN,
          query: { orderBy, cursor },
        });
      } else if (direction === "asc") {
        exemptions.push(`${def.name}: sort by ${field} without a filter`);
      }
      if (hasFacilityFilter) {
        cases.push({
          label: `sort ${field} ${direction} + facility`,
          gap: `sort ${field} + facility`,
          user: ADMIN,
          query: { orderBy, where: facilityFilter },
        });
        cases.push({
          label: `sort ${field} ${direction} + facility, deep page`,
          gap: `sort ${field} + facility`,
          user: ADMIN,
          query: { orderBy, where: facilityFilter, cursor },
        });
      }
    }
  }
  if (def.searchable.length > 0) {
    cases.push({ label: "search", gap: "search", user: ADMIN, query: { search: "smith" }, searchOnly: true });
    exemptions.push(`${def.name}: search with no other filter (ILIKE '%x%' on ${def.searchable.join(", ")})`);
    if (hasFacilityFilter)
      cases.push({
        label: "search + facility",
        gap: "search + facility",
        user: ADMIN,
        query: { search: "smith", where: facilityFilter },
      });
  }
  return cases;
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The first column of every index, by index name (an index serves a condition on its leading column). */
let leadingColumn = new Map<string, string>();

function usesLeadingColumn(node: PlanNode): boolean {
  const column = leadingColumn.get(node["Index Name"] ?? "");
  const cond = node["Index Cond"];
  if (!column || !cond) return false;
  return cond.includes(`"${column}"`) || new RegExp(`(^|[(\\s])${column}\\s`).test(cond);
}

/** Why the plan does not count as index-served, or null when it does. */
function problemOf(plan: PlanNode, table: string, searchOnly: boolean): string | null {
  const nodes = nodesOf(plan);
  const onTable = nodes.filter((n) => n["Relation Name"] === table);
  if (onTable.length === 0) return `the plan never reads ${table}`;
  if (searchOnly) return null;
  const seq = onTable.find((n) => n["Node Type"] === "Seq Scan");
  if (seq) return `Seq Scan on ${table}`;
  const sorted = nodes.some((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort");
  const indexNodes = nodes.filter((n) => n["Index Name"] && leadingColumn.has(n["Index Name"]));
  for (const node of indexNodes) {
    if (usesLeadingColumn(node)) continue;
    // An ordered walk of a whole index that the LIMIT stops early is fine; walked and then sorted is not.
    if (sorted || node["Node Type"] === "Bitmap Index Scan")
      return `${node["Index Name"]} on ${table} read whole (no condition on its leading column)${sorted ? ", then a Sort" : ""}`;
  }
  return null;
}

function describePlan(node: PlanNode, depth = 0): string {
  const self = `${"  ".repeat(depth)}${node["Node Type"]}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""}${
    node["Relation Name"] ? ` on ${node["Relation Name"]}` : ""
  }${node["Index Cond"] ? ` (${node["Index Cond"]})` : ""}`;
  return [self, ...(node.Plans ?? []).map((child) => describePlan(child, depth + 1))].join("\n");
}

/**
 * Prisma's query event gives parameters as a JSON array (numbers and dates as strings): fine for EXPLAIN.
 * Arrays (a `text[]` condition: a staff member's other homes) stay arrays; other objects become JSON.
 */
function paramsOf(raw: string): unknown[] {
  return (JSON.parse(raw) as unknown[]).map((v) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? JSON.stringify(v) : v,
  );
}

let testDatabase: TestDatabase | undefined;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    testDatabase = await createTestDatabase();
    const url = testDatabase.databaseUrl!;
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on("error", () => {}); // a connection still closing when cleanup drops the database
    prisma = withQueryLog(new PrismaPg(pool));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("SET enable_seqscan = off");
    explain = async (sql, params) => {
      const result = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return result.rows[0]!["QUERY PLAN"][0]!.Plan;
    };
    close = async () => {
      await client.end();
      await prisma.$disconnect();
      await pool.end();
      await testDatabase?.cleanup();
    };
  } else {
    const pglite = new PGlite();
    await applyMigrations({ kind: "pglite", pglite });
    prisma = withQueryLog(new PGliteAdapterFactory(pglite));
    explain = async (sql, params) => {
      await pglite.exec("SET enable_seqscan = off");
      const result = await pglite.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return result.rows[0]!["QUERY PLAN"][0]!.Plan;
    };
    close = async () => {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    };
  }
  const indexes = await prisma.$queryRaw<{ indexname: string; indexdef: string }[]>`
    select indexname, indexdef from pg_indexes where schemaname = 'public'`;
  leadingColumn = new Map(
    indexes.map((i) => [
      i.indexname,
      /\(\s*"?([^",)\s]+)"?/.exec(i.indexdef.slice(i.indexdef.indexOf(" USING ")))?.[1] ?? "",
    ]),
  );
  prisma.$on("query", (event) => captured.push({ query: event.query, params: paramsOf(event.params) }));
});

afterAll(async () => {
  await close?.();
  if (missing.length > 0) console.warn(`[list-indexes] MISSING INDEXES (known gaps):\n  ${missing.join("\n  ")}`);
  if (exemptions.length > 0) console.info(`[list-indexes] declared exemptions:\n  ${exemptions.join("\n  ")}`);
});

describe(`every list query of the registry uses an index (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  for (const name of collectionNames) {
    it(`${name}`, async () => {
      const repository = new CollectionRepository(prisma as unknown as PrismaClient);
      const def: CollectionDef = collections[name as TCollectionName];
      const failures: string[] = [];
      const known = MISSING_INDEXES[name] ?? {};
      const gapsSeen = new Set<string>();
      let checked = 0;
      if (SMALL_TABLES.has(name)) exemptions.push(`${name}: a small configuration table`);
      for (const c of casesOf(def)) {
        captured = [];
        await repository.list({ user: c.user, ip: null }, name, { limit: 50, ...c.query });
        // The list's findMany is the first statement; a view audit row (INSERT) may follow.
        const statement = captured.find((s) => /^\s*SELECT/i.test(s.query));
        if (!statement) throw new Error(`${name} / ${c.label}: no SELECT captured`);
        const table = /FROM "public"\."([^"]+)"/.exec(statement.query)?.[1];
        if (!table) throw new Error(`${name} / ${c.label}: no table in ${statement.query}`);
        const plan = await explain(statement.query, statement.params);
        const problem = SMALL_TABLES.has(name) ? null : problemOf(plan, table, c.searchOnly ?? false);
        checked += 1;
        if (problem && c.gap in known) gapsSeen.add(c.gap);
        else if (problem)
          failures.push(
            `${name} / ${c.label} (${JSON.stringify(c.query)}): ${problem}\n${statement.query.replace(/SELECT .* FROM/, "SELECT … FROM")}\n${describePlan(plan)}`,
          );
      }
      for (const [gap, index] of Object.entries(known)) {
        if (gapsSeen.has(gap)) missing.push(`${name} (${gap}): ${index}`);
        else failures.push(`${name} / ${gap} is index-served now: remove it from MISSING_INDEXES`);
      }
      expect(failures, failures.join("\n\n")).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }
});
