/**
 * Behind a reverse proxy the server sees every user coming from the proxy's address, over plain HTTP,
 * unless TRUST_PROXY says which proxy may tell it the client's real address and protocol. Left unset,
 * all users share one address for sign-in throttling and the audit log, and the session cookie is never
 * `Secure`. So with no proxy trusted the server says so in its log at start-up, and warns once more,
 * naming the headers, when the first request carrying `X-Forwarded-For` / `X-Forwarded-Proto` arrives.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const NO_PROXY_TRUSTED =
  "TRUST_PROXY is false: no reverse proxy is trusted. Behind one, every user shares its address (sign-in " +
  "throttling, audit log) and the session cookie is not Secure: set TRUST_PROXY to the proxy's address " +
  "(see the README, section Behind a reverse proxy).";

export const FORWARDED_BUT_UNTRUSTED =
  "A request carries X-Forwarded-For / X-Forwarded-Proto, but TRUST_PROXY is false so the headers are " +
  "ignored: if a reverse proxy is in front of the portal, set TRUST_PROXY to its address.";

async function proxyCheckPlugin(fastify: FastifyInstance): Promise<void> {
  if (fastify.config.trustProxy !== false) return;
  fastify.addHook("onReady", async () => {
    fastify.log.warn(NO_PROXY_TRUSTED);
  });
  let warned = false;
  fastify.addHook("onRequest", async (request) => {
    if (warned) return;
    const forwarded = ["x-forwarded-for", "x-forwarded-proto"].filter((name) => request.headers[name] !== undefined);
    if (forwarded.length === 0) return;
    warned = true;
    request.log.warn({ headers: forwarded, peer: request.socket.remoteAddress }, FORWARDED_BUT_UNTRUSTED);
  });
}

export default fp(proxyCheckPlugin, { name: "proxy-check", fastify: "5.x" });
