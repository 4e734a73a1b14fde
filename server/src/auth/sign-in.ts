/**
 * Signing in with e-mail and password: the database-backed throttle first (login-throttle.ts: the
 * attempt is counted before its password is checked; a browser that signed in as this account before
 * is held to its device only, any other to the account, the account from this address, and the
 * address's growing delays), then the password (checked against a dummy hash for an unknown e-mail, so
 * the answer takes as long and says the same), then — for a one-time password — its single use before
 * it expires, then a new session and the user's last sign-in time. Every attempt leaves an audit row.
 * The route turns the session into the cookie.
 */
import { AppError } from "@care/core/app-error";
import type { TSessionUser, TSignIn } from "@care/core/ports/auth.port";
import { writeAudit } from "../audit/audit-log.ts";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { admitAttempt, clearFailures, recordFailure, signInRules } from "./login-throttle.ts";
import { verifyAgainstDummy, verifyPassword } from "./password.ts";
import { createSession } from "./sessions.ts";
import { sessionUserOf, WITH_ROLE } from "./users.ts";

const WRONG_CREDENTIALS = "The e-mail address or password is not correct.";
const ONE_TIME_PASSWORD_SPENT =
  "This one-time password has expired or was already used. Ask an administrator for a new one.";

export interface TSignInInput extends TSignIn {
  /** The browser's User-Agent, kept with the session. */
  userAgent: string | null;
  /** The device id of a valid device cookie for this e-mail (device-cookies.ts), else null. */
  device: string | null;
}

/** The signed-in user and their new session; UNAUTHENTICATED or RATE_LIMITED otherwise. */
export async function signIn(
  database: Database,
  caller: TCaller,
  input: TSignInInput,
): Promise<{ user: TSessionUser; sessionId: string }> {
  const prisma = database.prisma;
  const email = input.email.toLowerCase();
  // Requests always have an address; the throttle counts by it.
  const ip = caller.ip ?? "";
  const now = new Date();
  const plan = signInRules(email, ip, input.device);
  const admitted = await admitAttempt(prisma, plan, now);
  if ("waitSeconds" in admitted) {
    const wait = admitted.waitSeconds;
    throw new AppError(
      "RATE_LIMITED",
      `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      { retryAfterSeconds: wait },
    );
  }
  const row = await prisma.user.findUnique({ where: { email }, include: WITH_ROLE });
  const passwordOk = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !passwordOk || !row.active || row.archivedAt !== null) {
    await recordFailure(prisma, plan, admitted.ticket, now);
    await writeAudit(prisma, caller, {
      action: "login_failed",
      actor: row ? { id: row.id, email: row.email } : null,
      summary: row ? (passwordOk ? "Account inactive" : "Wrong password") : "Unknown e-mail address",
    });
    throw new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS);
  }
  await clearFailures(prisma, plan);
  if (row.mustChangePassword && !(await claimOneTimePassword(database, row.id, now))) {
    await writeAudit(prisma, caller, {
      action: "login_failed",
      actor: { id: row.id, email: row.email },
      summary: "One-time password expired or already used",
    });
    throw new AppError("UNAUTHENTICATED", ONE_TIME_PASSWORD_SPENT);
  }
  const session = await createSession(prisma, { userId: row.id, ip, userAgent: input.userAgent, now });
  await prisma.user.update({ where: { id: row.id }, data: { lastSignInAt: now } });
  const user = sessionUserOf(row);
  await writeAudit(prisma, caller, { action: "login", actor: { id: user.id, email: user.email } });
  return { user, sessionId: session.id };
}

/**
 * Marks the user's one-time password used, in one statement: true for the one sign-in it allows (before
 * it expires, not used before), false for any other, however many arrive at once.
 */
async function claimOneTimePassword(database: Database, userId: string, now: Date): Promise<boolean> {
  const { count } = await database.prisma.user.updateMany({
    where: { id: userId, mustChangePassword: true, oneTimePasswordUsedAt: null, oneTimePasswordExpiresAt: { gt: now } },
    data: { oneTimePasswordUsedAt: now },
  });
  return count === 1;
}
