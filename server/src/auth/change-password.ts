/**
 * Changing one's own password: the current one must be given, and guesses of it are throttled like
 * sign-ins (login-throttle.ts); the new one must not be a common or leaked password. The user's other
 * sessions end (a stolen session does not survive the change), the caller's own stays. A one-time
 * password is then no longer in use: the user may use the portal again.
 */
import { AppError } from "@care/core/app-error";
import type { TPasswordChange } from "@care/core/ports/auth.port";
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { admitAttempt, clearFailures, passwordChangeRules, recordFailure } from "./login-throttle.ts";
import { assertNotCommonPassword, hashPassword, verifyPassword } from "./password.ts";
import { revokeOtherSessions } from "./sessions.ts";

export async function changePassword(database: Database, caller: TCaller, input: TPasswordChange): Promise<void> {
  const prisma = database.prisma;
  const user = requireUser(caller);
  const row = await prisma.user.findUnique({ where: { id: user.id } });
  if (!row) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  const now = new Date();
  // Held to the user's own counter only: failed sign-ins from the same address never refuse it.
  const plan = passwordChangeRules(user.id);
  const admitted = await admitAttempt(prisma, plan, now);
  if ("waitSeconds" in admitted)
    throw new AppError(
      "RATE_LIMITED",
      `Too many wrong current passwords. Try again in ${Math.ceil(admitted.waitSeconds / 60)} minute(s).`,
      { retryAfterSeconds: admitted.waitSeconds },
    );
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await recordFailure(prisma, plan, admitted.ticket, now);
    await writeAudit(prisma, caller, {
      action: "password_change_failed",
      collection: "users",
      recordId: user.id,
      summary: "Wrong current password",
    });
    throw new AppError("VALIDATION", "The current password is not correct.", {
      fields: { currentPassword: "The current password is not correct" },
    });
  }
  await clearFailures(prisma, plan);
  await assertNotCommonPassword(input.newPassword, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await prisma.user.update({
    where: { id: row.id },
    data: {
      passwordHash,
      mustChangePassword: false,
      oneTimePasswordExpiresAt: null,
      oneTimePasswordUsedAt: null,
      version: { increment: 1 },
      updatedAt: now,
      updatedBy: user.id,
    },
  });
  const ended = await revokeOtherSessions(prisma, user.id, caller.sessionId ?? null, now);
  await writeAudit(prisma, caller, {
    action: "password_change",
    collection: "users",
    recordId: user.id,
    summary: `Other sessions ended: ${ended}`,
  });
}
