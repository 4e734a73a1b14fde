/**
 * Documents' files, stored in PostgreSQL (one backup holds everything): upload (multipart, size-limited,
 * type decided by the bytes), describe, download and remove, with access by the file's facility and
 * an audit row for each upload, download and removal.
 */
import { createHash, randomUUID } from "node:crypto";
import { AppError } from "@care/core/app-error";
import {
  ACCEPTED_FILE_TYPES,
  MAX_FILE_BYTES,
  ZStoredFile,
  type TAcceptedFileType,
  type TStoredFile,
} from "@care/core/ports/file.port";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { canSeeFacility } from "@care/core/rules/access.rules";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import { auditRow } from "../audit/audit-row.ts";
import { contentDisposition, displayName } from "./file-names.ts";

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

const FILE_META = {
  id: true,
  name: true,
  contentType: true,
  size: true,
  facilityId: true,
  createdAt: true,
  createdBy: true,
} as const;

interface TFileMetaRow {
  id: string;
  name: string;
  contentType: string;
  size: number;
  facilityId: string | null;
  createdAt: Date;
  createdBy: string | null;
}

function storedFileOf(row: TFileMetaRow): TStoredFile {
  return { ...row, contentType: row.contentType as TAcceptedFileType, createdAt: row.createdAt.toISOString() };
}

function signedIn(request: FastifyRequest): TSessionUser {
  if (!request.user) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return request.user;
}

const fileNotFound = () => new AppError("NOT_FOUND", "This file does not exist or was removed.");
const unsupported = () =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    "This file type is not accepted. Upload a PDF or an image (PNG, JPEG, WebP or HEIC).",
  );
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
async function readUpload(
  request: FastifyRequest,
): Promise<{ facilityId: string | null; name: string; bytes: Buffer }> {
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
  const prisma = fastify.database.prisma;

  /** The file's description if the user may see it; NOT_FOUND otherwise (existence is not revealed). */
  async function visibleFile(user: TSessionUser, id: string): Promise<TFileMetaRow> {
    const row = await prisma.storedFile.findUnique({ where: { id }, select: FILE_META });
    if (!row || !canSeeFacility(user, row.facilityId)) throw fileNotFound();
    return row;
  }

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
      const user = signedIn(request);
      const upload = await readUpload(request);
      if (upload.facilityId === null) {
        if (user.role !== "admin" || !canSeeFacility(user, null)) {
          throw new AppError("FORBIDDEN", "Only an administrator for every facility may store group-wide files.");
        }
      } else {
        if (!canSeeFacility(user, upload.facilityId))
          throw new AppError("FORBIDDEN", "You do not have access to that facility.");
        const facility = await prisma.facility.findUnique({ where: { id: upload.facilityId }, select: { id: true } });
        if (!facility)
          throw new AppError("VALIDATION", "The upload is not valid.", { fields: { facilityId: "Unknown facility" } });
      }
      if (upload.bytes.length === 0) throw unsupported();
      const detected = await fileTypeFromBuffer(upload.bytes);
      if (!detected || !Object.hasOwn(ACCEPTED_FILE_TYPES, detected.mime)) throw unsupported();
      const contentType = detected.mime as TAcceptedFileType;
      const id = randomUUID();
      const [row] = await prisma.$transaction([
        prisma.storedFile.create({
          data: {
            id,
            name: displayName(upload.name),
            contentType,
            size: upload.bytes.length,
            sha256: createHash("sha256").update(upload.bytes).digest("hex"),
            bytes: new Uint8Array(upload.bytes),
            facilityId: upload.facilityId,
            createdBy: user.id,
          },
          select: FILE_META,
        }),
        prisma.auditEntry.create({
          data: auditRow({
            action: "file_upload",
            actor: user,
            ip: request.ip,
            collection: "files",
            recordId: id,
            facilityId: upload.facilityId,
            summary: `${contentType}, ${upload.bytes.length} bytes`,
          }),
        }),
      ]);
      return reply.code(201).send(storedFileOf(row));
    },
  });

  fastify.route({
    method: "GET",
    url: "/files/:id",
    schema: { tags: ["files"], summary: "Describe a file", params: ZFileParams, response: { 200: ZStoredFile } },
    handler: async (request) => {
      const user = signedIn(request);
      return storedFileOf(await visibleFile(user, (request.params as z.infer<typeof ZFileParams>).id));
    },
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
      const user = signedIn(request);
      const meta = await visibleFile(user, (request.params as z.infer<typeof ZFileParams>).id);
      const content = await prisma.storedFile.findUnique({ where: { id: meta.id }, select: { bytes: true } });
      if (!content) throw fileNotFound();
      await fastify.audit.record({
        action: "file_download",
        request,
        collection: "files",
        recordId: meta.id,
        facilityId: meta.facilityId,
      });
      const inline = ["1", "true"].includes((request.query as z.infer<typeof ZContentQuery>).inline ?? "");
      return reply
        .header("content-type", meta.contentType)
        .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", meta.name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-security-policy", FILE_CSP)
        .send(Buffer.from(content.bytes));
    },
  });

  fastify.route({
    method: "DELETE",
    url: "/files/:id",
    schema: {
      tags: ["files"],
      summary: "Remove a file for good (administrators or the uploader)",
      params: ZFileParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      const user = signedIn(request);
      const meta = await visibleFile(user, (request.params as z.infer<typeof ZFileParams>).id);
      if (user.role !== "admin" && meta.createdBy !== user.id)
        throw new AppError("FORBIDDEN", "Only an administrator or the person who uploaded it may remove this file.");
      await prisma.$transaction(async (tx) => {
        const removed = await tx.storedFile.deleteMany({ where: { id: meta.id } });
        if (removed.count === 0) throw fileNotFound();
        await tx.auditEntry.create({
          data: auditRow({
            action: "file_remove",
            actor: user,
            ip: request.ip,
            collection: "files",
            recordId: meta.id,
            facilityId: meta.facilityId,
            summary: meta.contentType,
          }),
        });
      });
      return reply.code(204).send();
    },
  });
}
