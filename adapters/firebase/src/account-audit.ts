/**
 * The audit rows the Cloud Functions write for account actions, as the server writes them
 * (server/src/auth/add-user.ts): a Firestore trigger sees the Admin SDK, not the administrator who
 * called the function, so the function names them itself.
 */
import type { TAuditEntry } from "@care/core/collections/audit-log.collection";
import { grantSummary } from "@care/core/rules/grants.rules";

/**
 * The `user_create` row of an account an administrator created: the administrator as the actor, the new
 * user's id and what they were granted (role and homes; no personal data). Its times are placeholders: the function writes the server's.
 */
export function userCreatedAuditEntry(
  id: string,
  admin: { id: string; email: string | null },
  user: { id: string; role: string; facilityIds: string[] | null },
): TAuditEntry & Record<string, unknown> & { id: string } {
  const now = new Date().toISOString();
  return {
    id,
    at: now,
    actorId: admin.id,
    actorEmail: admin.email,
    action: "user_create",
    collection: "users",
    recordId: user.id,
    facilityId: null,
    summary: `granted ${grantSummary("users", undefined, user)}`,
    ip: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: admin.id,
    updatedBy: admin.id,
    archivedAt: null,
  };
}

/**
 * The `login` row of a user's sign-in, as the server writes it (the user as the actor). Its times are
 * placeholders: the function writes the server's.
 */
export function userSignedInAuditEntry(
  id: string,
  user: { id: string; email: string | null },
): TAuditEntry & Record<string, unknown> & { id: string } {
  const now = new Date().toISOString();
  return {
    id,
    at: now,
    actorId: user.id,
    actorEmail: user.email,
    action: "login",
    collection: "users",
    recordId: user.id,
    facilityId: null,
    summary: null,
    ip: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: user.id,
    updatedBy: user.id,
    archivedAt: null,
  };
}
