// writeAudit: the actor comes from the caller's user unless given, the IP from the caller (a request's).
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testSessionUser } from "@care/core/rules/access.test-support";
import { callerOf } from "../caller.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { writeAudit } from "./audit-log.ts";

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  app = Fastify();
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.get("/probe", async (request) => {
    request.user = testSessionUser("house-manager", ["tull"], { id: "u-1", email: "probe@example.test" });
    const caller = callerOf(request);
    const prisma = db.database.prisma;
    await writeAudit(prisma, caller, {
      action: "view",
      collection: "facilities",
      recordId: "tull",
      facilityId: "tull",
    });
    await writeAudit(prisma, caller, { action: "login_failed", actor: null, summary: "unknown e-mail" });
    return { ok: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.cleanup();
});

it("writes a row with the given actor and no request", async () => {
  await writeAudit(
    db.database.prisma,
    { user: null, ip: null },
    {
      action: "user_create",
      actor: { id: "admin-1", email: "a@example.test" },
      recordId: "u-2",
      summary: "role, email",
    },
  );
  const row = await db.database.prisma.auditEntry.findFirstOrThrow({ where: { action: "user_create" } });
  expect(row).toMatchObject({
    actorId: "admin-1",
    actorEmail: "a@example.test",
    recordId: "u-2",
    summary: "role, email",
    ip: null,
    version: 1,
  });
});

it("takes the actor from the request's user unless given, and the IP from the request", async () => {
  const response = await app.inject({ url: "/probe", remoteAddress: "203.0.113.9" });
  expect(response.statusCode).toBe(200);
  const rows = await db.database.prisma.auditEntry.findMany({
    where: { action: { in: ["view", "login_failed"] } },
    orderBy: { action: "desc" },
  });
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({
    action: "view",
    actorId: "u-1",
    actorEmail: "probe@example.test",
    ip: "203.0.113.9",
    facilityId: "tull",
    collection: "facilities",
  });
  expect(rows[1]).toMatchObject({
    action: "login_failed",
    actorId: null,
    actorEmail: null,
    ip: "203.0.113.9",
    summary: "unknown e-mail",
  });
});
