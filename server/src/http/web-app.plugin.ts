/**
 * Serves the built web app: `/runtime-config.json` (which backend the app talks to), the hashed assets
 * with a long cache (immutable), and `index.html` for every client route (SPA fallback). The page carries
 * its boot block (see web/src/app/boot-block.ts): the runtime config and what `GET /api/v1/auth/me` would
 * answer for this request, so a phone does not wait two more round trips before it can draw the signed-in
 * page. It is therefore built per request and never stored (`no-store` with a user in it, else
 * `no-cache`). Files are sent as the build precompressed them (`.br`, `.gz` beside each
 * text file) when the browser accepts it, with `Content-Encoding` and `Vary: Accept-Encoding`. Requests no route matches
 * under `/api` (or for files, or from non-browsers) get the JSON 404.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ZSessionUser } from "@care/core/ports/auth.port";
import { BOOT_BLOCK_ID, type TRuntimeConfig } from "@care/core/runtime-config.schema";
import { attachSession } from "../auth/auth.plugin.ts";
import { sendRouteNotFound } from "./error-handler.ts";

/** What this server tells the web app: talk to me. */
const HTTP_RUNTIME_CONFIG: TRuntimeConfig = { backend: "http" };

/** JSON inside a <script> data block: `<` escaped, so no value can close the element. */
function bootBlock(value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  return `<script id="${BOOT_BLOCK_ID}" type="application/json">${json}</script>`;
}

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
    return HTTP_RUNTIME_CONFIG;
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

  // The page is read again when the web app is rebuilt under a running server (its scripts are renamed):
  // an old page would name scripts that no longer exist.
  let index = { mtimeMs: -1, html: "" };
  const indexHtml = () => {
    const { mtimeMs } = statSync(join(root, "index.html"));
    if (mtimeMs !== index.mtimeMs) index = { mtimeMs, html: readFileSync(join(root, "index.html"), "utf8") };
    return index.html;
  };
  const withBootBlock = (block: string) => {
    const html = indexHtml();
    return html.includes("</head>") ? html.replace("</head>", `${block}</head>`) : html + block;
  };
  /** A file of the web build added after the server started (a rebuild): served like the others. */
  const builtLater = (url: string): string | null => {
    const path = url.split("?")[0]!;
    if (!built || !/^\/[\w./-]+\.\w+$/.test(path) || path.includes("..")) return null;
    return existsSync(join(root, path)) ? path.slice(1) : null;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built)
      return reply
        .code(200)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send(NOT_BUILT_MESSAGE);
    const user = await attachSession(fastify, request, reply);
    const boot = bootBlock({ config: HTTP_RUNTIME_CONFIG, me: { user: user && ZSessionUser.parse(user) } });
    return reply
      .code(200)
      .type("text/html; charset=utf-8")
      .header("cache-control", user ? "no-store" : "no-cache")
      .send(withBootBlock(boot));
  };

  fastify.setNotFoundHandler((request, reply) => {
    const file = request.method === "GET" || request.method === "HEAD" ? builtLater(request.url) : null;
    if (file) return reply.sendFile(file);
    if (wantsIndexHtml(request)) return sendIndex(request, reply);
    return sendRouteNotFound(request, reply);
  });
}

export default fp(webAppPlugin, { name: "web-app", fastify: "5.x", dependencies: ["error-handler"] });
