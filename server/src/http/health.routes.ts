/** Liveness and readiness probes for load balancers, Docker and Kubernetes. */
import { AppError } from "@care/core/app-error";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const READY_TIMEOUT_MS = 2500;

const ZHealth = z.object({ status: z.literal("ok") });

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get("/healthz", { schema: { hide: true, response: { 200: ZHealth } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" as const };
  });

  fastify.get("/readyz", { schema: { hide: true, response: { 200: ZHealth } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await withTimeout(fastify.database.ping(), READY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, "readiness check: database not reachable");
      throw new AppError("UNAVAILABLE", "The database is not reachable.");
    }
    return { status: "ok" as const };
  });
};

export default healthRoutes;
