/**
 * Serves the built web app: `/runtime-config.json` (which backend the app talks to), the hashed assets
 * with a long cache (immutable), `index.html` revalidated on every visit, and `index.html` for every
 * client route (SPA fallback). Files are sent as the build precompressed them (`.br`, `.gz` beside each
 * text file) when the browser accepts it, with `Content-Encoding` and `Vary: Accept-Encoding`. Requests no route matches
 * under `/api` (or for files, or from non-browsers) get the JSON 404.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sendRouteNotFound } from "./error-handler.ts";

const NOT_BUILT_MESSAGE = "The Care Portal web app is not built yet. Run `npm run build`, then restart the server.\n";

function wantsIndexHtml(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = request.url.split("?")[0] ?? "/";
  if (path === "/api" || path.startsWith("/api/")) return false;
  const lastSegment = path.split("/").pop() ?? "";
  if (lastSegment.includes(".")) return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("*/*");
}

async function webAppPlugin(fastify: FastifyInstance): Promise<void> {
  const root = fastify.config.webDist;
  const built = existsSync(join(root, "index.html"));

  fastify.get("/runtime-config.json", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { backend: "http" };
  });

  if (built) {
    await fastify.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = /[/\\]assets[/\\]/.test(path);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // The same URL answers compressed or not depending on Accept-Encoding: caches must keep both.
        res.setHeader("vary", "Accept-Encoding");
      },
    });
  } else {
    fastify.log.warn({ webDist: root }, "web app not built: no index.html");
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!built)
      return reply
        .code(200)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send(NOT_BUILT_MESSAGE);
    return reply.sendFile("index.html", root);
  };

  fastify.setNotFoundHandler((request, reply) => {
    if (wantsIndexHtml(request)) return sendIndex(reply);
    return sendRouteNotFound(request, reply);
  });
}

export default fp(webAppPlugin, { name: "web-app", fastify: "5.x", dependencies: ["error-handler"] });
