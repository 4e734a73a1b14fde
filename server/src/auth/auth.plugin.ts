/**
 * Who is asking: on every `/api/*` request, the session cookie's JWT is verified, the session row it
 * names is checked (not revoked, not idle, not past its end) and the user is read fresh, or taken from
 * this instance's SessionCache when read less than SESSION_CACHE_MS ago. The result is `request.user`
 * (null when signed out); routes pass it on as the caller (`callerOf` in caller.ts). A user still on
 * a one-time password may only read who they are, change it or sign out. Any write to sign-in/account routes, users
 * or a commit clears the cache before its answer is sent, so its effect applies here at once.
 */
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { passwordChangeRequired } from "@care/core/rules/access.rules";
import { resolveSession, SESSION_COOKIE, SessionCache } from "./sessions.ts";

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: { sid: string; sub: string };
    user: TSessionUser | null;
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** The session row's id when signed in, else null. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** This instance's short-lived session cache; `clear()` after changing sessions or users directly. */
    sessionCache: SessionCache;
  }
}

/**
 * Writes that may end a session or change a user or a role: they clear the session cache before answering. A
 * sign-in only adds a session, so it leaves the cache alone.
 */
const SESSION_CHANGING_WRITE = /^\/api\/v1\/(auth\/(?!login(\?|$))|(users|roles)(\/|\?|$)|commit(\?|$))/;

/** What a user who signed in with a one-time password may call before choosing their own. */
const BEFORE_PASSWORD_CHANGE = /^\/api\/v1\/auth\/(me|password|logout)(\?|$)/;

/** A session token must name its session and carry an expiry: one without `exp` is refused, however signed. */
const ZTokenPayload = z.object({ sid: z.string().min(1).max(100), sub: z.string().min(1), exp: z.number().int() });

/** Session cookie options; Secure follows COOKIE_SECURE (auto: when the request came over HTTPS). */
export function sessionCookieOptions(fastify: FastifyInstance, request: FastifyRequest) {
  const secure = fastify.config.cookieSecure === "auto" ? request.protocol === "https" : fastify.config.cookieSecure;
  return { httpOnly: true, sameSite: "strict" as const, path: "/", secure };
}

export function clearSessionCookie(fastify: FastifyInstance, request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(fastify, request));
}

async function authPlugin(fastify: FastifyInstance): Promise<void> {
  fastify.decorateRequest("user", null);
  fastify.decorateRequest("sessionId", null);
  const cache = new SessionCache();
  fastify.decorate("sessionCache", cache);

  fastify.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD" && SESSION_CHANGING_WRITE.test(request.url))
      cache.clear();
    return payload;
  });

  fastify.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    const user = await attachSession(fastify, request, reply);
    // A one-time password not yet changed: everything else is refused (FORBIDDEN, PASSWORD_CHANGE_REQUIRED).
    if (user?.mustChangePassword && !BEFORE_PASSWORD_CHANGE.test(request.url)) throw passwordChangeRequired();
  });
}

/**
 * Sets `request.user` and `request.sessionId` from the session cookie and returns the user (null when
 * signed out). A cookie that no longer names a live session is cleared. Every `/api/*` request runs it;
 * the web app's page (web-app.plugin.ts) runs it too, to hand the app its user with the page.
 */
export async function attachSession(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TSessionUser | null> {
  if (!request.cookies[SESSION_COOKIE]) return null;
  let sessionId: string;
  try {
    const payload = ZTokenPayload.parse(await request.jwtVerify({ onlyCookie: true }));
    sessionId = payload.sid;
  } catch {
    clearSessionCookie(fastify, request, reply);
    return null;
  }
  const user = await resolveSession(fastify.database.prisma, sessionId, new Date(), fastify.sessionCache);
  if (!user) {
    clearSessionCookie(fastify, request, reply);
    return null;
  }
  request.user = user;
  request.sessionId = sessionId;
  return user;
}

export default fp(authPlugin, { name: "auth", fastify: "5.x", dependencies: ["@fastify/cookie", "@fastify/jwt"] });
