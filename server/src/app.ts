/**
 * Builds the Fastify app (without listening), so main.ts and every test use the same wiring. Plugins
 * load in order: external (security headers, compression, cookies, JWT, rate limit, multipart), the app's own
 * (error handler, CSRF, auth), then the routes under `/api/v1`, health and the web app.
 */
import { MAX_FILE_BYTES } from "@care/core/ports/file.port";
import { constants as zlib } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyJwt from "@fastify/jwt";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from "fastify";
import type { PinoLoggerOptions } from "fastify/types/logger.js";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { AppError } from "@care/core/app-error";
import authPlugin from "./auth/auth.plugin.ts";
import authRoutes from "./auth/auth.routes.ts";
import { SESSION_COOKIE } from "./auth/sessions.ts";
import type { TConfig } from "./config/config.ts";
import type { Database } from "./db/database.ts";
import csrfPlugin from "./http/csrf.plugin.ts";
import cacheHeadersPlugin from "./http/cache-headers.plugin.ts";
import closingPlugin from "./http/closing.plugin.ts";
import contentTypePlugin from "./http/content-type.plugin.ts";
import proxyCheckPlugin from "./http/proxy-check.plugin.ts";
import errorHandler, { MAX_JSON_BODY_KB, sendAppError } from "./http/error-handler.ts";
import healthRoutes from "./http/health.routes.ts";
import { OPENAPI_OPTIONS } from "./http/openapi.ts";
import webAppPlugin from "./http/web-app.plugin.ts";
import collectionsRoutes from "./collections/collections.routes.ts";
import dataExportRoutes from "./data-export/data-export.routes.ts";
import filesRoutes from "./files/files.routes.ts";
import insightsRoutes from "./insights/insights.routes.ts";
import transfersRoutes from "./transfers/transfers.routes.ts";
import reportsRoutes from "./reports/reports.routes.ts";

/** Smaller answers are sent as they are: compressing them saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

declare module "fastify" {
  interface FastifyInstance {
    config: TConfig;
    database: Database;
  }
}

export interface BuildAppOptions {
  config: TConfig;
  database: Database;
  /** false: no logs; true: pino at config.logLevel; an object: pino options (e.g. a `stream` in tests). */
  logger?: boolean | Record<string, unknown>;
}

/** Never logged: credentials in headers and any password field. */
const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  // @fastify/multipart logs the request headers it hands to busboy (at trace level).
  "busboyOptions.headers.authorization",
  "busboyOptions.headers.cookie",
  "password",
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "body.*.password",
];

function loggerOptions(
  config: TConfig,
  logger: BuildAppOptions["logger"],
): (FastifyLoggerOptions & PinoLoggerOptions) | false {
  if (logger === false) return false;
  const base = { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: "[redacted]" } };
  return logger === true || logger === undefined ? base : { ...base, ...logger, redact: base.redact };
}

/**
 * TRUST_PROXY as Fastify wants it: a hop count becomes "trust the nearest n proxies", a list of
 * addresses "trust requests from these" (Fastify's proxy-addr takes them comma-separated).
 */
function trustProxyOption(
  value: TConfig["trustProxy"],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") return (_address, hop) => hop < value;
  return Array.isArray(value) ? value.join(",") : value;
}

/** Content-Security-Policy: only our own origin; inline styles are needed by the toast library. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  frameSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const fastify = Fastify({
    logger: loggerOptions(config, options.logger),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: MAX_JSON_BODY_KB * 1024,
    // The closing plugin answers requests that arrive while shutting down, in the API's shape.
    return503OnClosing: false,
    // The router's own errors (a path parameter over 100 characters, a malformed URL) in the API's shape.
    frameworkErrors: (error, _request, reply) =>
      sendAppError(
        reply,
        error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? new AppError("NOT_FOUND", "No such record: the id is too long.")
          : new AppError("VALIDATION", "The address of the request is not valid."),
      ),
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.decorate("config", config);
  fastify.decorate("database", database);

  // External plugins.
  await fastify.register(fastifyHelmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES } });
  // Answers of 1 kB and more (lists, insights, the page) go compressed to browsers that accept it: on a
  // phone's connection 60 kB of JSON is half a second. Brotli at quality 4 costs little CPU; the web
  // app's files are sent as the build precompressed them (already encoded, so left alone here).
  await fastify.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await fastify.register(fastifyCookie);
  await fastify.register(fastifyJwt, {
    secret: config.sessionSecret,
    cookie: { cookieName: SESSION_COOKIE, signed: false },
    sign: { algorithm: "HS256", expiresIn: "12h" },
    verify: { algorithms: ["HS256"] },
    decoratorName: "sessionToken",
  });
  await fastify.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError("RATE_LIMITED", "Too many requests. Please wait and try again.", {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });

  // The app's own plugins.
  await fastify.register(errorHandler);
  await fastify.register(closingPlugin);
  await fastify.register(proxyCheckPlugin);
  await fastify.register(cacheHeadersPlugin);
  await fastify.register(csrfPlugin);
  await fastify.register(authPlugin);
  await fastify.register(contentTypePlugin);

  // Routes.
  await fastify.register(fastifySwagger, OPENAPI_OPTIONS as FastifyDynamicSwaggerOptions);
  await fastify.register(authRoutes, { prefix: "/api/v1" });
  await fastify.register(collectionsRoutes, { prefix: "/api/v1" });
  await fastify.register(filesRoutes, { prefix: "/api/v1" });
  await fastify.register(insightsRoutes, { prefix: "/api/v1" });
  await fastify.register(transfersRoutes, { prefix: "/api/v1" });
  await fastify.register(reportsRoutes, { prefix: "/api/v1" });
  await fastify.register(dataExportRoutes, { prefix: "/api/v1" });
  fastify.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => fastify.swagger());
  await fastify.register(healthRoutes);
  await fastify.register(webAppPlugin);

  return fastify;
}
