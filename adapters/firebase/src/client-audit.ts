/**
 * The audit rows a browser appends itself on Firebase (a view, an export, a transfer): it alone knows
 * it read something. `firestore.rules` accepts such a row only as the signed-in account, at the
 * server's time and within the row's limits (rules-generator.ts, `clientAuditRow`).
 */
import { newRecordMeta } from "@care/core/common.schema";
import { MAX_AUDIT_SUMMARY, type TAuditEntry } from "@care/core/collections/audit-log.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";

export type TClientAuditFacts = Pick<TAuditEntry, "action" | "collection" | "recordId" | "facilityId" | "summary">;

/**
 * The row as a record: the actor is the session's account (its uid and e-mail, the ID token's), there
 * is no IP (a browser does not know its own), the summary is cut to its limit as the server cuts it.
 * Its times are placeholders: the adapter writes the server's (`writtenTimes`).
 */
export function clientAuditEntry(
  id: string,
  user: Pick<TSessionUser, "id" | "email">,
  facts: TClientAuditFacts,
): TAuditEntry & Record<string, unknown> & { id: string } {
  const now = new Date().toISOString();
  return {
    id,
    at: now,
    actorId: user.id,
    actorEmail: user.email,
    ...facts,
    summary: facts.summary === null ? null : facts.summary.slice(0, MAX_AUDIT_SUMMARY),
    ip: null,
    ...newRecordMeta(user.id, now),
  };
}
