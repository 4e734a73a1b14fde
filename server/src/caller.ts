/**
 * Who asks the server for something: the signed-in user (null when signed out), their session and the
 * client's IP. The use cases (`server/src/<area>/<verb>.ts`) and the collection repository take one for
 * their access checks and the audit rows they write; routes make it from the request with `callerOf`.
 */
import { AppError } from "@care/core/app-error";
import type { TArea } from "@care/core/collections/roles.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { assertCan } from "@care/core/rules/access.rules";
import type { FastifyRequest } from "fastify";

export interface TCaller {
  readonly user: TSessionUser | null;
  /** The session row's id when signed in (sign-out ends it, a password change keeps it); absent outside a request. */
  readonly sessionId?: string | null;
  readonly ip: string | null;
}

/** The caller of an HTTP request, as the auth plugin resolved its session. */
export function callerOf(request: FastifyRequest): TCaller {
  return { user: request.user, sessionId: request.sessionId, ip: request.ip };
}

/** The signed-in user; UNAUTHENTICATED (401) when the caller has no live session. */
export function requireUser(caller: TCaller): TSessionUser {
  if (!caller.user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return caller.user;
}

/** The signed-in user when their role gives `level` on `area`; FORBIDDEN otherwise. */
export function requirePermission(caller: TCaller, area: TArea, level: "read" | "write"): TSessionUser {
  return assertCan(requireUser(caller), area, level);
}
