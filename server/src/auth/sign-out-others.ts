/**
 * "Sign out of every other session" (AuthPort.signOutOtherSessions): every session of the caller but
 * the one asking ends at once, e.g. after signing in on a shared computer and forgetting to sign out.
 */
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { revokeOtherSessions } from "./sessions.ts";

export async function signOutOthers(database: Database, caller: TCaller): Promise<void> {
  const user = requireUser(caller);
  const ended = await revokeOtherSessions(database.prisma, user.id, caller.sessionId ?? null, new Date());
  await writeAudit(database.prisma, caller, {
    action: "sessions_end_others",
    collection: "users",
    recordId: user.id,
    summary: `Other sessions ended: ${ended}`,
  });
}
