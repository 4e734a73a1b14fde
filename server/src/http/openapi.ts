/**
 * The OpenAPI document at `/api/v1/openapi.json`, built by @fastify/swagger from the routes' zod schemas.
 * This file adds what the schemas cannot say: how a caller authenticates (the session cookie, plus the
 * CSRF header on every write), which operations need it, an operation id for each, the error body of
 * every 4xx answer, and a tidy-up of zod's output that OpenAPI 3.0 tools refuse. `@redocly/cli lint`
 * passes on the result (openapi-lint.test.ts).
 */
import { ZErrorBody } from "@care/core/app-error";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { SESSION_COOKIE } from "../auth/sessions.ts";

type TTransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TJson = Record<string, unknown>;

/** The two credentials of the API: the session cookie and the CSRF header (see csrf.plugin.ts). */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The httpOnly session cookie set by POST /api/v1/auth/login.",
  },
  csrfHeader: {
    type: "apiKey",
    in: "header",
    name: "X-Requested-With",
    description: "Any non-empty value; required on every POST, PATCH, PUT and DELETE.",
  },
} as const;

/** What a route that needs no session declares (`schema.security`): only the CSRF header, on a write. */
export const NO_SESSION_WRITE_SECURITY = [{ csrfHeader: [] }];

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const { $schema: _ignored, ...ERROR_BODY_SCHEMA } = z.toJSONSchema(ZErrorBody, { target: "openapi-3.0" }) as TJson;

/** `GET /api/v1/residents/{id}/documents` → `getResidentsByIdDocuments`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]!.toUpperCase() + part.slice(1))
        .join("");
    });
  return `${method.toLowerCase()}${words.join("")}`;
}

/** @fastify/swagger's per-route transform: zod → JSON schema, then security, operation id and errors. */
export function documentRoute(input: TTransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { schema, url } = jsonSchemaTransform(input);
  const out = schema as TJson;
  if (out.hide) return { schema, url };
  const methods = [input.route.method].flat().map(String);
  const method = methods.find((m) => m !== "HEAD") ?? "GET";
  const unsafe = UNSAFE_METHODS.has(method);
  out.operationId ??= operationIdOf(method, url);
  out.security ??= [unsafe ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] }];
  const declared = (out.response ?? {}) as TJson;
  const answersBytes = !Object.keys(declared).some((status) => status.startsWith("2"));
  out.response = {
    // A route without a 2xx schema streams bytes (a file's content).
    ...(answersBytes ? { "2XX": { description: "The bytes asked for, with their Content-Type" } } : {}),
    ...declared,
    "4XX": {
      description: "Refused: `error.code` says why (VALIDATION with `fields`, UNAUTHENTICATED, NOT_FOUND …)",
      ...ERROR_BODY_SCHEMA,
    },
  };
  return { schema: out as typeof schema, url };
}

/**
 * Rewrites what zod emits and OpenAPI 3.0 linters refuse: an `anyOf` of one schema (a union whose other
 * member only transforms, e.g. "" → absent) becomes that schema, so `nullable` has its `type` beside it.
 */
function tidySchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidySchema);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node as TJson).map(([key, value]) => [key, tidySchema(value)] as const);
  let result: TJson = Object.fromEntries(entries);
  const anyOf = result.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && typeof anyOf[0] === "object" && anyOf[0] !== null) {
    const { anyOf: _single, ...rest } = result;
    result = { ...(anyOf[0] as TJson), ...rest };
  }
  return result;
}

/** @fastify/swagger's options: the document's head, its security schemes, and the transforms above. */
export const OPENAPI_OPTIONS = {
  openapi: {
    info: {
      title: "Care Portal API",
      version: "1.0.0",
      description: "The HTTP API of the Care Portal server (docs/http-api.md).",
    },
    servers: [{ url: "/", description: "This server" }],
    components: { securitySchemes: SECURITY_SCHEMES },
  },
  transform: documentRoute,
  transformObject: (input: { openapiObject: Partial<TJson> }) => tidySchema(input.openapiObject) as TJson,
};
