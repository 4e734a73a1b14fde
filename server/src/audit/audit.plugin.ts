/**
 * `fastify.audit.record(...)`: appends one row to the audit log (who viewed or changed what, when).
 * There is deliberately no way to update or delete audit rows through the server.
 */
import type { TAuditAction } from "@care/core/collections/audit-log.collection";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { auditRow, type TAuditActor } from "./audit-row.ts";

export interface TAuditEntryInput {
  action: TAuditAction;
  /** The request the action came from: gives the actor (its signed-in user) and the client's IP. */
  request?: FastifyRequest;
  /** Overrides the request's user, e.g. for a login (no session yet) or a failed one (null). */
  actor?: TAuditActor | null;
  collection?: string;
  recordId?: string;
  facilityId?: string | null;
  /** Field names or a short description; never the values of personal data. */
  summary?: string;
}

export interface AuditLog {
  /** Writes one audit row; rejects when the database does not take it (the caller's request fails). */
  record(entry: TAuditEntryInput): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    audit: AuditLog;
  }
}

function actorOf(entry: TAuditEntryInput): TAuditActor | null {
  if (entry.actor !== undefined) return entry.actor;
  const user = entry.request?.user;
  return user ? { id: user.id, email: user.email } : null;
}

async function auditPlugin(fastify: FastifyInstance): Promise<void> {
  const audit: AuditLog = {
    async record(entry) {
      await fastify.database.prisma.auditEntry.create({
        data: auditRow({
          action: entry.action,
          actor: actorOf(entry),
          ip: entry.request?.ip ?? null,
          collection: entry.collection ?? null,
          recordId: entry.recordId ?? null,
          facilityId: entry.facilityId ?? null,
          summary: entry.summary ?? null,
        }),
      });
    },
  };
  fastify.decorate("audit", audit);
}

export default fp(auditPlugin, { name: "audit", fastify: "5.x" });
