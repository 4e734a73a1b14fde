// FilePort contract: the same cases against every harness (see contract-runner.ts).
import { beforeAll, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "@care/core/ports/file.port";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract } from "./contract-runner.ts";

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const fromText = (text: string) => new TextEncoder().encode(text);

/** A 1×1 PNG. */
const PNG = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
/** The start of a JPEG (SOI, JFIF APP0 segment) and its end marker. */
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
/** A one-page PDF. */
const PDF = fromText(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const blob = (bytes: Uint8Array, type = "") => new Blob([bytes.slice()], { type });
const bytesOf = async (b: Blob) => new Uint8Array(await b.arrayBuffer());

await runContract("files", (ctx) => {
  let admin: TPorts;
  let tullStaff: TPorts;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
    tullStaff = await ctx.signedIn(account);
  });

  it.each([
    ["report.pdf", PDF, "application/pdf"],
    ["photo.png", PNG, "image/png"],
    ["scan.jpg", JPEG, "image/jpeg"],
  ] as const)("uploads %s and gives back the same bytes and its type", async (name, bytes, type) => {
    const stored = await admin.files.upload(blob(bytes), name, { facilityId: "tull" });
    expect(stored).toMatchObject({ name, contentType: type, size: bytes.byteLength, facilityId: "tull" });
    expect(typeof stored.id).toBe("string");
    expect(new Date(stored.createdAt).toISOString()).toBe(stored.createdAt);
    expect(await admin.files.describe(stored.id)).toEqual(stored);
    const downloaded = await admin.files.download(stored.id);
    expect(await bytesOf(downloaded)).toEqual(bytes);
    expect(downloaded.type.split(";")[0]).toBe(type);
    // Never a bearer link (Firebase's getDownloadURL carries a token that works for anyone, for ever).
    const viewUrl = await admin.files.viewUrl(stored.id);
    expect(viewUrl).toMatch(/^(blob:|data:|(https?:\/\/[^/]+)?\/api\/v1\/files\/)/);
    expect(viewUrl).not.toMatch(/token=|firebasestorage|storage\.googleapis/);
  });

  it("decides the type from the bytes, not the name or the declared type", async () => {
    const stored = await admin.files.upload(blob(PNG, "application/pdf"), "x.pdf", { facilityId: "tull" });
    expect(stored.contentType).toBe("image/png");
  });

  it("names a download by the type its bytes were sniffed as, never the uploader's extension", async () => {
    // A PDF that is also HTML, uploaded as "x.html": offered as "x.pdf", so no browser opens it as a page.
    const polyglot = fromText(new TextDecoder().decode(PDF) + "<html><script>alert(1)</script></html>\n");
    const stored = await admin.files.upload(blob(polyglot, "text/html"), "x.html", { facilityId: "tull" });
    expect(stored).toMatchObject({ name: "x.html", contentType: "application/pdf" });
    const downloaded = await admin.files.download(stored.id);
    expect(downloaded.name).toBe("x.pdf");
    expect(downloaded.type.split(";")[0]).toBe("application/pdf");
    const named = await admin.files.upload(blob(PNG), "photo.png", { facilityId: "tull" });
    expect((await admin.files.download(named.id)).name).toBe("photo.png");
  });

  it("refuses text and empty files with UNSUPPORTED_MEDIA_TYPE", async () => {
    await expectAppError(
      admin.files.upload(blob(fromText("just some text, not a document"), "application/pdf"), "notes.pdf", {
        facilityId: "tull",
      }),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    await expectAppError(
      admin.files.upload(blob(new Uint8Array()), "empty.pdf", { facilityId: "tull" }),
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });

  it("refuses a file over MAX_FILE_BYTES with PAYLOAD_TOO_LARGE", async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(PDF);
    await expectAppError(admin.files.upload(blob(big), "big.pdf", { facilityId: "tull" }), "PAYLOAD_TOO_LARGE");
  });

  it("removes a file for good (NOT_FOUND after)", async () => {
    const stored = await admin.files.upload(blob(PDF), "gone.pdf", { facilityId: "tull" });
    await admin.files.remove(stored.id);
    await expectAppError(admin.files.describe(stored.id), "NOT_FOUND");
    await expectAppError(admin.files.download(stored.id), "NOT_FOUND");
    await expectAppError(admin.files.remove(stored.id), "NOT_FOUND");
  });

  it("hides another facility's files from a limited user (NOT_FOUND) and refuses uploads there (FORBIDDEN)", async () => {
    const elsewhere = await admin.files.upload(blob(PDF), "van-buren.pdf", { facilityId: "van-buren" });
    await expectAppError(tullStaff.files.describe(elsewhere.id), "NOT_FOUND");
    await expectAppError(tullStaff.files.download(elsewhere.id), "NOT_FOUND");
    await expectAppError(tullStaff.files.remove(elsewhere.id), "NOT_FOUND");
    await expectAppError(tullStaff.files.upload(blob(PDF), "mine.pdf", { facilityId: "van-buren" }), "FORBIDDEN");
    expect((await admin.files.describe(elsewhere.id)).id).toBe(elsewhere.id);

    const own = await tullStaff.files.upload(blob(JPEG), "mine.jpg", { facilityId: "tull" });
    expect(await bytesOf(await tullStaff.files.download(own.id))).toEqual(JPEG);
    expect((await admin.files.describe(own.id)).createdBy).toBe(tullStaff.auth.current()!.id);
  });

  it("keeps group-wide files (no facility) to unrestricted admins", async () => {
    const shared = await admin.files.upload(blob(PDF), "policy.pdf", { facilityId: null });
    expect(shared.facilityId).toBeNull();
    await expectAppError(tullStaff.files.describe(shared.id), "NOT_FOUND");
    await expectAppError(tullStaff.files.upload(blob(PDF), "policy.pdf", { facilityId: null }), "FORBIDDEN");
  });

  it("refuses every file call when signed out (UNAUTHENTICATED)", async () => {
    const stored = await admin.files.upload(blob(PDF), "private.pdf", { facilityId: "tull" });
    const { files } = ctx.client();
    await expectAppError(files.upload(blob(PDF), "x.pdf", { facilityId: "tull" }), "UNAUTHENTICATED");
    await expectAppError(files.describe(stored.id), "UNAUTHENTICATED");
    await expectAppError(files.download(stored.id), "UNAUTHENTICATED");
  });
});
