import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "@care/core/ports/file.port";
import { checkFile, formatFileSize } from "./file-check.ts";

const PDF_HEAD = "%PDF-1.4\n";

describe("checkFile", () => {
  it("accepts a PDF and an image by their first bytes, whatever the declared type", async () => {
    expect(await checkFile(new Blob([PDF_HEAD, "rest"], { type: "text/plain" }))).toEqual({
      ok: true,
      contentType: "application/pdf",
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await checkFile(new Blob([png]))).toEqual({ ok: true, contentType: "image/png" });
  });

  it("refuses text named like a PDF, an empty file and one over the limit, saying why", async () => {
    const text = await checkFile(new Blob(["hello, not a pdf"], { type: "application/pdf" }));
    expect(text).toEqual({ ok: false, message: expect.stringContaining("not a PDF or an image") });
    expect(await checkFile(new Blob([]))).toEqual({ ok: false, message: "This file is empty." });
    const big = new Blob([PDF_HEAD, new Uint8Array(MAX_FILE_BYTES)]);
    expect(await checkFile(big)).toEqual({
      ok: false,
      message: "This file is over 20 MB; files can be at most 20 MB.",
    });
  });
});

describe("formatFileSize", () => {
  it("uses bytes, KB and MB", () => {
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(MAX_FILE_BYTES)).toBe("20 MB");
    expect(formatFileSize(21 * 1024 * 1024 + 40)).toBe("21 MB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });
});
