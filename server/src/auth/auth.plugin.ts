/**
 * Who is asking: on every `/api/*` request, the session cookie's JWT is verified, the session row it
 * names is checked (not revoked, not idle, not past its end) and the user is read fresh. The result is
 * `request.user` (null when signed out); routes call `requireUser(request)`.
 */
import { AppError } from "@care/core/app-error";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { resolveSession, SESSION_COOKIE } from "./sessions.ts";

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
}

const ZTokenPayload = z.object({ sid: z.string().min(1).max(100), sub: z.string().min(1) });

/** The signed-in user; throws UNAUTHENTICATED (401) when the request has no live session. */
export function requireUser(request: FastifyRequest): TSessionUser {
  if (!request.user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return request.user;
}

/** The signed-in user when an administrator; FORBIDDEN otherwise. */
export function requireAdmin(request: FastifyRequest): TSessionUser {
  const user = requireUser(request);
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "Only an administrator may do this.");
  return user;
}

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

  fastify.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    let sessionId: string;
    try {
      const payload = ZTokenPayload.parse(await request.jwtVerify({ onlyCookie: true }));
      sessionId = payload.sid;
    } catch {
      clearSessionCookie(fastify, request, reply);
      return;
    }
    const user = await resolveSession(fastify.database.prisma, sessionId, new Date());
    if (!user) {
      clearSessionCookie(fastify, request, reply);
      return;
    }
    request.user = user;
    request.sessionId = sessionId;
  });
}

export default fp(authPlugin, { name: "auth", fastify: "5.x", dependencies: ["@fastify/cookie", "@fastify/jwt"] });
