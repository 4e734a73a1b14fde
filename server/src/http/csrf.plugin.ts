/**
 * CSRF defence: a cross-site form or image cannot set a custom header, so every state-changing request
 * must carry `X-Requested-With` (the http adapter sends `care-portal`). Together with the SameSite=Strict
 * session cookie this keeps other sites from acting on a signed-in user's behalf.
 */
import { AppError } from "@care/core/app-error";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function csrfPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.addHook("onRequest", async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const header = request.headers["x-requested-with"];
    if (typeof header !== "string" || header.trim() === "") {
      throw new AppError("FORBIDDEN", "This request is missing the X-Requested-With header and was refused.");
    }
  });
}

export default fp(csrfPlugin, { name: "csrf", fastify: "5.x" });
