/**
 * Throttling of password guesses, kept in the database (table `login_throttle`) so it holds across
 * several server instances. Counters of attempts, each with its own limit:
 * - per address: failures from one address beyond a free allowance make each further attempt from it
 *   wait, longer and longer (growing delays), before its password is checked. The address never locks:
 *   behind a shared address (a care home's office, a proxy) a correct password still gets in;
 * - per account and address: 5 failures in 15 minutes lock that pair, each further lock twice as long;
 * - per account from any address: a lock of 2 minutes, at most 3 times a day, so a stranger cannot keep
 *   a real user out for more than a few minutes a day;
 * - per device (OWASP "device cookies"): a browser that signed in as the account before proves it with
 *   its device cookie; its attempts count only against that cookie, never against the address or the
 *   account, so failures from elsewhere neither lock nor slow it;
 * - per user changing their password: 5 wrong current passwords lock the change, as for sign-in.
 * Every attempt is counted BEFORE its password is checked, in one atomic statement per counter: a
 * burst of parallel guesses gets no more tested than the limit (the attempts beyond it are refused
 * unchecked). A failure leaves its count; a success gives the address its count back and clears the
 * others. Every lock starts its count again, so a lock ends for good unless the guessing goes on at
 * full rate; a row `locks:<key>` counts a counter's locks over the day (how long the next one lasts,
 * and the cap). E-mails are stored hashed.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { sqlRows } from "../db/sql-rows.ts";

/** A counter that locks after too many failures. */
export interface ThrottleRule {
  key: string;
  maxFailures: number;
  windowMs: number;
  /** How long the n-th lock of the day (1, 2, …) lasts. */
  lockMs(lockNumber: number): number;
  /** No more locks than this in a day (the failures still count against the other rules). */
  maxLocksPerDay?: number;
}

/** What an attempt is held to: the counters that lock, and the address whose failures slow it (null: none). */
export interface ThrottlePlan {
  locks: ThrottleRule[];
  address: string | null;
}

/** An attempt let through: its count on each locking counter, and the address's count (0 when none). */
export interface ThrottleTicket {
  counts: Map<string, number>;
  addressCount: number;
}

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const THROTTLE_LIMITS = {
  /** Failures from one address: the first `freeFailures` cost nothing, then each attempt waits longer. */
  ip: { freeFailures: 10, windowMs: 15 * MINUTE, firstDelayMs: 1000, maxDelayMs: 8000 },
  accountIp: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
  account: { maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 2 * MINUTE, maxLocksPerDay: 3 },
  device: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
  passwordChange: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
} as const;

const hashed = (value: string) => createHash("sha256").update(value).digest("base64url");

function doubling(
  limit: { maxFailures: number; windowMs: number; firstLockMs: number; maxLockMs: number },
  key: string,
): ThrottleRule {
  return {
    key,
    maxFailures: limit.maxFailures,
    windowMs: limit.windowMs,
    lockMs: (lockNumber: number) => Math.min(limit.firstLockMs * 2 ** (lockNumber - 1), limit.maxLockMs),
  };
}

/**
 * The counters a sign-in attempt is held to: with a device cookie the account proved before (its
 * `device` id), that device only; otherwise the address (delays), the account from this address and
 * the account.
 */
export function signInRules(email: string, ip: string, device: string | null): ThrottlePlan {
  if (device !== null) return { locks: [doubling(THROTTLE_LIMITS.device, `device:${hashed(device)}`)], address: null };
  const account = hashed(email.toLowerCase());
  const { account: limit } = THROTTLE_LIMITS;
  return {
    locks: [
      doubling(THROTTLE_LIMITS.accountIp, `account-ip:${account}:${ip}`),
      {
        key: `account:${account}`,
        maxFailures: limit.maxFailures,
        windowMs: limit.windowMs,
        lockMs: () => limit.lockMs,
        maxLocksPerDay: limit.maxLocksPerDay,
      },
    ],
    address: `ip:${ip}`,
  };
}

/** The counters a password change is held to: the user's wrong current passwords (never the address). */
export function passwordChangeRules(userId: string): ThrottlePlan {
  return { locks: [doubling(THROTTLE_LIMITS.passwordChange, `password-change:${userId}`)], address: null };
}

/** How long the attempt that makes `count` attempts from one address in the window waits. */
export function addressDelayMs(count: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = THROTTLE_LIMITS.ip;
  return count <= freeFailures ? 0 : Math.min(firstDelayMs * 2 ** (count - freeFailures - 1), maxDelayMs);
}

/**
 * Counts one attempt on `key` in one statement (a new window when the last one ended); a locked
 * counter is left as it is. Answers the count with this attempt and the lock's end, if any.
 */
