/** The shape of a list request, the same through every adapter, and its validation against a collection. */
import { z } from "zod";
import { AppError } from "./app-error.ts";
import type { CollectionDef } from "./collection.ts";

export type TFilterValue = string | number | boolean | null;

export interface TListQuery {
  /**
   * Equality (or one-of, with an array) on the collection's filterable fields, and on `id` in every
   * collection (the records a page names: the audit log shows their names, read in one list).
   */
  where?: Record<string, TFilterValue | TFilterValue[]>;
  /** Case-insensitive text match on the collection's searchable fields. */
  search?: string;
  orderBy?: { field: string; direction: "asc" | "desc" };
  /** Page size, 1..500; default 50. */
  limit?: number;
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor?: string;
  /** Include archived records (archivedAt set); default false. */
  includeArchived?: boolean;
  /**
   * Records whose collection's `rangeField` (a timestamp) lies in `[from, to)`: ISO timestamps, either
   * end may be left open. A real range condition on every backend, so it is answered by an index.
   */
  range?: TTimeRange;
  /**
   * Why the records are read: `export` (a CSV of the list) is audited as an export on every collection,
   * where an ordinary page is audited as a view only on collections that audit views. `names` (a page
   * naming other records, as the audit log does): each record is answered as its id and the fields that
   * name it only (`nameOnly` in rules/record-name.rules.ts), and no view is audited, since nothing of
   * the record but its name is shown.
   */
  purpose?: "export" | "names";
}

/** A time range of a list: from (inclusive) to (exclusive), UTC ISO timestamps. */
export interface TTimeRange {
  from?: string;
  to?: string;
}

/** What narrows a list (and its count): everything but the order, page size and cursor. */
export type TListFilters = Pick<TListQuery, "where" | "search" | "includeArchived" | "range">;

export interface TPage<T> {
  items: T[];
  /** Present when there may be more records after this page. */
  nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const MAX_IN_VALUES = 30;

export const ZFilterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** The filter every collection allows besides its own: records by id (strings only). */
export const ID_FILTER = "id";

/** Sort fields every collection allows, besides its own. */
export const META_SORT_FIELDS = ["createdAt", "updatedAt"] as const;

/**
 * Checks a list query against the collection's declared filters and sort keys and fills defaults.
 * Adapters call it first, so every backend refuses the same queries with the same message.
 */
export function normalizeListQuery(
  def: CollectionDef,
  query: TListQuery = {},
): Required<Omit<TListQuery, "cursor" | "search" | "range" | "purpose">> &
  Pick<TListQuery, "cursor" | "search" | "range" | "purpose"> {
  const fields: Record<string, string> = {};
  const where: Record<string, TFilterValue | TFilterValue[]> = {};
  for (const [field, value] of Object.entries(query.where ?? {})) {
    if (field !== ID_FILTER && !(def.filterable as readonly string[]).includes(field)) {
      fields[`where.${field}`] = `Cannot filter ${def.name} by ${field}`;
      continue;
    }
    if (field === ID_FILTER && !(Array.isArray(value) ? value : [value]).every((v) => typeof v === "string")) {
      fields[`where.${field}`] = "Give record ids";
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length === 0 || value.length > MAX_IN_VALUES) {
        fields[`where.${field}`] = `Give between 1 and ${MAX_IN_VALUES} values`;
        continue;
      }
      if (!value.every((v) => ZFilterValue.safeParse(v).success)) {
        fields[`where.${field}`] = "Invalid filter value";
        continue;
      }
    } else if (!ZFilterValue.safeParse(value).success) {
      fields[`where.${field}`] = "Invalid filter value";
      continue;
    }
    where[field] = value;
  }
  const orderBy = query.orderBy ?? def.defaultSort;
  const sortable = [...def.sortable, ...META_SORT_FIELDS] as readonly string[];
  if (!sortable.includes(orderBy.field)) fields["orderBy"] = `Cannot sort ${def.name} by ${orderBy.field}`;
  if (orderBy.direction !== "asc" && orderBy.direction !== "desc") fields["orderBy"] = "Direction must be asc or desc";
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    fields["limit"] = `Use a page size between 1 and ${MAX_PAGE_SIZE}`;
  const search = query.search?.trim();
  if (search && search.length > 100) fields["search"] = "At most 100 characters";
  if (search && def.searchable.length === 0) fields["search"] = `${def.label} records cannot be searched`;
  const range = query.range ? normalizeRange(def, query.range, fields) : undefined;
  if (range && orderBy.field !== def.rangeField)
    fields["range"] = `A time range lists ${def.name} by ${def.rangeField ?? "its time"}, not by ${orderBy.field}`;
  if (query.cursor !== undefined && !fields["orderBy"]) {
    const problem = cursorProblem(def, orderBy.field, query.cursor);
    if (problem) fields["cursor"] = problem;
  }
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "The list request is not valid.", { fields });
  return {
    where,
    orderBy,
    limit,
    includeArchived: query.includeArchived ?? false,
    ...(query.cursor ? { cursor: query.cursor } : {}),
    ...(search ? { search } : {}),
    ...(range ? { range } : {}),
    ...(query.purpose === "export" || query.purpose === "names" ? { purpose: query.purpose } : {}),
  };
}

