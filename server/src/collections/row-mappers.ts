/**
 * Database row ↔ record, for every collection. The generic mapper covers tables whose columns are the
 * collection's fields plus the metadata; a collection whose table differs adds an override here.
 */
import type { CollectionDef } from "@care/core/collection";
import type { TCollectionName } from "@care/core/registry";

export type TRow = Record<string, unknown>;
export type TRecord = Record<string, unknown> & { id: string; version: number };

export interface RowMapper {
  /** The record the API answers: the collection's fields (absent when stored null and optional) and the metadata. */
  toRecord(row: TRow): TRecord;
  /** The columns for the collection's fields; absent optional fields become null (cleared). */
  toColumns(fields: Record<string, unknown>): TRow;
}

/** Timestamp columns answer ISO strings; BIGINT (money in cents) answers numbers (ZCents keeps them safe integers). */
function iso(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Columns named like the collection's fields; Date columns answer ISO strings, BIGINT columns numbers.
 * `toRecord` runs for every row of every list page, so it builds one object in one pass over the
 * fields, with what each field keeps decided once per collection.
 */
export function genericMapper(def: CollectionDef): RowMapper {
  const keys = Object.keys(def.schema.shape);
  // Fields whose schema accepts null keep null; for the others a stored null means "absent".
  const keepsNull = keys.map(
    (key) => (def.schema.shape[key] as { safeParse(v: unknown): { success: boolean } }).safeParse(null).success,
  );
  return {
    toRecord(row) {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const value = row[key];
        if (value === undefined || (value === null && !keepsNull[i])) continue;
        record[key] = iso(value);
      }
      record.id = row.id as string;
      record.version = row.version as number;
      record.createdAt = iso(row.createdAt);
      record.updatedAt = iso(row.updatedAt);
      record.createdBy = (row.createdBy as string | null) ?? null;
      record.updatedBy = (row.updatedBy as string | null) ?? null;
      record.archivedAt = row.archivedAt ? iso(row.archivedAt) : null;
      return record as TRecord;
    },
    toColumns(fields) {
      const columns: TRow = {};
      for (const key of keys) columns[key] = fields[key] === undefined ? null : fields[key];
      return columns;
    },
  };
}

/**
 * users: `facilityIds: null` (every facility) is stored as `allFacilities`; the password hash never
 * leaves; the fields only the auth use cases set (`mustChangePassword`, `lastSignInAt`) are never
 * written by a data-port edit, so an edit cannot undo a sign-in or a password reset made meanwhile.
 */
function usersMapper(def: CollectionDef): RowMapper {
  const generic = genericMapper(def);
  return {
    toRecord(row) {
      return {
        ...generic.toRecord(row),
        facilityIds: row.allFacilities ? null : [...((row.facilityIds as string[] | null) ?? [])],
      };
    },
    toColumns(fields) {
      const { facilityIds, mustChangePassword: _must, lastSignInAt: _last, ...columns } = generic.toColumns(fields);
      const ids = facilityIds as string[] | null;
      return { ...columns, allFacilities: ids === null, facilityIds: ids ?? [] };
    },
  };
}

const OVERRIDES: Partial<Record<TCollectionName, (def: CollectionDef) => RowMapper>> = {
  users: usersMapper,
};

/** Does the collection map its rows its own way (then its rows come only from Prisma)? */
export function hasMapperOverride(name: TCollectionName): boolean {
  return OVERRIDES[name] !== undefined;
}

export function rowMapperOf(name: TCollectionName, def: CollectionDef): RowMapper {
  return (OVERRIDES[name] ?? genericMapper)(def);
}