async function countAttempt(
  prisma: PrismaClient,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; lockedUntil: Date | null }> {
  const [row] = await sqlRows<{ failures: number; lockedUntil: Date | null }>(
    prisma,
    `INSERT INTO login_throttle (key, failures, "windowStart") VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttle."lockedUntil" > $2 THEN login_throttle.failures
                       WHEN login_throttle."windowStart" <= $3 THEN 1
                       ELSE login_throttle.failures + 1 END,
       "windowStart" = CASE WHEN login_throttle."lockedUntil" > $2 THEN login_throttle."windowStart"
                            WHEN login_throttle."windowStart" <= $3 THEN $2
                            ELSE login_throttle."windowStart" END
     RETURNING failures, "lockedUntil"`,
    [key, now, new Date(now.getTime() - windowMs)],
  );
  const lockedUntil = row!.lockedUntil && row!.lockedUntil > now ? row!.lockedUntil : null;
  return { count: row!.failures, lockedUntil };
}

async function locksToday(prisma: PrismaClient, key: string, now: Date): Promise<number> {
  const row = await prisma.loginThrottle.findUnique({ where: { key: `locks:${key}` } });
  return row && now.getTime() - row.windowStart.getTime() < DAY ? row.failures : 0;
}

/** Counts one lock of `key` in the day's window; answers how many there were before it. */
async function countLock(prisma: PrismaClient, key: string, now: Date): Promise<number> {
  const { count } = await countAttempt(prisma, `locks:${key}`, DAY, now);
  return count - 1;
}

/**
 * Counts the attempt on each counter of `plan` in turn, stopping at one that refuses, then waits the address's delay. Answers the ticket to
 * hand to `recordFailure` / `clearFailures`, or the seconds to wait when a counter is locked or this
 * attempt is beyond its limit (a burst): then no password may be checked.
 */
export async function admitAttempt(
  prisma: PrismaClient,
  plan: ThrottlePlan,
  now: Date,
): Promise<{ ticket: ThrottleTicket } | { waitSeconds: number }> {
  const counts = new Map<string, number>();
  const counted: string[] = [];
  let waitMs = 0;
  for (const rule of plan.locks) {
    const { count, lockedUntil } = await countAttempt(prisma, rule.key, rule.windowMs, now);
    counts.set(rule.key, count);
    if (lockedUntil) {
      waitMs = lockedUntil.getTime() - now.getTime();
      break;
    }
    counted.push(rule.key);
    if (count > rule.maxFailures) {
      const capped =
        rule.maxLocksPerDay !== undefined && (await locksToday(prisma, rule.key, now)) >= rule.maxLocksPerDay;
      if (!capped) {
        waitMs = rule.lockMs(1);
        break;
      }
    }
  }
  if (waitMs > 0) {
    // A refused attempt tests no password: the counters it went through get it back.
    await prisma.loginThrottle.updateMany({
      where: { key: { in: counted }, failures: { gt: 0 } },
      data: { failures: { decrement: 1 } },
    });
    return { waitSeconds: Math.ceil(waitMs / 1000) };
  }
  let addressCount = 0;
  if (plan.address !== null) {
    addressCount = (await countAttempt(prisma, plan.address, THROTTLE_LIMITS.ip.windowMs, now)).count;
    const delay = addressDelayMs(addressCount);
    if (delay > 0) await sleep(delay);
  }
  return { ticket: { counts, addressCount } };
}

/** After a failed attempt: a counter that reached its limit locks (the address's only keeps its count). */
export async function recordFailure(
  prisma: PrismaClient,
  plan: ThrottlePlan,
  ticket: ThrottleTicket,
  now: Date,
): Promise<void> {
  for (const rule of plan.locks) {
    if ((ticket.counts.get(rule.key) ?? 0) < rule.maxFailures) continue;
    const capped =
      rule.maxLocksPerDay !== undefined && (await locksToday(prisma, rule.key, now)) >= rule.maxLocksPerDay;
    const lockedUntil = capped
      ? null
      : new Date(now.getTime() + rule.lockMs((await countLock(prisma, rule.key, now)) + 1));
    // The count starts again after every lock (or refused lock): a lock ends unless the guessing goes on.
    await prisma.loginThrottle.update({
      where: { key: rule.key },
      data: { failures: 0, windowStart: now, ...(lockedUntil ? { lockedUntil } : {}) },
    });
  }
}

/**
 * After a successful attempt: its locking counters start again, except the day's lock counts (a
 * stranger gets no fresh locks from the real user's sign-in); the address gets this attempt's count
 * back and keeps the others' failures.
 */
export async function clearFailures(prisma: PrismaClient, plan: ThrottlePlan): Promise<void> {
  await prisma.loginThrottle.deleteMany({ where: { key: { in: plan.locks.map((r) => r.key) } } });
  if (plan.address !== null)
    await prisma.loginThrottle.updateMany({
      where: { key: plan.address, failures: { gt: 0 } },
      data: { failures: { decrement: 1 } },
    });
}