const ZRangeEnd = z.iso.datetime({ offset: true });

/**
 * The range of a list with both ends as UTC ISO timestamps (`…Z`, milliseconds), so every backend
 * compares them with its stored timestamps alike; problems go to `fields` (`range.from`, `range.to`).
 * Undefined when neither end is given.
 */
function normalizeRange(def: CollectionDef, range: TTimeRange, fields: Record<string, string>): TTimeRange | undefined {
  if (!def.rangeField) {
    fields["range"] = `${def.label} records cannot be listed by a time range`;
    return undefined;
  }
  const normalized: TTimeRange = {};
  for (const end of ["from", "to"] as const) {
    const value = range[end];
    if (value === undefined) continue;
    if (typeof value !== "string" || !ZRangeEnd.safeParse(value).success) {
      fields[`range.${end}`] = "Must be a date and time (ISO 8601)";
      continue;
    }
    normalized[end] = new Date(value).toISOString();
  }
  if (normalized.from && normalized.to && normalized.from >= normalized.to)
    fields["range.to"] = "Must be after the start of the range";
  return normalized.from || normalized.to ? normalized : undefined;
}

/** Is this ISO timestamp inside the range (from inclusive, to exclusive)? For adapters that filter in memory. */
export function inTimeRange(value: unknown, range: TTimeRange | undefined): boolean {
  if (!range) return true;
  if (typeof value !== "string") return false;
  const at = new Date(value).toISOString();
  return (!range.from || at >= range.from) && (!range.to || at < range.to);
}

/** What a sort field holds, as far as a cursor's value must match it to be compared with the column. */
type TSortKind =
  | { kind: "string" | "timestamp" | "boolean" | "any"; nullable: boolean }
  | { kind: "number"; nullable: boolean; schema: z.ZodType };

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The base type of a field's zod schema under its optional/nullable/default/transform wrappers. */
function sortKindOf(def: CollectionDef, field: string): TSortKind {
  if ((META_SORT_FIELDS as readonly string[]).includes(field)) return { kind: "timestamp", nullable: false };
  let schema = def.schema.shape[field] as z.ZodType | undefined;
  if (!schema) return { kind: "any", nullable: true };
  const absent = schema.safeParse(undefined);
  const nullable = schema.safeParse(null).success || (absent.success && absent.data === undefined);
  for (;;) {
    const inner = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; format?: string };
    if (WRAPPERS.has(inner.type) && inner.innerType) schema = inner.innerType;
    else if (inner.type === "pipe" && inner.in) schema = inner.in;
    else if (inner.type === "string" && inner.format === "datetime") return { kind: "timestamp", nullable };
    else if (inner.type === "string" || inner.type === "enum" || inner.type === "literal")
      return { kind: "string", nullable };
    else if (inner.type === "number" || inner.type === "int") return { kind: "number", nullable, schema };
    else if (inner.type === "boolean") return { kind: "boolean", nullable };
    else return { kind: "any", nullable };
  }
}

const ZCursorTimestamp = z.iso.datetime();

const ZCursorId = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => !id.includes("\u0000"));

/**
 * Why a cursor cannot continue a list sorted by `field`, or null when it can: it must decode, name a
 * plausible id, and carry a sort value of the field's type (a timestamp for a timestamp column, a number
 * in the field's range for a number…), so a tampered cursor is a 400 on every backend, never a database error.
 */
export function cursorProblem(def: CollectionDef, field: string, cursor: string): string | null {
  let decoded: { sortValue: TFilterValue; id: string };
  try {
    decoded = decodeCursor(cursor);
  } catch {
    return "Invalid cursor";
  }
  if (!ZCursorId.safeParse(decoded.id).success) return "Invalid cursor";
  const sort = sortKindOf(def, field);
  const value = decoded.sortValue;
  if (value === null) return sort.nullable ? null : "Invalid cursor";
  const fits =
    sort.kind === "any" ||
    (sort.kind === "string" && typeof value === "string" && !value.includes("\u0000")) ||
    (sort.kind === "timestamp" && ZCursorTimestamp.safeParse(value).success) ||
    (sort.kind === "boolean" && typeof value === "boolean") ||
    (sort.kind === "number" && typeof value === "number" && sort.schema.safeParse(value).success);
  return fits ? null : `Invalid cursor: not a value of ${field}`;
}

/** Cursor = the sort value and id of the last row of the page, base64url JSON (keyset pagination). */
export function encodeCursor(sortValue: unknown, id: string): string {
  return btoa(JSON.stringify([sortValue, id]))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function decodeCursor(cursor: string): { sortValue: TFilterValue; id: string } {
  try {
    const json = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const parsed: unknown = JSON.parse(json);
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[1] === "string" &&
      ZFilterValue.safeParse(parsed[0]).success
    ) {
      return { sortValue: parsed[0] as TFilterValue, id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("VALIDATION", "The list request is not valid.", { fields: { cursor: "Invalid cursor" } });
}
