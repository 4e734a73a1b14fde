/**
 * Answers of the API carry residents' and staff members' data, so no browser, proxy or shared cache may
 * keep them: every `/api/` answer is `Cache-Control: no-store` unless its route chose a stricter policy
 * (file downloads say `private, no-store`). The web app's own files set their caching in web-app.plugin.ts.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

function isApiPath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path === "/api" || path.startsWith("/api/");
}

async function cacheHeadersPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.addHook("onSend", async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}

export default fp(cacheHeadersPlugin, { name: "cache-headers", fastify: "5.x" });
