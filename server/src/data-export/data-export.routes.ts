/**
 * Settings → Export and import over HTTP: `GET /data-export` writes the ZIP to a temporary file, then
 * streams it (export-data.ts),
 * `GET /data-import/status` says whether this instance may take an import (import-status.ts), and
 * `POST /data-import` takes a ZIP as the request body (`application/zip`), kept in a temporary file
 * while import-data.ts checks and writes it.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@care/core/app-error";
import { ZImportResult, ZImportStatus } from "@care/core/ports/data-transfer.port";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callerOf, requirePermission } from "../caller.ts";
import { contentDisposition } from "../files/file-names.ts";
import { exportData } from "./export-data.ts";
import { importData } from "./import-data.ts";
import { importStatus } from "./import-status.ts";

/** The largest export an import takes (a group's documents with their files). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024 * 1024;

const ZExportQuery = z.object({
  facilityIds: z
    .string()
    .max(10_000)
    .optional()
    .describe("Comma-separated ids of the homes to export, among the caller's; absent: every home they see"),
});

/** Writes the request body to `file`, refusing more than MAX_IMPORT_BYTES. */
async function saveBody(body: Readable, file: string): Promise<void> {
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > MAX_IMPORT_BYTES)
        callback(
          new AppError(
            "PAYLOAD_TOO_LARGE",
            `The export is too large. The limit is ${MAX_IMPORT_BYTES / 1024 / 1024 / 1024} GB.`,
          ),
        );
      else callback(null, chunk);
    },
  });
  await pipeline(body, limit, createWriteStream(file));
}

export default async function dataExportRoutes(fastify: FastifyInstance): Promise<void> {
  const database = fastify.database;
  // The import's body is the ZIP itself; the handler streams it to disk (never held in memory).
  fastify.addContentTypeParser("application/zip", (_request, payload, done) => done(null, payload));

  fastify.route({
    method: "GET",
    url: "/data-export",
    schema: {
      tags: ["data export"],
      summary:
        "Everything as one ZIP: every collection as JSON and CSV, the audit log and every file (prepared as of one moment, then streamed)",
      querystring: ZExportQuery,
      produces: ["application/zip"],
    },
    handler: async (request, reply) => {
      const { facilityIds } = request.query as z.infer<typeof ZExportQuery>;
      const exported = await exportData(database, callerOf(request), {
        facilityIds: facilityIds
          ?.split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      });
      // A download cut off (its time limit) leaves an incomplete ZIP: say why in the server log.
      exported.stream.once("error", (error) => request.log.error({ err: error }, "the data export's download failed"));
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", contentDisposition("attachment", exported.fileName))
        .send(exported.stream);
    },
  });

  fastify.route({
    method: "GET",
    url: "/data-import/status",
    schema: {
      tags: ["data export"],
      summary: "Whether this instance may take an import (only an empty one does), and if not, why",
      response: { 200: ZImportStatus },
    },
    handler: async (request) => importStatus(database, callerOf(request)),
  });

  fastify.route({
    method: "POST",
    url: "/data-import",
    schema: {
      tags: ["data export"],
      summary: "Load an export (the ZIP as the body) into this empty instance; answers the one-time passwords",
      consumes: ["application/zip"],
      response: { 200: ZImportResult },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      // Refused before the body is read.
      requirePermission(caller, "export", "write");
      if (!request.body || typeof (request.body as Readable).pipe !== "function")
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the export's ZIP as the body (application/zip).");
      const dir = await mkdtemp(join(tmpdir(), "care-import-"));
      try {
        const archivePath = join(dir, "export.zip");
        await saveBody(request.body as Readable, archivePath);
        const result = await importData(database, caller, { archivePath });
        // Every account changed (the importer's own took its exported id): sessions are read afresh.
        fastify.sessionCache.clear();
        return result;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  });
}
