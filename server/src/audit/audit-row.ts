/**
 * The shape of one audit row, shared by the audit plugin (sign-in, files) and the collection repository,
 * which writes its rows inside the same transaction as the change they describe.
 */
import { randomUUID } from "node:crypto";
import type { TAuditAction } from "@care/core/collections/audit-log.collection";
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
