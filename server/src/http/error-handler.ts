/**
 * The one place that turns errors into HTTP responses. Everything that reaches a client is a
 * `ZErrorBody`; stacks, SQL and driver messages stay in the server log.
 */
import { AppError, defaultMessages, isAppError, type TErrorCode, type TFieldErrors } from "@care/core/app-error";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { toAppError } from "../db/db-errors.ts";

/** The largest request body the JSON routes accept (files have their own limit), in KB. */
export const MAX_JSON_BODY_KB = 1024;

export const STATUS_OF: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Fastify's own 4xx errors (bad JSON, wrong content type, too large …) by status. */
const CODE_OF_STATUS: Record<number, TErrorCode> = {
  400: "VALIDATION",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

const CONTEXT_LABEL: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "params",
  headers: "headers",
};

/** Field errors named by their path inside the body, query or params (dot-joined, `_` for the whole). */
function fieldsOfValidation(error: FastifyError): TFieldErrors {
  const fields: TFieldErrors = {};
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.split("/").filter(Boolean).join(".");
    const missing =
      issue.keyword === "required" && typeof issue.params.missingProperty === "string"
        ? issue.params.missingProperty
        : "";
    const key = [path, missing].filter(Boolean).join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message ?? "Invalid value";
  }
  return fields;
}

/** Maps any thrown value to the AppError the client sees; `unexpected` means log it as a server error. */
export function toResponseError(error: unknown): { appError: AppError; unexpected: boolean } {
  if (isAppError(error)) return { appError: error, unexpected: error.code === "INTERNAL" };
  const fastifyError = error as Partial<FastifyError> | null;
  if (hasZodFastifySchemaValidationErrors(error) || (fastifyError?.validation && fastifyError.validation.length > 0)) {
    const context = CONTEXT_LABEL[(fastifyError as FastifyError).validationContext ?? "body"] ?? "request";
    const message = context === "body" ? defaultMessages.VALIDATION : `The ${context} of the request is not valid.`;
    return {
      appError: new AppError("VALIDATION", message, { fields: fieldsOfValidation(fastifyError as FastifyError) }),
      unexpected: false,
    };
  }
  if (
    error instanceof Error &&
    isResponseSerializationError(error as never) &&
    (error as { code?: string }).code === "FST_ERR_RESPONSE_SERIALIZATION"
  ) {
    return { appError: new AppError("INTERNAL", defaultMessages.INTERNAL), unexpected: true };
  }
  const fromDatabase = toAppError(error);
  if (fromDatabase)
    return {
      appError: fromDatabase,
      unexpected: fromDatabase.code === "INTERNAL" || fromDatabase.code === "UNAVAILABLE",
    };
  const status = fastifyError?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    if (
      fastifyError?.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
      fastifyError?.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
    ) {
      return {
        appError: new AppError("VALIDATION", "The request body is not valid JSON.", {
          fields: { _: "Send a JSON object" },
        }),
        unexpected: false,
      };
    }
    if (fastifyError?.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return {
        appError: new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_JSON_BODY_KB} KB.`),
        unexpected: false,
      };
    }
    const code = CODE_OF_STATUS[status] ?? "VALIDATION";
    const message = code === "VALIDATION" ? "The request is not valid." : defaultMessages[code];
    return { appError: new AppError(code, message), unexpected: false };
  }
  return { appError: new AppError("INTERNAL", defaultMessages.INTERNAL), unexpected: true };
}

/** How long a client should wait before retrying a 503 that names no time of its own. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export function sendAppError(reply: FastifyReply, appError: AppError): FastifyReply {
  const retryAfter =
    appError.retryAfterSeconds ?? (appError.code === "UNAVAILABLE" ? UNAVAILABLE_RETRY_SECONDS : undefined);
  if ((appError.code === "RATE_LIMITED" || appError.code === "UNAVAILABLE") && retryAfter !== undefined) {
    reply.header("retry-after", String(retryAfter));
  }
  return reply.code(STATUS_OF[appError.code]).type("application/json; charset=utf-8").send(appError.toBody());
}

async function errorHandlerPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { appError, unexpected } = toResponseError(error);
    if (unexpected) request.log.error({ err: error }, "request failed");
    else if (appError.code !== "UNAUTHENTICATED") request.log.info({ code: appError.code }, appError.message);
    return sendAppError(reply, appError);
  });
}

/** The JSON 404 for a request no route matches. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendAppError(
    reply,
    new AppError("NOT_FOUND", `No such endpoint: ${request.method} ${request.url.split("?")[0]}`),
  );
}

/** Registers the error handler (the not-found handler lives with the web app's SPA fallback). */
export default fp(errorHandlerPlugin, { name: "error-handler", fastify: "5.x" });
