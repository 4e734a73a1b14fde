/**
 * Sign-in throttling kept in the database (table `login_throttle`), so it holds across several server
 * instances. Three counters of failed attempts:
 * - per IP: many failures from one address lock that address for a few minutes;
 * - per account and IP: 5 failures in 15 minutes lock that pair, each further lock twice as long;
 * - per account from any IP: a short lock only (≤ 5 minutes), so a stranger cannot keep a real user
 *   out for long.
 * A successful sign-in clears the account's counters. E-mails are stored hashed.
 */
import { createHash } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.ts";

interface ThrottleRule {
  key: string;
  maxFailures: number;
  windowMs: number;
  lockMs(failures: number): number;
}

const MINUTE = 60 * 1000;

export const THROTTLE_LIMITS = {
  ip: { maxFailures: 30, windowMs: 5 * MINUTE, lockMs: 5 * MINUTE },
  accountIp: { maxFailures: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE },
  account: { maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 5 * MINUTE },
} as const;

const hashed = (value: string) => createHash("sha256").update(value).digest("base64url");

function rulesFor(email: string, ip: string): { ip: ThrottleRule; accountIp: ThrottleRule; account: ThrottleRule } {
  const account = hashed(email.toLowerCase());
  const { ip: ipLimit, accountIp, account: accountLimit } = THROTTLE_LIMITS;
  return {
    ip: { key: `ip:${ip}`, maxFailures: ipLimit.maxFailures, windowMs: ipLimit.windowMs, lockMs: () => ipLimit.lockMs },
    accountIp: {
      key: `account-ip:${account}:${ip}`,
      maxFailures: accountIp.maxFailures,
      windowMs: accountIp.windowMs,
      lockMs: (failures) =>
        Math.min(accountIp.firstLockMs * 2 ** (failures - accountIp.maxFailures), accountIp.maxLockMs),
    },
    account: {
      key: `account:${account}`,
      maxFailures: accountLimit.maxFailures,
      windowMs: accountLimit.windowMs,
      lockMs: () => accountLimit.lockMs,
    },
  };
}

/** Seconds until the attempt may be made, or 0 when no counter is locked. */
export async function secondsLocked(prisma: PrismaClient, email: string, ip: string, now: Date): Promise<number> {
  const keys = Object.values(rulesFor(email, ip)).map((r) => r.key);
  const rows = await prisma.loginThrottle.findMany({
    where: { key: { in: keys }, lockedUntil: { gt: now } },
    select: { lockedUntil: true },
  });
  const until = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

async function countFailure(prisma: PrismaClient, rule: ThrottleRule, now: Date): Promise<void> {
  const row = await prisma.loginThrottle.findUnique({ where: { key: rule.key } });
  const since = row ? Math.max(row.windowStart.getTime(), row.lockedUntil?.getTime() ?? 0) : 0;
  let failures: number;
  if (!row || now.getTime() - since > rule.windowMs) {
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
  if (failures >= rule.maxFailures) {
    await prisma.loginThrottle.update({
      where: { key: rule.key },
      data: { lockedUntil: new Date(now.getTime() + rule.lockMs(failures)), windowStart: now },
    });
  }
}

/** Counts a failed sign-in against the IP, the account from this IP, and the account. */
export async function recordFailure(prisma: PrismaClient, email: string, ip: string, now: Date): Promise<void> {
  const rules = rulesFor(email, ip);
  for (const rule of [rules.ip, rules.accountIp, rules.account]) await countFailure(prisma, rule, now);
}

/** After a successful sign-in: the account's counters start again (the IP's does not). */
export async function clearFailures(prisma: PrismaClient, email: string, ip: string): Promise<void> {
  const rules = rulesFor(email, ip);
  await prisma.loginThrottle.deleteMany({ where: { key: { in: [rules.accountIp.key, rules.account.key] } } });
}
