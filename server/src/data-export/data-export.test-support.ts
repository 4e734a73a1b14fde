/** Reading and making export ZIPs in the data export route tests. */
import { createHash } from "node:crypto";
import yauzl from "yauzl";
import yazl from "yazl";
import type { FastifyInstance } from "fastify";
import type { TExportManifest } from "@care/core/data-export/export-format";

/** Every entry of a ZIP, by name. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on("entry", (entry: yauzl.Entry) => {
      archive.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        archive.readEntry();
      });
    });
    archive.once("end", resolve);
    archive.once("error", reject);
    archive.readEntry();
  });
  return entries;
}

/** A ZIP of these entries. */
export async function zipOf(entries: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function manifestOf(entries: ReadonlyMap<string, Buffer>): TExportManifest {
  return JSON.parse(entries.get("manifest.json")!.toString("utf8")) as TExportManifest;
}

/** The records of a collection's JSON entry. */
export function recordsOf(entries: ReadonlyMap<string, Buffer>, name: string): Record<string, unknown>[] {
  return JSON.parse(entries.get(`collections/${name}.json`)!.toString("utf8")) as Record<string, unknown>[];
}

/** `GET /api/v1/data-export` as `cookie`: the status, and the entries of the ZIP on 200 (else the error body). */
export async function exportAs(app: FastifyInstance, cookie: string, query = "") {
  const response = await app.inject({ method: "GET", url: `/api/v1/data-export${query}`, headers: { cookie } });
  if (response.statusCode !== 200) return { status: response.statusCode, body: response.json(), zip: null };
  return { status: 200, response, zip: response.rawPayload, entries: await unzip(response.rawPayload) };
}

/** `POST /api/v1/data-import` of `zip` as `cookie`: the status and the parsed answer. */
export async function importAs(app: FastifyInstance, cookie: string, zip: Buffer) {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/data-import",
    headers: { cookie, "content-type": "application/zip", "x-requested-with": "care-portal" },
    payload: zip,
  });
  return { status: response.statusCode, body: response.json() };
}
