/**
 * Server-side sessions (table `sessions`). The cookie's JWT only names a session; whether it is still
 * valid is decided here on every request, so logout, deactivation and role changes apply at once.
 */
import { randomUUID } from "node:crypto";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { sessionUserOf } from "./users.ts";

export const SESSION_COOKIE = "care_session";
/** A session ends after this long without a request. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session, to spare writes. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(
  prisma: PrismaClient,
  input: { userId: string; ip: string | null; userAgent: string | null; now: Date },
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + ABSOLUTE_TIMEOUT_MS);
  const session = await prisma.session.create({
    data: {
      id: randomUUID(),
      userId: input.userId,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
    },
    select: { id: true, expiresAt: true },
  });
  return session;
}

/**
 * The signed-in user of a live session, with role and facilities read fresh; null when the session is
 * unknown, revoked, idle too long, past its absolute end, or its user is inactive or archived.
 */
export async function resolveSession(prisma: PrismaClient, sessionId: string, now: Date): Promise<TSessionUser | null> {
  const session = await prisma.session.findUnique({ where: { id: sessionId }, include: { user: true } });
  if (!session || session.revokedAt !== null) return null;
  if (session.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > IDLE_TIMEOUT_MS) return null;
  const { user } = session;
  if (!user.active || user.archivedAt !== null) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { lastSeenAt: now } });
  }
  return sessionUserOf(user);
}

export async function revokeSession(prisma: PrismaClient, sessionId: string, now: Date): Promise<void> {
  await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/** Ends every session of the user except `keepSessionId` (after a password change). */
export async function revokeOtherSessions(
  prisma: PrismaClient,
  userId: string,
  keepSessionId: string | null,
  now: Date,
): Promise<number> {
  const result = await prisma.session.updateMany({
    where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: now },
  });
  return result.count;
}
