/**
 * Server-side sessions (table `sessions`). The cookie's JWT only names a session; whether it is still
 * valid is decided here on every request. To spare two queries per request, each instance keeps what it
 * read for at most SESSION_CACHE_MS (a SessionCache); logout, password changes and user edits made
 * through an instance clear its cache at once, and every other instance sees them within that bound.
 */
import { randomUUID } from "node:crypto";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { sessionUserOf, WITH_ROLE } from "./users.ts";

export const SESSION_COOKIE = "care_session";
/** A session ends after this long without a request. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session, to spare writes. */
export const TOUCH_INTERVAL_MS = 60 * 1000;
/**
 * How long an instance trusts a session and user it read: the longest a revocation, deactivation or
 * role change made elsewhere (another instance, or directly in the database) goes unnoticed here.
 */
export const SESSION_CACHE_MS = 1000;
/** At most this many sessions are kept per instance; the oldest entries go first. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: TSessionUser;
  expiresAt: number;
  lastSeenAt: number;
  readAt: number;
}

/**
 * One instance's short-lived memory of live sessions. `clear()` is called after every request that may
 * change a session or a user; a read that started before a clear is not stored (the generation check),
 * so a revocation on this instance is never undone by a request that was in flight.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private generationValue = 0;

  get generation(): number {
    return this.generationValue;
  }

  /** The entry when read less than SESSION_CACHE_MS before `now`. */
  fresh(sessionId: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.readAt >= SESSION_CACHE_MS || now < entry.readAt) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Stores what was read, unless the cache was cleared since `generation` was taken. */
  store(sessionId: string, entry: CachedSession, generation: number): void {
    if (generation !== this.generationValue) return;
    this.entries.delete(sessionId);
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, entry);
  }

  clear(): void {
    this.generationValue++;
    this.entries.clear();
  }
}

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
 * The signed-in user of a live session, with role and facilities read fresh (or, with a cache, read at
 * most SESSION_CACHE_MS ago); null when the session is unknown, revoked, idle too long, past its
 * absolute end, or its user is inactive or archived.
 */
export async function resolveSession(
  prisma: PrismaClient,
  sessionId: string,
  now: Date,
  cache?: SessionCache,
): Promise<TSessionUser | null> {
  const at = now.getTime();
  const cached = cache?.fresh(sessionId, at);
  if (cached) {
    if (cached.expiresAt <= at || at - cached.lastSeenAt > IDLE_TIMEOUT_MS) return null;
    if (at - cached.lastSeenAt >= TOUCH_INTERVAL_MS) {
      await touch(prisma, sessionId, now);
      cached.lastSeenAt = at;
    }
    return cached.user;
  }
  const generation = cache?.generation ?? 0;
  const session = await prisma.session.findUnique({
    where: { id: sessionId },
    include: { user: { include: WITH_ROLE } },
  });
  if (!session || session.revokedAt !== null) return null;
  if (session.expiresAt.getTime() <= at) return null;
  if (at - session.lastSeenAt.getTime() > IDLE_TIMEOUT_MS) return null;
  const { user } = session;
  if (!user.active || user.archivedAt !== null) return null;
  let lastSeenAt = session.lastSeenAt.getTime();
  if (at - lastSeenAt >= TOUCH_INTERVAL_MS) {
    await touch(prisma, sessionId, now);
    lastSeenAt = at;
  }
  const sessionUser = sessionUserOf(user);
  cache?.store(
    sessionId,
    { user: sessionUser, expiresAt: session.expiresAt.getTime(), lastSeenAt, readAt: at },
    generation,
  );
  return sessionUser;
}

async function touch(prisma: PrismaClient, sessionId: string, now: Date): Promise<void> {
  await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { lastSeenAt: now } });
}

export async function revokeSession(prisma: PrismaClient, sessionId: string, now: Date): Promise<void> {
  await prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Ends every session of the user except `keepSessionId` (after a password change, on "sign out of
 * every other session"), or all of them with null (deactivation, password reset).
 */
export async function revokeOtherSessions(
  prisma: PrismaClient | Prisma.TransactionClient,
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
