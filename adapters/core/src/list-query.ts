/** The shape of a list request, the same through every adapter, and its validation against a collection. */
import { z } from "zod";
import { AppError } from "./app-error.ts";
import type { CollectionDef } from "./collection.ts";

export type TFilterValue = string | number | boolean | null;

export interface TListQuery {
  /** Equality (or one-of, with an array) on the collection's filterable fields. */
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
}

export interface TPage<T> {
  items: T[];
  /** Present when there may be more records after this page. */
  nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const MAX_IN_VALUES = 30;

export const ZFilterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** Sort fields every collection allows, besides its own. */
export const META_SORT_FIELDS = ["createdAt", "updatedAt"] as const;

/**
 * Checks a list query against the collection's declared filters and sort keys and fills defaults.
 * Adapters call it first, so every backend refuses the same queries with the same message.
 */
export function normalizeListQuery(
  def: CollectionDef,
  query: TListQuery = {},
): Required<Omit<TListQuery, "cursor" | "search">> & Pick<TListQuery, "cursor" | "search"> {
  const fields: Record<string, string> = {};
  const where: Record<string, TFilterValue | TFilterValue[]> = {};
  for (const [field, value] of Object.entries(query.where ?? {})) {
    if (!(def.filterable as readonly string[]).includes(field)) {
      fields[`where.${field}`] = `Cannot filter ${def.name} by ${field}`;
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
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "The list request is not valid.", { fields });
  return {
    where,
    orderBy,
    limit,
    includeArchived: query.includeArchived ?? false,
    ...(query.cursor ? { cursor: query.cursor } : {}),
    ...(search ? { search } : {}),
  };
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
