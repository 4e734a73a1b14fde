/**
 * `/api/v1/auth/*`: sign in and out, who am I, password change, ending one's other sessions, and
 * account creation and password resets by an admin. Handlers parse the request, call the use case
 * (sign-in.ts, sign-out.ts, change-password.ts, sign-out-others.ts, add-user.ts, reset-password.ts)
 * and answer; the session cookie is theirs to set and clear.
 */
import { ZUserInvite } from "@care/core/collections/users.collection";
import { ZPasswordChange, ZSessionUser, ZSignIn } from "@care/core/ports/auth.port";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireUser } from "../caller.ts";
import { NO_SESSION_WRITE_SECURITY } from "../http/openapi.ts";
import { addUser } from "./add-user.ts";
import { clearSessionCookie, sessionCookieOptions } from "./auth.plugin.ts";
import { changePassword } from "./change-password.ts";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, issueDeviceToken, trustedDevice } from "./device-cookies.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import { signIn } from "./sign-in.ts";
import { resetPassword } from "./reset-password.ts";
import { signOut } from "./sign-out.ts";
import { signOutOthers } from "./sign-out-others.ts";
import { ZUserRecord } from "./users.ts";

const ZUserBody = z.object({ user: ZSessionUser });
const ZMeBody = z.object({ user: ZSessionUser.nullable() });
const ZNoContent = z.null().describe("No content");
/** A user record with the one-time password the server generated: answered once, never stored readable. */
const ZOneTimePasswordBody = z.object({
  user: ZUserRecord,
  oneTimePassword: z.string(),
  expiresAt: z.iso.datetime().describe("When the one-time password stops working; it works for one sign-in"),
});

const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const database = fastify.database;
  /**
   * Per-instance flood guard per address in front of the database-backed throttle (which holds across
   * instances): it runs once the body is read, so a browser whose device cookie vouches for the e-mail it
   * signs in as passes whatever others send from its address.
   */
  const loginRateLimit = {
    max: 60,
    timeWindow: "1 minute",
    hook: "preHandler" as const,
    allowList: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return (
        typeof email === "string" &&
        trustedDevice(fastify.config.sessionSecret, request.cookies[DEVICE_COOKIE], email) !== null
      );
    },
  };

  fastify.post(
    "/auth/login",
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ["auth"],
        summary: "Sign in",
        security: NO_SESSION_WRITE_SECURITY,
        body: ZSignIn,
        response: { 200: ZUserBody },
      },
    },
    async (request, reply) => {
      const secret = fastify.config.sessionSecret;
      const { user, sessionId } = await signIn(database, callerOf(request), {
        ...request.body,
        userAgent: request.headers["user-agent"] ?? null,
        device: trustedDevice(secret, request.cookies[DEVICE_COOKIE], request.body.email),
      });
      const token = await reply.jwtSign({ sid: sessionId, sub: user.id });
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(fastify, request));
      reply.setCookie(DEVICE_COOKIE, issueDeviceToken(secret, user.email), {
        ...sessionCookieOptions(fastify, request),
        path: "/api/v1/auth/login",
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return { user };
    },
  );

  fastify.post(
    "/auth/logout",
    { schema: { tags: ["auth"], summary: "Sign out and end the session", response: { 204: ZNoContent } } },
    async (request, reply) => {
      await signOut(database, callerOf(request));
      clearSessionCookie(fastify, request, reply);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    "/auth/me",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user",
        description:
          "`user` is null when the request carries no session cookie (a signed-out visit is not an error); " +
          "a session cookie that no longer works (signed out elsewhere, expired, revoked) answers 401 and is cleared.",
        response: { 200: ZMeBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!request.cookies[SESSION_COOKIE]) return { user: null };
      return { user: requireUser(callerOf(request)) };
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
      await changePassword(database, callerOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    "/auth/sessions/end-others",
    {
      schema: {
        tags: ["auth"],
        summary: "End every other session of the signed-in user",
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await signOutOthers(database, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    "/auth/users",
    {
      schema: {
        tags: ["auth"],
        summary: "Create an account with a one-time password (admin)",
        body: ZUserInvite,
        response: { 201: ZOneTimePasswordBody },
      },
    },
    async (request, reply) => reply.code(201).send(await addUser(database, callerOf(request), request.body)),
  );

  fastify.post(
    "/auth/users/:id/password-reset",
    {
      schema: {
        tags: ["auth"],
        summary: "Give a user a new one-time password and end their sessions (admin)",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: ZOneTimePasswordBody },
      },
    },
    async (request) => resetPassword(database, callerOf(request), request.params.id),
  );
};

export default authRoutes;
