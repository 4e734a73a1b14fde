/**
 * A list page read in plain SQL (run by db/sql-rows.ts: on PostgreSQL's pool directly). The list pages
 * are the portal's hottest read, and for a page of 50 rows Prisma's `findMany` costs about three times
 * the CPU of the query itself (its query interpreter and its row conversion), which on a small server
 * is most of a request. The repository builds the page's conditions once, as the Prisma where-objects
 * its other reads use; `listSql` translates the subset it builds — equality, one-of, null, ranges,
 * `ILIKE` search, array overlap, AND / OR — into SQL with parameters, and answers null for anything
 * else, so the repository falls back to Prisma rather than guess.
 */
import type { TCollectionName } from "@care/core/registry";

type TWhere = Record<string, unknown>;

/** The table of each collection (the models' `@@map` in prisma/schema.prisma; a test keeps them equal). */
export const SQL_TABLES = {
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
  trainingRequirements: "training_requirements",
  trainingEntries: "training_entries",
  referralAgents: "referral_agents",
  agentFeeTerms: "agent_fee_terms",
  referrals: "referrals",
  referralContacts: "referral_contacts",
  referralFees: "referral_fees",
  shifts: "shifts",
  shiftTemplates: "shift_templates",
  reminders: "reminders",
  reminderStates: "reminder_states",
  recordChanges: "record_changes",
  roles: "roles",
  portalSettings: "portal_settings",
} as const satisfies Record<TCollectionName, string>;

const COLUMN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Thrown while translating when a condition is not of the subset: the caller falls back to Prisma. */
class Untranslatable extends Error {}

function column(field: string): string {
  if (!COLUMN.test(field)) throw new Untranslatable(field);
  return `"${field}"`;
}

/** A value a parameter may carry: what the repository's conditions compare with. */
function scalar(value: unknown): boolean {
  return ["string", "number", "boolean"].includes(typeof value) || value instanceof Date;
}

function translate(where: TWhere, params: unknown[]): string {
  const add = (value: unknown) => `$${params.push(value)}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (key === "AND" || key === "OR") {
      if (!Array.isArray(value)) throw new Untranslatable(key);
      const inner = value.map((w) => translate(w as TWhere, params));
      if (inner.length === 0) parts.push(key === "AND" ? "TRUE" : "FALSE");
      else parts.push(`(${inner.join(key === "AND" ? " AND " : " OR ")})`);
      continue;
    }
    const col = column(key);
    if (value === null) parts.push(`${col} IS NULL`);
    else if (scalar(value)) parts.push(`${col} = ${add(value)}`);
    else if (typeof value === "object" && !Array.isArray(value)) parts.push(fieldConditions(col, value as TWhere, add));
    else throw new Untranslatable(key);
  }
  return parts.length === 0 ? "TRUE" : parts.join(" AND ");
}

function fieldConditions(col: string, filter: TWhere, add: (value: unknown) => string): string {
  const { mode, ...rest } = filter;
  if (mode !== undefined && mode !== "insensitive") throw new Untranslatable(String(mode));
  const parts: string[] = [];
  for (const [op, value] of Object.entries(rest)) {
    if (op === "in" || op === "hasSome") {
      if (!Array.isArray(value) || !value.every(scalar)) throw new Untranslatable(op);
      if (value.length === 0) parts.push("FALSE");
      else parts.push(op === "in" ? `${col} = ANY(${add(value)})` : `${col} && ${add(value)}::text[]`);
    } else if (op === "not" && value === null) parts.push(`${col} IS NOT NULL`);
    else if (op === "contains" && typeof value === "string")
      parts.push(`${col} ${mode === "insensitive" ? "ILIKE" : "LIKE"} ${add(`%${value}%`)}`);
    else if (["equals", "not", "gt", "gte", "lt", "lte"].includes(op) && scalar(value)) {
      const sign = { equals: "=", not: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" }[op]!;
      parts.push(`${col} ${sign} ${add(value)}`);
    } else throw new Untranslatable(op);
  }
  if (parts.length === 0) throw new Untranslatable(col);
  return parts.length === 1 ? parts[0]! : `(${parts.join(" AND ")})`;
}

export interface TListSql {
  text: string;
  values: unknown[];
}

/**
 * The SQL of a list page — the rows matching every condition, in `(field direction, id direction)`
 * order, at most `take` — or null when a condition is outside the subset translated here.
 */
export function listSql(
  name: TCollectionName,
  conditions: readonly TWhere[],
  orderBy: { field: string; direction: "asc" | "desc" },
  take: number,
): TListSql | null {
  const values: unknown[] = [];
  try {
    const where = translate({ AND: conditions }, values);
    const direction = orderBy.direction === "asc" ? "ASC" : "DESC";
    values.push(take);
    return {
      text: `SELECT * FROM "public"."${SQL_TABLES[name]}" WHERE ${where} ORDER BY ${column(orderBy.field)} ${direction}, "id" ${direction} LIMIT $${values.length}`,
      values,
    };
  } catch (error) {
    if (error instanceof Untranslatable) return null;
    throw error;
  }
}
