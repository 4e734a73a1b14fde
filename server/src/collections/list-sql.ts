/**
 * The SQL of the hot read path (list, count, get) as one parameterised statement, sent with
 * `$queryRawUnsafe`: cheaper per request than Prisma's query building and the same query. Values only
 * ever travel as `$n` parameters; identifiers (tables, columns) come from the registry and PRISMA_TABLES
 * and are checked against a plain-identifier pattern before they are quoted. Semantics follow the
 * repository's former Prisma conditions: one-of filters with null, case-insensitive search over the
 * searchable fields (LIKE wildcards in the text escaped), archived rows hidden unless asked for, the
 * facility restriction of limited users, and the keyset cursor with PostgreSQL's default null placement.
 */
import type { TFilterValue } from "@care/core/list-query";
import type { TCollectionName } from "@care/core/registry";

/** The table (Prisma `@@map`) storing each collection. */
export const PRISMA_TABLES = {
  facilities: "facilities",
  users: "users",
  auditLog: "audit_log",
  residents: "residents",
  residentEvents: "resident_events",
  diagnoses: "diagnoses",
  allergies: "allergies",
  medications: "medications",
  vitals: "vitals",
  incidents: "incidents",
  appointments: "appointments",
  rentRates: "rent_rates",
  rentCharges: "rent_charges",
  payments: "payments",
  rentAccounts: "rent_accounts",
  documentTypes: "document_types",
  documents: "documents",
  staff: "staff",
  reminders: "reminders",
  reminderStates: "reminder_states",
} as const satisfies Record<TCollectionName, string>;

export interface TSqlStatement {
  text: string;
  values: unknown[];
}

/** What a list or count selects: validated filters, search, archive and facility restriction. */
export interface TSelection {
  table: string;
  /** Field → the values it may equal (null: the column is null); an empty list matches nothing. */
  where: Record<string, readonly TFilterValue[]>;
  search?: { fields: readonly string[]; text: string };
  includeArchived: boolean;
  /** Only rows whose `column` is one of `ids` (a facility-limited user); null: no restriction. */
  restriction: { column: string; ids: readonly string[] } | null;
}

export interface TListSelection extends TSelection {
  orderBy: { field: string; direction: "asc" | "desc" };
  /** Rows strictly after this one in the sort order; `nullable`: the sort column may hold null. */
  after?: { sortValue: TFilterValue; id: string; nullable: boolean };
  limit: number;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A double-quoted identifier; anything but a plain name is a programming error. */
function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}

function tableOf(table: string): string {
  return `"public".${ident(table)}`;
}

/** Collects parameter values and answers their `$n` placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern (backslash is PostgreSQL's default escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function oneOf(column: string, values: readonly TFilterValue[], params: Params): string {
  const present = values.filter((v) => v !== null);
  const alternatives: string[] = [];
  if (present.length === 1) alternatives.push(`${column} = ${params.add(present[0])}`);
  else if (present.length > 1) alternatives.push(`${column} IN (${present.map((v) => params.add(v)).join(", ")})`);
  if (present.length < values.length) alternatives.push(`${column} IS NULL`);
  if (alternatives.length === 0) return "FALSE";
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(" OR ")})`;
}

function conditionsOf(selection: TSelection, params: Params): string[] {
  const conditions = Object.entries(selection.where).map(([field, values]) => oneOf(ident(field), values, params));
  if (selection.search) {
    const { fields, text } = selection.search;
    if (fields.length === 0) conditions.push("FALSE");
    else {
      const pattern = params.add(likePattern(text));
      const matches = fields.map((field) => `${ident(field)} ILIKE ${pattern}`);
      conditions.push(matches.length === 1 ? matches[0]! : `(${matches.join(" OR ")})`);
    }
  }
  if (!selection.includeArchived) conditions.push(`"archivedAt" IS NULL`);
  if (selection.restriction) {
    const { column, ids } = selection.restriction;
    conditions.push(oneOf(ident(column), ids, params));
  }
  return conditions;
}

/**
 * Rows strictly after the cursor in the order `(field direction, id direction)`, nulls last ascending
 * and first descending. Where no null can follow the cursor, the alternatives are ANDed with
 * `field >= v` (`<=` descending), a bound PostgreSQL can start an index range at.
 */
function afterCursor(selection: TListSelection, params: Params): string | null {
  const after = selection.after;
  if (!after) return null;
  const column = ident(selection.orderBy.field);
  const asc = selection.orderBy.direction === "asc";
  const idAfter = `"id" ${asc ? ">" : "<"} ${params.add(after.id)}`;
  if (after.sortValue === null) {
    const sameNull = `(${column} IS NULL AND ${idAfter})`;
    return asc ? sameNull : `(${sameNull} OR ${column} IS NOT NULL)`;
  }
  const value = params.add(after.sortValue);
  const beyond = `${column} ${asc ? ">" : "<"} ${value}`;
  const same = `(${column} = ${value} AND ${idAfter})`;
  if (asc && after.nullable) return `(${beyond} OR ${same} OR ${column} IS NULL)`;
  return `${column} ${asc ? ">=" : "<="} ${value} AND (${beyond} OR ${same})`;
}

function whereClause(conditions: string[]): string {
  return conditions.length === 0 ? "" : ` WHERE ${conditions.join(" AND ")}`;
}

/** One page (limit rows; the caller asks for one more to know whether a next page exists). */
export function listSql(selection: TListSelection): TSqlStatement {
  const params = new Params();
  const conditions = conditionsOf(selection, params);
  const cursor = afterCursor(selection, params);
  if (cursor) conditions.push(cursor);
  const direction = selection.orderBy.direction === "asc" ? "ASC" : "DESC";
  const text =
    `SELECT * FROM ${tableOf(selection.table)}${whereClause(conditions)}` +
    ` ORDER BY ${ident(selection.orderBy.field)} ${direction}, "id" ${direction} LIMIT ${params.add(selection.limit)}`;
  return { text, values: params.values };
}

/** How many rows match; the count comes back as `n` (an integer). */
export function countSql(selection: TSelection): TSqlStatement {
  const params = new Params();
  const conditions = conditionsOf(selection, params);
  return {
    text: `SELECT COUNT(*)::int AS "n" FROM ${tableOf(selection.table)}${whereClause(conditions)}`,
    values: params.values,
  };
}

/** The row with this id, archived or not. */
export function getSql(table: string, id: string): TSqlStatement {
  return { text: `SELECT * FROM ${tableOf(table)} WHERE "id" = $1`, values: [id] };
}
