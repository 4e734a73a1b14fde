/**
 * Throttling of password guesses, kept in the database (table `login_throttle`) so it holds across
 * several server instances. Counters of failed attempts, each with its own limit:
 * - per IP: many failures from one address lock that address for a few minutes (sign-in and password change);
 * - per account and IP: 5 failures in 15 minutes lock that pair, each further lock twice as long;
 * - per account from any IP: a lock of 2 minutes, at most 3 times a day, so a stranger cannot keep a
 *   real user out for more than a few minutes a day;
 * - per device (OWASP "device cookies"): a browser that signed in as the account before proves it with
 *   its device cookie; its attempts count only against that cookie, so failures from elsewhere never
 *   lock it out;
 * - per user changing their password: 5 wrong current passwords lock the change, as for sign-in.
 * Every lock starts its count again, so a lock ends for good unless the guessing goes on at full rate;
 * a row `locks:<key>` counts a counter's locks over the day (how long the next one lasts, and the cap).
 * A successful attempt clears its failure counters. E-mails are stored hashed.
 */
import { createHash } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.ts";

export interface ThrottleRule {
  key: string;
  maxFailures: number;
  windowMs: number;
  /** How long the n-th lock of the day (1, 2, …) lasts. */
  lockMs(lockNumber: number): number;
  /** No more locks than this in a day (the failures still count against the other rules). */
  maxLocksPerDay?: number;
}

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const THROTTLE_LIMITS = {
  ip: { maxFailures: 30, windowMs: 5 * MINUTE, lockMs: 5 * MINUTE },
  accountIp: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
  account: { maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 2 * MINUTE, maxLocksPerDay: 3 },
  device: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
  passwordChange: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
} as const;

const hashed = (value: string) => createHash("sha256").update(value).digest("base64url");

function doubling(
  limit: { maxFailures: number; windowMs: number; firstLockMs: number; maxLockMs: number },
  key: string,
) {
  return {
    key,
    maxFailures: limit.maxFailures,
    windowMs: limit.windowMs,
    lockMs: (lockNumber: number) => Math.min(limit.firstLockMs * 2 ** (lockNumber - 1), limit.maxLockMs),
  };
}

function ipRule(ip: string): ThrottleRule {
  const { ip: limit } = THROTTLE_LIMITS;
  return { key: `ip:${ip}`, maxFailures: limit.maxFailures, windowMs: limit.windowMs, lockMs: () => limit.lockMs };
}

/**
 * The counters a sign-in attempt is held to: with a device cookie the account proved before (its
 * `device` id), the IP and that device only; otherwise the IP, the account from this IP and the account.
 */
export function signInRules(email: string, ip: string, device: string | null): ThrottleRule[] {
  if (device !== null) return [ipRule(ip), doubling(THROTTLE_LIMITS.device, `device:${hashed(device)}`)];
  const account = hashed(email.toLowerCase());
  const { account: limit } = THROTTLE_LIMITS;
  return [
    ipRule(ip),
    doubling(THROTTLE_LIMITS.accountIp, `account-ip:${account}:${ip}`),
    {
      key: `account:${account}`,
      maxFailures: limit.maxFailures,
      windowMs: limit.windowMs,
      lockMs: () => limit.lockMs,
      maxLocksPerDay: limit.maxLocksPerDay,
    },
  ];
}

/** The counters a password change is held to: the IP, and the user's wrong current passwords. */
export function passwordChangeRules(userId: string, ip: string): ThrottleRule[] {
  return [ipRule(ip), doubling(THROTTLE_LIMITS.passwordChange, `password-change:${userId}`)];
}

/** Seconds until the attempt may be made, or 0 when no counter is locked. */
export async function secondsLocked(prisma: PrismaClient, rules: ThrottleRule[], now: Date): Promise<number> {
  const rows = await prisma.loginThrottle.findMany({
    where: { key: { in: rules.map((r) => r.key) }, lockedUntil: { gt: now } },
    select: { lockedUntil: true },
  });
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts one lock of `key` in the day's window; answers how many there were before it. */
async function countLock(prisma: PrismaClient, key: string, now: Date): Promise<number> {
  const row = await prisma.loginThrottle.findUnique({ where: { key: `locks:${key}` } });
  const before = row && now.getTime() - row.windowStart.getTime() < DAY ? row.failures : 0;
  await prisma.loginThrottle.upsert({
    where: { key: `locks:${key}` },
    create: { key: `locks:${key}`, failures: 1, windowStart: now },
    update: before === 0 ? { failures: 1, windowStart: now } : { failures: { increment: 1 } },
  });
  return before;
}

async function locksToday(prisma: PrismaClient, key: string, now: Date): Promise<number> {
  const row = await prisma.loginThrottle.findUnique({ where: { key: `locks:${key}` } });
  return row && now.getTime() - row.windowStart.getTime() < DAY ? row.failures : 0;
}

async function countFailure(prisma: PrismaClient, rule: ThrottleRule, now: Date): Promise<void> {
  const row = await prisma.loginThrottle.findUnique({ where: { key: rule.key } });
  let failures: number;
  if (!row || now.getTime() - row.windowStart.getTime() > rule.windowMs) {
    await prisma.loginThrottle.upsert({
      where: { key: rule.key },
      create: { key: rule.key, failures: 1, windowStart: now },
      update: { failures: 1, windowStart: now, lockedUntil: null },
    });
    failures = 1;
  } else {
    const updated = await prisma.loginThrottle.update({
      where: { key: rule.key },
      data: { failures: { increment: 1 } },
      select: { failures: true },
    });
    failures = updated.failures;
  }
  if (failures < rule.maxFailures) return;
  const capped = rule.maxLocksPerDay !== undefined && (await locksToday(prisma, rule.key, now)) >= rule.maxLocksPerDay;
  const lockedUntil = capped
    ? null
    : new Date(now.getTime() + rule.lockMs((await countLock(prisma, rule.key, now)) + 1));
  // The count starts again after every lock (or refused lock): a lock ends unless the guessing goes on.
  await prisma.loginThrottle.update({
    where: { key: rule.key },
    data: { failures: 0, windowStart: now, ...(lockedUntil ? { lockedUntil } : {}) },
  });
}

/** Counts a failed attempt against each of its counters. */
export async function recordFailure(prisma: PrismaClient, rules: ThrottleRule[], now: Date): Promise<void> {
  for (const rule of rules) await countFailure(prisma, rule, now);
}

/**
 * After a successful attempt: its counters start again, except the IP's (other accounts' guesses) and
 * the day's lock counts (a stranger gets no fresh locks from the real user's sign-in).
 */
export async function clearFailures(prisma: PrismaClient, rules: ThrottleRule[]): Promise<void> {
  const keys = rules.map((r) => r.key).filter((key) => !key.startsWith("ip:"));
  await prisma.loginThrottle.deleteMany({ where: { key: { in: keys } } });
}
