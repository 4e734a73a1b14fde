/**
 * The collection routes, generated from the registry: one route set per collection (so the OpenAPI
 * document shows each collection's exact schemas) plus `POST /commit`. Handlers are thin: they parse
 * the request and hand it to the repository (or the commit use case), which applies the access policy
 * and writes audit rows.
 */
import { AppError, validationError } from "@care/core/app-error";
import type { CollectionDef } from "@care/core/collection";
import type { TListQuery } from "@care/core/list-query";
import type { TWriteOp } from "@care/core/ports/data.port";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { callerOf } from "../caller.ts";
import { repositoryOf, type CollectionRepository } from "./collection.repository.ts";
import {
  createBodyOf,
  pageSchemaOf,
  recordSchemaOf,
  updateBodyOf,
  ZCommitBody,
  ZCount,
  ZCountQuery,
  ZIdParams,
  ZListQuery,
  ZRemoveQuery,
  type TListQueryString,
} from "./collection.schemas.ts";
import { commitWrites } from "./commit-writes.ts";

/*
 * Write bodies are validated by the shared rules of @care/core, not by Fastify, so the field errors are
 * named as on every backend (`name`, not `body.data.name`) and defaults are never added to a patch.
 * The route schemas still document them; the raw body is kept before Fastify's validation replaces it.
 */
const rawBodies = new WeakMap<FastifyRequest, unknown>();

function keepRawBody(request: FastifyRequest, _reply: unknown, done: () => void): void {
  rawBodies.set(request, request.body);
  done();
}

/** Only Fastify's body errors are replaced by the shared validation; params and query errors stand. */
function rawBodyOrThrow(request: FastifyRequest): unknown {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error && error.validationContext !== "body") throw error;
  return rawBodies.get(request);
}

function parseEnvelope<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const ZCreateEnvelope = z.object({ id: z.unknown().optional(), data: z.unknown() }, { error: "Expected {id?, data}" });
const ZUpdateEnvelope = z.object({
  version: z.number({ error: "Give the version you read" }).int().positive(),
  patch: z.unknown(),
});
const ZCommitEnvelope = z.object({
  ops: z
    .array(
      z.object({
        op: z.enum(["create", "update", "remove"]),
        collection: z.enum(collectionNames as [TCollectionName, ...TCollectionName[]], { error: "Unknown collection" }),
        id: z.string().optional(),
        version: z.number().int().positive().optional(),
        data: z.unknown().optional(),
        patch: z.unknown().optional(),
      }),
    )
    .min(1, "Give at least one operation")
    .max(500, "At most 500 operations"),
});

/** The commit ops, with the fields each kind requires. */
function parseOps(body: unknown): TWriteOp[] {
  const { ops } = parseEnvelope(ZCommitEnvelope, body);
  const fields: Record<string, string> = {};
  ops.forEach((op, index) => {
    if (op.op !== "create" && op.id === undefined) fields[`ops.${index}.id`] = "Required";
    if (op.op !== "create" && op.version === undefined) fields[`ops.${index}.version`] = "Required";
    if (op.op === "update" && op.patch === undefined) fields[`ops.${index}.patch`] = "Required";
  });
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", defaultValidationMessage, { fields });
  return ops as TWriteOp[];
}

const defaultValidationMessage = "The request is not valid.";

/**
 * Lists and gets answer records built by our own row mappers (the collection's fields and the metadata
 * only; never a password hash), so they are written with plain JSON.stringify: checking every record
 * against its zod schema on the way out cost several times the query. The response schemas stay
 * declared for the OpenAPI document; writes still answer through the checking serializer.
 */
function mappedRecordsSerializer(): (data: unknown) => string {
  return (data) => JSON.stringify(data);
}

function listQueryOf(query: TListQueryString): TListQuery {
  let where: TListQuery["where"];
  if (query.where !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query.where);
    } catch {
      throw new AppError("VALIDATION", "The list request is not valid.", {
        fields: { where: "Must be a JSON object" },
      });
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new AppError("VALIDATION", "The list request is not valid.", {
        fields: { where: "Must be a JSON object" },
      });
    }
    where = parsed as TListQuery["where"];
  }
  const [field, direction] = query.sort?.split(":") ?? [];
  return {
    ...(where ? { where } : {}),
    ...(query.search !== undefined ? { search: query.search } : {}),
    ...(field && direction ? { orderBy: { field, direction: direction as "asc" | "desc" } } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
    ...(query.includeArchived !== undefined ? { includeArchived: query.includeArchived } : {}),
    ...(query.purpose ? { purpose: query.purpose } : {}),
    ...(query.from !== undefined || query.to !== undefined
      ? {
          range: {
            ...(query.from !== undefined ? { from: query.from } : {}),
            ...(query.to !== undefined ? { to: query.to } : {}),
          },
        }
      : {}),
  };
}

