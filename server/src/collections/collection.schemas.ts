/**
 * The zod schemas of the generated collection routes. They make the OpenAPI document exact per
 * collection; the handlers still validate writes with the shared rules of `@care/core` so every
 * backend refuses the same input with the same field messages.
 */
import { z } from "zod";
import type { CollectionDef } from "@care/core/collection";
import { ZId, ZRecordMeta } from "@care/core/common.schema";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";

/**
 * The same schema as seen on output: one-way transforms (trim-to-undefined, lower-casing) are
 * replaced by the schema of their input, which describes the stored value too. JSON Schema cannot
 * represent a transform, and the response schema is only used to check and document stored values.
 */
export function withoutTransforms(schema: z.ZodType): z.ZodType {
  const type = schema._zod.def.type;
  if (schema instanceof z.ZodPipe) {
    const out = schema.def.out as z.ZodType;
    return withoutTransforms((out instanceof z.ZodTransform ? schema.def.in : out) as z.ZodType);
  }
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape)) shape[key] = withoutTransforms(field as z.ZodType);
    return z.object(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(withoutTransforms(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return withoutTransforms(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return withoutTransforms(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodDefault)
    return withoutTransforms(schema.unwrap() as z.ZodType).default(schema.def.defaultValue as never);
  if (type === "transform") return z.unknown();
  return schema;
}

/** A stored record of the collection: its fields plus the metadata. */
export function recordSchemaOf(def: CollectionDef): z.ZodObject {
  const fields = withoutTransforms(def.schema) as z.ZodObject;
  return fields.extend(ZRecordMeta.shape);
}

export const ZIdParams = z.object({ id: ZId });

const ZBooleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

/** `GET /<c>/count`: the filter part of a list request. */
export const ZCountQuery = z.object({
  where: z
    .string()
    .max(10_000)
    .optional()
    .describe('JSON object of equality filters, e.g. {"active":true} or {"facilityId":["tull","newman"]}'),
  search: z.string().max(100).optional().describe("Case-insensitive text to find in the searchable fields"),
  includeArchived: ZBooleanFlag.describe("Include archived records (true/false)"),
  from: z
    .string()
    .max(40)
    .optional()
    .describe("Start of a time range (inclusive, ISO 8601), on collections that declare a range field"),
  to: z.string().max(40).optional().describe("End of a time range (exclusive, ISO 8601)"),
});

/** `GET /<c>`: filters, sort (`field:asc|desc`), page size and the cursor of the previous page. */
export const ZListQuery = ZCountQuery.extend({
  sort: z
    .string()
    .regex(/^[A-Za-z0-9_]+:(asc|desc)$/, "Use field:asc or field:desc")
    .optional()
    .describe("Sort key and direction, e.g. name:asc"),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(2000).optional().describe("nextCursor of the previous page"),
  purpose: z
    .enum(["export", "names"])
    .optional()
    .describe(
      "export: the page is read for a CSV export, and audited as an export; names: only each record's id and name fields are answered, and no view is audited",
    ),
});
export type TListQueryString = z.infer<typeof ZListQuery>;

export const ZRemoveQuery = z.object({ version: z.coerce.number().int().positive() });

export const ZCount = z.object({ count: z.number().int().nonnegative() });

export function pageSchemaOf(def: CollectionDef): z.ZodObject {
  return z.object({ items: z.array(recordSchemaOf(def)), nextCursor: z.string().nullable() });
}

export function createBodyOf(def: CollectionDef): z.ZodObject {
  return z.object({
    ...(def.clientIds ? { id: ZId.optional().describe("Client-chosen id; generated when absent") } : {}),
    data: def.schema,
  });
}

/**
 * The fields of a patch, each optional; an optional field may be `null`, which removes it. Built from
 * the shape alone: zod refuses `.partial()` on a schema with cross-field refinements, which apply to the
 * merged record (`validateUpdate`) instead.
 */
function patchSchemaOf(def: CollectionDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, value] of Object.entries(def.schema.shape)) {
    const field = value as z.ZodType;
    shape[key] =
      field.safeParse(undefined).success && !field.safeParse(null).success
        ? field.nullable().describe("null removes the field")
        : field;
  }
  return z.object(shape).partial();
}

export function updateBodyOf(def: CollectionDef): z.ZodObject {
  return z.object({
    version: z.number().int().positive().describe("The version you read"),
    patch: patchSchemaOf(def),
  });
}

/** `POST /commit`: one write per element, of any collection; all are applied or none. */
export const ZCommitBody = z.object({
  ops: z
    .array(
      z.union(
        collectionNames.flatMap((name: TCollectionName) => {
          const def = collections[name];
          return [
            z.object({ op: z.literal("create"), collection: z.literal(name), id: ZId.optional(), data: def.schema }),
            z.object({
              op: z.literal("update"),
              collection: z.literal(name),
              id: ZId,
              version: z.number().int().positive(),
              patch: patchSchemaOf(def),
            }),
            z.object({
              op: z.literal("remove"),
              collection: z.literal(name),
              id: ZId,
              version: z.number().int().positive(),
            }),
          ];
        }) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]],
      ),
    )
    .min(1)
    .max(500),
});
