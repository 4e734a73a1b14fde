/**
 * `POST /transfers`: the transfer of a resident or staff member to another home (DataPort.transfer);
 * the use case (transfer-person.ts) checks access to both homes and writes everything in one
 * transaction. The body is checked by the shared rules, so its field errors read as on every backend.
 */
import { ZTransferRequest, CARRIED_COLLECTIONS } from "@care/core/rules/transfer.rules";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { callerOf } from "../caller.ts";
import { transferPerson } from "./transfer-person.ts";

const ZTransferResult = z.object({
  fromFacilityId: z.string(),
  toFacilityId: z.string(),
  record: z.record(z.string(), z.unknown()).describe("The resident's or staff member's record at its new version"),
  carried: z
    .partialRecord(z.enum(CARRIED_COLLECTIONS), z.number().int())
    .describe("Records carried to the new home, per collection"),
});

const rawBodies = new WeakMap<FastifyRequest, unknown>();

export default async function transfersRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.post(
    "/transfers",
    {
      schema: {
        tags: ["transfers"],
        summary: "Move a resident or staff member to another home with their records (one transaction)",
        body: ZTransferRequest,
        response: { 200: ZTransferResult },
      },
      attachValidation: true,
      preValidation: (request, _reply, done) => {
        rawBodies.set(request, request.body);
        done();
      },
    },
    async (request) => transferPerson(fastify.database, callerOf(request), rawBodies.get(request)),
  );
}
