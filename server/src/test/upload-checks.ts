/**
 * Sample files and the refusals of `POST /api/v1/files` (too large, or bytes that are not a PDF or an
 * image whatever the name and declared type), shared by the route tests that upload: the file routes and
 * the documents that point at an upload.
 */
import { expect, it } from "vitest";
import { MAX_FILE_BYTES } from "@care/core/ports/file.port";
import type { TestApp } from "./build-test-app.ts";
import { uploadFile } from "./multipart-upload.ts";

export const SAMPLE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/** A 1×1 PNG. */
export const SAMPLE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A Windows executable's header: "MZ" and the PE pointer. */
const EXE = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from("PE\0\0"),
]);

/**
 * Registers the refusal tests in the calling `describe`: over the limit (413, nothing stored) and each
 * unsupported content (415). `context` is read when a test runs, since apps are built in `beforeAll`.
 */
export function itRefusesBadUploads(context: () => { t: TestApp; cookie: string; facilityId: string }): void {
  it("refuses a file over the limit with 413 and stores nothing", async () => {
    const { t, cookie, facilityId } = context();
    const before = await t.database.prisma.storedFile.count();
    const big = Buffer.alloc(MAX_FILE_BYTES + 1);
    SAMPLE_PDF.copy(big);
    const response = await uploadFile(t.app, cookie, facilityId, "big.pdf", big, "application/pdf");
    expect(response.status).toBe(413);
    expect(response.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await t.database.prisma.storedFile.count()).toBe(before);
  });

  it.each([
    ["an empty file", "empty.pdf", Buffer.alloc(0), "application/pdf"],
    ["text named .pdf", "notes.pdf", Buffer.from("just some text, not a document"), "application/pdf"],
    ["a program named .png", "cat.png", EXE, "image/png"],
    ["HTML named .png", "page.png", Buffer.from("<html><script>alert(1)</script></html>"), "image/png"],
    ["HTML named .jpg", "page.jpg", Buffer.from("<html><script>alert(1)</script></html>"), "image/jpeg"],
  ])("refuses %s with 415", async (_label, name, bytes, type) => {
    const { t, cookie, facilityId } = context();
    const response = await uploadFile(t.app, cookie, facilityId, name, bytes, type);
    expect(response.status).toBe(415);
    expect(response.body.error?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
}