function registerCollection(fastify: FastifyInstance, repository: CollectionRepository, name: TCollectionName): void {
  const def: CollectionDef = collections[name];
  const record = recordSchemaOf(def);
  const tags = [name];

  fastify.route({
    method: "GET",
    url: `/${name}`,
    schema: {
      tags,
      summary: `List ${def.label.toLowerCase()} records`,
      querystring: ZListQuery,
      response: { 200: pageSchemaOf(def) },
    },
    serializerCompiler: mappedRecordsSerializer,
    handler: async (request) =>
      repository.list(callerOf(request), name, listQueryOf(request.query as TListQueryString)),
  });

  fastify.route({
    method: "GET",
    url: `/${name}/count`,
    schema: {
      tags,
      summary: `Count ${def.label.toLowerCase()} records`,
      querystring: ZCountQuery,
      response: { 200: ZCount },
    },
    handler: async (request) => ({
      count: await repository.count(callerOf(request), name, listQueryOf(request.query as TListQueryString)),
    }),
  });

  fastify.route({
    method: "GET",
    url: `/${name}/:id`,
    schema: { tags, summary: `Get a ${def.label.toLowerCase()}`, params: ZIdParams, response: { 200: record } },
    serializerCompiler: mappedRecordsSerializer,
    handler: async (request) =>
      repository.get(callerOf(request), name, (request.params as z.infer<typeof ZIdParams>).id),
  });

  fastify.route({
    method: "POST",
    url: `/${name}`,
    schema: {
      tags,
      summary: `Create a ${def.label.toLowerCase()}`,
      body: createBodyOf(def),
      response: { 201: record },
    },
    attachValidation: true,
    preValidation: keepRawBody,
    handler: async (request, reply) => {
      const body = parseEnvelope(ZCreateEnvelope, rawBodyOrThrow(request));
      const created = await repository.create(callerOf(request), name, { id: body.id, data: body.data });
      return reply.code(201).send(created);
    },
  });

  fastify.route({
    method: "PATCH",
    url: `/${name}/:id`,
    schema: {
      tags,
      summary: `Update a ${def.label.toLowerCase()}`,
      params: ZIdParams,
      body: updateBodyOf(def),
      response: { 200: record },
    },
    attachValidation: true,
    preValidation: keepRawBody,
    handler: async (request) => {
      const body = parseEnvelope(ZUpdateEnvelope, rawBodyOrThrow(request));
      return repository.update(
        callerOf(request),
        name,
        (request.params as z.infer<typeof ZIdParams>).id,
        body.version,
        body.patch,
      );
    },
  });

  fastify.route({
    method: "DELETE",
    url: `/${name}/:id`,
    schema: {
      tags,
      summary: `Archive or delete a ${def.label.toLowerCase()}`,
      params: ZIdParams,
      querystring: ZRemoveQuery,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      const { id } = request.params as z.infer<typeof ZIdParams>;
      await repository.remove(callerOf(request), name, id, (request.query as z.infer<typeof ZRemoveQuery>).version);
      return reply.code(204).send();
    },
  });
}

export default async function collectionsRoutes(fastify: FastifyInstance): Promise<void> {
  const repository = repositoryOf(fastify.database.prisma);
  for (const name of collectionNames) registerCollection(fastify, repository, name);

  fastify.route({
    method: "POST",
    url: "/commit",
    schema: {
      tags: ["commit"],
      summary: "Apply several writes atomically (all or none)",
      body: ZCommitBody,
      response: { 204: z.null() },
    },
    attachValidation: true,
    preValidation: keepRawBody,
    handler: async (request, reply) => {
      await commitWrites(fastify.database, callerOf(request), parseOps(rawBodyOrThrow(request)));
      return reply.code(204).send();
    },
  });
}
