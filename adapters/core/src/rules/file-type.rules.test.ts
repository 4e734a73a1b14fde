import { describe, expect, it } from "vitest";
import { downloadName, sniffFileType } from "./file-type.rules.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffFileType", () => {
  it("recognises each accepted type by its magic bytes", () => {
    expect(sniffFileType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffFileType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe("image/png");
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF"))).toBe("image/jpeg");
    expect(sniffFileType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffFileType(bytes([0, 0, 0, 24], "ftypheic", [0, 0, 0, 0]))).toBe("image/heic");
    expect(sniffFileType(bytes([0, 0, 0, 24], "ftypheix", [0, 0, 0, 0]))).toBe("image/heic");
  });

  it("refuses text, empty and truncated input and other formats", () => {
    expect(sniffFileType(bytes("hello, world"))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
    expect(sniffFileType(bytes("%PDF"))).toBeNull();
    expect(sniffFileType(bytes([0x89], "PNG"))).toBeNull();
    expect(sniffFileType(bytes("RIFF", [1, 2, 3, 4], "WAVE"))).toBeNull();
    expect(sniffFileType(bytes([0, 0, 0, 24], "ftypisom", [0, 0, 0, 0]))).toBeNull();
    expect(sniffFileType(bytes("GIF89a"))).toBeNull();
  });
});

describe("downloadName", () => {
  it("gives the stored name the extension of the sniffed type", () => {
    expect(downloadName("x.html", "application/pdf")).toBe("x.pdf");
    expect(downloadName("scan", "image/png")).toBe("scan.png");
    expect(downloadName("report.PDF", "application/pdf")).toBe("report.PDF");
    expect(downloadName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(downloadName("v1.2 final notes", "image/webp")).toBe("v1.2 final notes.webp");
  });
});
