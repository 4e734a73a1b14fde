// The full data export read slowly over a real socket: the ZIP is prepared first, so a client that
// stops reading holds no database connection (embedded PGlite has only one) and the portal keeps
// answering; the archive is still of one moment, its temporary file is gone, and preparing it has a
// time limit with a clear error.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { MAX_FILE_BYTES } from "@care/core/ports/file.port";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { residentInput } from "../test/fixtures.ts";
import { uploadFile } from "../test/multipart-upload.ts";
import { SAMPLE_PDF } from "../test/upload-checks.ts";
import { manifestOf, recordsOf, sha256, unzip } from "./data-export.test-support.ts";
import { exportData } from "./export-data.ts";

let t: TestApp;
let cookie: string;
let base: string;
/** The temporary folder of this file's exports (os.tmpdir() reads TMPDIR). */
const exportTmp = mkdtempSync(join(tmpdir(), "care-export-test-"));
const savedTmpDir = process.env.TMPDIR;

/** PDFs of random bytes (they do not compress): together more than a loopback socket buffers. */
function largePdf(): Buffer {
  return Buffer.concat([SAMPLE_PDF, randomBytes(MAX_FILE_BYTES - SAMPLE_PDF.length - 1024)]);
}

/** What exports left in the temporary folder. */
const leftOver = () => readdirSync(exportTmp).filter((name) => name.startsWith("care-export-"));

beforeAll(async () => {
  process.env.TMPDIR = exportTmp;
  t = await buildTestApp();
  cookie = await t.login(t.admin.email, t.admin.password);
  for (const name of ["one.pdf", "two.pdf"])
    expect((await uploadFile(t.app, cookie, "tull", name, largePdf())).status).toBe(201);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
  process.env.TMPDIR = savedTmpDir;
  rmSync(exportTmp, { recursive: true, force: true });
});

/** GET /api/v1/data-export over the socket, answered once its headers (and first bytes) arrive. */
function startDownload(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}/api/v1/data-export`, { headers: { cookie } }, resolve);
    request.once("error", reject);
    request.end();
  });
}

/** `path` through the socket within one second: its status, or "timeout". */
async function within1s(path: string, init: RequestInit = {}): Promise<number | "timeout"> {
  const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(1_000) }).catch(() => null);
  return response ? response.status : "timeout";
}

describe("a slow download of the data export", () => {
  it("blocks no other request, /readyz stays ready, and the ZIP is still of the moment it was asked for", async () => {
    const download = await startDownload();
    // A failure must not leave the download (and, before this rule, the database) held.
    onTestFinished(() => void download.destroy());
    expect(download.statusCode).toBe(200);
    // The client reads one chunk, then nothing for a while: the server's buffers fill.
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) => download.once("data", (chunk: Buffer) => (chunks.push(chunk), resolve())));
    download.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await within1s("/readyz")).toBe(200);
    expect(await within1s("/api/v1/residents", { headers: { cookie } })).toBe(200);
    const later = await within1s("/api/v1/residents", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "x-requested-with": "care-portal" },
      body: JSON.stringify({ data: residentInput("tull", "Later") }),
    });
    expect(later).toBe(201);
    // Nothing of the export is left on disk by name while it is downloaded.
    expect(leftOver()).toEqual([]);

    download.resume();
    for await (const chunk of download) chunks.push(chunk as Buffer);
    const entries = await unzip(Buffer.concat(chunks));
    const manifest = manifestOf(entries);
    for (const entry of Object.values(manifest.collections))
      expect(sha256(entries.get(entry.json.path)!)).toBe(entry.json.sha256);
    expect(manifest.files.count).toBe(2);
    // The resident admitted during the download came after the export's moment.
    expect(recordsOf(entries, "residents").map((r) => r.lastName)).not.toContain("Later");
  }, 60_000);

  it("stops preparing an export that takes longer than its time limit, with a clear error, and keeps nothing", async () => {
    const refused = await exportData(t.database, null, { timeLimitMs: 1 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: "UNAVAILABLE",
      message: expect.stringMatching(/^The export took longer than 1 minute to prepare and was stopped\./),
    });
    expect(leftOver()).toEqual([]);
    // The next one runs.
    const exported = await exportData(t.database, null);
    exported.stream.resume();
    await new Promise((resolve) => exported.stream.once("close", resolve));
  }, 60_000);
});
