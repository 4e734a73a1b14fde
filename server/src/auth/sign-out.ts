/** Signing out: the caller's session is revoked server-side (its cookie stops working everywhere). */
import { writeAudit } from "../audit/audit-log.ts";
import type { TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { revokeSession } from "./sessions.ts";

/** Ends the caller's session and records it; nothing when the caller is signed out already. */
export async function signOut(database: Database, caller: TCaller): Promise<void> {
  if (!caller.sessionId || !caller.user) return;
  await revokeSession(database.prisma, caller.sessionId, new Date());
  await writeAudit(database.prisma, caller, { action: "logout" });
}
