/**
 * Uploading a file through `POST /api/v1/files` in `inject` route tests, as a browser's FormData sends
 * it: the `facilityId` field, then the file.
 */
import type { FastifyInstance } from "fastify";

/** A multipart/form-data body with the fields in order. */
export function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer }>,
): { payload: Buffer; contentType: string } {
  const boundary = `----care${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      "filename" in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type = "filename" in part ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push("filename" in part ? part.bytes : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The stored file's description on 201 (`id` is only there then), `{ error }` otherwise. */
export type TUploadBody = Record<string, unknown> & {
  id: string;
  error?: { code: string; fields?: Record<string, string> };
};

/** Uploads `bytes` as `filename` into `facilityId`; answers the status and the parsed body. */
export async function uploadFile(
  app: FastifyInstance,
  cookie: string,
  facilityId: string,
  filename: string,
  bytes: Buffer,
  type = "application/octet-stream",
): Promise<{ status: number; body: TUploadBody }> {
  const { payload, contentType } = multipart([
    { name: "facilityId", value: facilityId },
    { name: "file", filename, type, bytes },
  ]);
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/files",
    headers: { cookie, "content-type": contentType, "x-requested-with": "care-portal" },
    payload,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}
