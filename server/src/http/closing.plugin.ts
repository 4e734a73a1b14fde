/**
 * While the server shuts down (SIGTERM), requests already running finish, and a request that still
 * arrives on an open keep-alive connection gets 503 UNAVAILABLE with `Retry-After` and
 * `Connection: close`, so the client or load balancer retries on another instance.
 */
import { AppError } from "@care/core/app-error";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

async function closingPlugin(fastify: FastifyInstance): Promise<void> {
  let closing = false;
  fastify.addHook("preClose", async () => {
    closing = true;
  });
  fastify.addHook("onRequest", async (_request, reply) => {
    if (!closing) return;
    reply.header("connection", "close");
    throw new AppError("UNAVAILABLE", "The server is restarting. Please try again in a moment.");
  });
}

export default fp(closingPlugin, { name: "closing", fastify: "5.x", dependencies: ["error-handler"] });
