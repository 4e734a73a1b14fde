/**
 * The audit log's one writer (who viewed or changed what, when): sign-ins, file uploads, downloads and
 * removals, and every record change and view go through `writeAudit`, or for the many "view" rows of
 * lists and gets through `auditRow` and the batched insert of audit-batch.ts. A use case passes its
 * transaction, so the row commits or rolls back with the change it describes. An import into an empty
 * instance copies the exported log with `writeImportedAuditRows`. There is deliberately no way to
 * update or delete audit rows through the server.
 */
import { randomUUID } from "node:crypto";
import type { TAuditAction } from "@care/core/collections/audit-log.collection";
import type { TCaller } from "../caller.ts";
import { insertJsonRows } from "../db/insert-json-rows.ts";
import type { Prisma } from "../generated/prisma/client.ts";

export interface TAuditActor {
  id: string;
  email: string;
}

export interface TAuditFacts {
  action: TAuditAction;
  actor: TAuditActor | null;
  ip: string | null;
  collection?: string | null;
  recordId?: string | null;
  facilityId?: string | null;
  /** Field names or a short description; never the values of personal data. */
  summary?: string | null;
}

/** What a use case records; the caller gives the actor (its signed-in user) and the IP. */
export interface TAuditEntry extends Omit<TAuditFacts, "actor" | "ip"> {
  /** Overrides the caller's user: a sign-in names the account (no session yet), a failed one none. */
  actor?: TAuditActor | null;
}

/** Where a row is written: the Prisma client or a transaction's. */
type TAuditDb = Pick<Prisma.TransactionClient, "auditEntry">;

const MAX_SUMMARY = 2000;
const MAX_IP = 64;

/** The row to insert for these facts; `at` is now (UTC). Audit rows are never updated or deleted. */
export function auditRow(facts: TAuditFacts): Prisma.AuditEntryCreateInput {
  const now = new Date();
  return {
    id: randomUUID(),
    at: now,
    actorId: facts.actor?.id ?? null,
    actorEmail: facts.actor?.email ?? null,
    action: facts.action,
    collection: facts.collection ?? null,
    recordId: facts.recordId ?? null,
    facilityId: facts.facilityId ?? null,
    summary: facts.summary ? facts.summary.slice(0, MAX_SUMMARY) : null,
    ip: facts.ip ? facts.ip.slice(0, MAX_IP) : null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: facts.actor?.id ?? null,
    updatedBy: facts.actor?.id ?? null,
  };
}

/** The row of an entry recorded for `caller`. */
export function auditRowFor(caller: TCaller, entry: TAuditEntry): Prisma.AuditEntryCreateInput {
  const { actor, ...facts } = entry;
  const user = caller.user;
  return auditRow({
    ...facts,
    actor: actor !== undefined ? actor : user ? { id: user.id, email: user.email } : null,
    ip: caller.ip,
  });
}

/** Writes one audit row; rejects when the database does not take it (the caller's work fails with it). */
export async function writeAudit(db: TAuditDb, caller: TCaller, entry: TAuditEntry): Promise<void> {
  await db.auditEntry.create({ data: auditRowFor(caller, entry) });
}

/**
 * Writes rows of another instance's audit log as they were, for an import into an empty instance
 * (data-export/import-data.ts): the one way audit rows arrive other than by the server's own actions.
 */
export async function writeImportedAuditRows(
  db: Pick<Prisma.TransactionClient, "$executeRawUnsafe">,
  rows: readonly Prisma.AuditEntryCreateManyInput[],
): Promise<void> {
  await insertJsonRows(db, "audit_log", rows);
}
