/** `/api/v1/auth/*`: sign in and out, who am I, password change, and account creation by an admin. */
import { AppError } from "@care/core/app-error";
import { ZUserCreate } from "@care/core/collections/users.collection";
import { ZPasswordChange, ZSessionUser, ZSignIn } from "@care/core/ports/auth.port";
import { assertCanGrantFacilities } from "@care/core/rules/access.rules";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clearSessionCookie, requireAdmin, requireUser, sessionCookieOptions } from "./auth.plugin.ts";
import { clearFailures, recordFailure, secondsLocked } from "./login-throttle.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.ts";
import { createSession, revokeOtherSessions, revokeSession, SESSION_COOKIE } from "./sessions.ts";
import { createUser, sessionUserOf, userRecordOf, ZUserRecord } from "./users.ts";

const WRONG_CREDENTIALS = "The e-mail address or password is not correct.";

const ZUserBody = z.object({ user: ZSessionUser });
const ZNoContent = z.null().describe("No content");

/** Per-instance flood guard in front of the database-backed throttle (which holds across instances). */
const LOGIN_RATE_LIMIT = { max: 60, timeWindow: "1 minute" };

const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const prisma = fastify.database.prisma;

  fastify.post(
    "/auth/login",
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      schema: { tags: ["auth"], summary: "Sign in", body: ZSignIn, response: { 200: ZUserBody } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const ip = request.ip;
      const now = new Date();
      const wait = await secondsLocked(prisma, email, ip, now);
      if (wait > 0) {
        throw new AppError(
          "RATE_LIMITED",
          `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          { retryAfterSeconds: wait },
        );
      }
      const row = await prisma.user.findUnique({ where: { email } });
      const passwordOk = row
        ? await verifyPassword(row.passwordHash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!row || !passwordOk || !row.active || row.archivedAt !== null) {
        await recordFailure(prisma, email, ip, now);
        await fastify.audit.record({
          action: "login_failed",
          request,
          actor: row ? { id: row.id, email: row.email } : null,
          summary: row ? (passwordOk ? "Account inactive" : "Wrong password") : "Unknown e-mail address",
        });
        throw new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS);
      }
      await clearFailures(prisma, email, ip);
      const session = await createSession(prisma, {
        userId: row.id,
        ip,
        userAgent: request.headers["user-agent"] ?? null,
        now,
      });
      const token = await reply.jwtSign({ sid: session.id, sub: row.id });
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(fastify, request));
      const user = sessionUserOf(row);
      await fastify.audit.record({ action: "login", request, actor: { id: user.id, email: user.email } });
      return { user };
    },
  );

  fastify.post(
    "/auth/logout",
    { schema: { tags: ["auth"], summary: "Sign out and end the session", response: { 204: ZNoContent } } },
    async (request, reply) => {
      if (request.sessionId && request.user) {
        await revokeSession(prisma, request.sessionId, new Date());
        await fastify.audit.record({ action: "logout", request });
      }
      clearSessionCookie(fastify, request, reply);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    "/auth/me",
    { schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: ZUserBody } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { user: requireUser(request) };
    },
  );

  fastify.post(
    "/auth/password",
    {
      schema: {
        tags: ["auth"],
        summary: "Change the own password; ends the user's other sessions",
        body: ZPasswordChange,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await prisma.user.findUnique({ where: { id: user.id } });
      if (!row) throw new AppError("UNAUTHENTICATED", "Please sign in.");
      if (!(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
        throw new AppError("VALIDATION", "The current password is not correct.", {
          fields: { currentPassword: "The current password is not correct" },
        });
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      const now = new Date();
      await prisma.user.update({
        where: { id: row.id },
        data: { passwordHash, version: { increment: 1 }, updatedAt: now, updatedBy: user.id },
      });
      const ended = await revokeOtherSessions(prisma, user.id, request.sessionId, now);
      await fastify.audit.record({
        action: "password_change",
        request,
        collection: "users",
        recordId: user.id,
        summary: `Other sessions ended: ${ended}`,
      });
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    "/auth/users",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account (admin)",
        body: ZUserCreate,
        response: { 201: ZUserRecord },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      assertCanGrantFacilities(admin, undefined, request.body.facilityIds);
      const row = await createUser(prisma, request.body, admin.id);
      await fastify.audit.record({
        action: "user_create",
        request,
        collection: "users",
        recordId: row.id,
        summary: `role=${row.role}`,
      });
      return reply.code(201).send(userRecordOf(row));
    },
  );
};

export default authRoutes;
