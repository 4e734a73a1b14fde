/**
 * Documents' files, stored in PostgreSQL (one backup holds everything): upload (multipart, size-limited),
 * describe, download and remove. The handlers read the request and call the use cases (upload-file.ts,
 * describe-file.ts, download-file.ts, remove-file.ts), which check access and write the audit rows.
 */
import { AppError } from "@care/core/app-error";
import { ACCEPTED_FILE_TYPES, MAX_FILE_BYTES, ZStoredFile } from "@care/core/ports/file.port";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { callerOf, requireUser } from "../caller.ts";
import { describeFile } from "./describe-file.ts";
import { downloadFile } from "./download-file.ts";
import { downloadName } from "@care/core/rules/file-type.rules";
import { contentDisposition } from "./file-names.ts";
import { removeFile } from "./remove-file.ts";
import { uploadFile, type TUploadFileInput } from "./upload-file.ts";

const ZFileParams = z.object({ id: z.string().min(1).max(64) });
const ZContentQuery = z.object({
  inline: z.enum(["1", "0", "true", "false"]).optional().describe("1 to view in the browser instead of downloading"),
});
const ZUploadForm = z
  .object({
    facilityId: z.string().describe("The facility the file belongs to; empty for a group-wide file (admins only)"),
    file: z.unknown().describe("The file: PDF, PNG, JPEG, WebP or HEIC"),
  })
  .describe("multipart/form-data");

/**
 * The files are PDFs and images (checked by their bytes): nothing may run in them, but the browser's
 * PDF viewer needs `object-src`, and the web app may show a file in a same-origin frame.
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

const tooLarge = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `The file is too large. The limit is ${Math.round(MAX_FILE_BYTES / 1024 / 1024)} MB.`,
  );

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "FST_REQ_FILE_TOO_LARGE" ||
    code === "FST_FILES_LIMIT" ||
    (error as { statusCode?: unknown } | null)?.statusCode === 413
  );
}

/** Reads the multipart form: the `facilityId` field and one `file`, at most MAX_FILE_BYTES (never more is buffered). */
async function readUpload(request: FastifyRequest): Promise<TUploadFileInput> {
  if (!request.isMultipart()) {
    throw new AppError("VALIDATION", "Send the file as multipart/form-data.", { fields: { file: "Required" } });
  }
  let facilityId: string | null | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "file") file = { name: part.filename, bytes };
      } else if (part.fieldname === "facilityId") {
        const value = typeof part.value === "string" ? part.value.trim() : "";
        facilityId = value === "" ? null : value;
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge();
    throw error;
  }
  const fields: Record<string, string> = {};
  if (!file) fields.file = "Choose a file";
  if (facilityId === undefined) fields.facilityId = "Required (empty for a group-wide file)";
  if (!file || facilityId === undefined) throw new AppError("VALIDATION", "The upload is not valid.", { fields });
  return { facilityId, ...file };
}

export default async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const database = fastify.database;
  const idOf = (request: FastifyRequest) => (request.params as z.infer<typeof ZFileParams>).id;

  fastify.route({
    method: "POST",
    url: "/files",
    schema: {
      tags: ["files"],
      summary: "Upload a file (multipart: facilityId, file)",
      consumes: ["multipart/form-data"],
      body: ZUploadForm,
      response: { 201: ZStoredFile },
    },
    // The multipart body is read by the handler as a stream; the schema above only documents it.
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      // Signed out: refused before up to 20 MB are read.
      requireUser(caller);
      return reply.code(201).send(await uploadFile(database, caller, await readUpload(request)));
    },
  });

  fastify.route({
    method: "GET",
    url: "/files/:id",
    schema: { tags: ["files"], summary: "Describe a file", params: ZFileParams, response: { 200: ZStoredFile } },
    handler: async (request) => describeFile(database, callerOf(request), idOf(request)),
  });

  fastify.route({
    method: "GET",
    url: "/files/:id/content",
    schema: {
      tags: ["files"],
      summary: "Download (or with inline=1 view) a file's bytes",
      params: ZFileParams,
      querystring: ZContentQuery,
      produces: Object.keys(ACCEPTED_FILE_TYPES),
    },
    handler: async (request, reply) => {
      const { file, bytes } = await downloadFile(database, callerOf(request), idOf(request));
      const inline = ["1", "true"].includes((request.query as z.infer<typeof ZContentQuery>).inline ?? "");
      return reply
        .header("content-type", file.contentType)
        .header(
          "content-disposition",
          contentDisposition(inline ? "inline" : "attachment", downloadName(file.name, file.contentType)),
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-security-policy", FILE_CSP)
        .send(bytes);
    },
  });

  fastify.route({
    method: "DELETE",
    url: "/files/:id",
    schema: {
      tags: ["files"],
      summary: "Remove a file for good (administrators or the uploader; 409 while a document names it)",
      params: ZFileParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await removeFile(database, callerOf(request), idOf(request));
      return reply.code(204).send();
    },
  });
}
