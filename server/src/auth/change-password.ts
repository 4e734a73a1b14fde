/**
 * Changing one's own password: the current one must be given; the user's other sessions end (a
 * stolen session does not survive the change), the caller's own stays.
 */
import { AppError } from "@care/core/app-error";
import type { TPasswordChange } from "@care/core/ports/auth.port";
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { revokeOtherSessions } from "./sessions.ts";

export async function changePassword(database: Database, caller: TCaller, input: TPasswordChange): Promise<void> {
  const prisma = database.prisma;
  const user = requireUser(caller);
  const row = await prisma.user.findUnique({ where: { id: user.id } });
  if (!row) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError("VALIDATION", "The current password is not correct.", {
      fields: { currentPassword: "The current password is not correct" },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await prisma.user.update({
    where: { id: row.id },
    data: { passwordHash, version: { increment: 1 }, updatedAt: now, updatedBy: user.id },
  });
  const ended = await revokeOtherSessions(prisma, user.id, caller.sessionId ?? null, now);
  await writeAudit(prisma, caller, {
    action: "password_change",
    collection: "users",
    recordId: user.id,
    summary: `Other sessions ended: ${ended}`,
  });
}
