/**
 * An administrator resets a user's password (AuthPort.resetPassword): a new one-time password, shown
 * once, good for one sign-in within ONE_TIME_PASSWORD_HOURS, where the user chooses their own; every
 * session of theirs ends at once. Only a user the administrator may manage (a limited administrator: users
 * limited to facilities among theirs; anyone: users whose role holds no permission beyond the
 * administrator's own);
 * not the administrator's own account (they change their own password, knowing the current one).
 */
import { AppError } from "@care/core/app-error";
import { usersCollection } from "@care/core/collections/users.collection";
import type { TOneTimePassword } from "@care/core/ports/auth.port";
import { canSeeRecord } from "@care/core/rules/access.rules";
import { userRoleGrantError } from "@care/core/rules/grants.rules";
import { generateOneTimePassword, oneTimePasswordExpiry } from "@care/core/rules/users.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import { TRANSACTION_OPTIONS, type Database } from "../db/database.ts";
import { hashPassword } from "./password.ts";
import { revokeOtherSessions } from "./sessions.ts";
import { userRecordOf } from "./users.ts";

export async function resetPassword(database: Database, caller: TCaller, userId: string): Promise<TOneTimePassword> {
  const admin = requirePermission(caller, "users", "write");
  const notFound = new AppError("NOT_FOUND", "This user does not exist or was removed.");
  const before = await database.prisma.user.findUnique({ where: { id: userId } });
  if (!before || !canSeeRecord(admin, usersCollection, userRecordOf(before))) throw notFound;
  if (before.id === admin.id)
    throw new AppError("FORBIDDEN", "Change your own password under My account; it needs your current one.");
  // A one-time password opens the account: only for a user holding no more than the administrator.
  const role = await database.prisma.role.findUnique({
    where: { id: before.role },
    select: { permissions: true, actions: true },
  });
  const held = { permissions: role?.permissions ?? {}, actions: role?.actions ?? [] };
  const beyond = userRoleGrantError(admin, held, held);
  if (beyond) throw beyond;
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const now = new Date();
  const expiresAt = oneTimePasswordExpiry(now);
  const row = await database.prisma.$transaction(async (db) => {
    const updated = await db.user.update({
      where: { id: userId },
      data: {
        passwordHash,
        mustChangePassword: true,
        oneTimePasswordExpiresAt: expiresAt,
        oneTimePasswordUsedAt: null,
        version: { increment: 1 },
        updatedAt: now,
        updatedBy: admin.id,
      },
    });
    const ended = await revokeOtherSessions(db, userId, null, now);
    await writeAudit(db, caller, {
      action: "password_reset",
      collection: "users",
      recordId: userId,
      summary: `Sessions ended: ${ended}`,
    });
    return updated;
  }, TRANSACTION_OPTIONS);
  return { user: userRecordOf(row), oneTimePassword, expiresAt: expiresAt.toISOString() };
}
