/**
 * File type from the first bytes (magic numbers), for the accepted upload types only. The server uses
 * the `file-type` package; this small check serves the memory adapter, the web app's early check before
 * an upload and the Firebase function that checks bytes once stored (`checkUploadedFileBytes`), and
 * agrees with `file-type` on the accepted types. `downloadName` is the name every backend offers a
 * file's bytes under, from the type they were sniffed as.
 */
import { ACCEPTED_FILE_TYPES, type TAcceptedFileType } from "../ports/file.port.ts";

/** How many leading bytes `sniffFileType` needs at most. */
export const SNIFF_BYTES = 16;

const HEIC_BRANDS = ["heic", "heix"];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** The accepted content type the bytes start with, or null when they are none of them. */
export function sniffFileType(bytes: Uint8Array): TAcceptedFileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp" && HEIC_BRANDS.includes(ascii(bytes, 8, 4)))
    return "image/heic";
  return null;
}

/** Other extensions a sniffed type is known by, kept as the uploader wrote them. */
const ALSO_KNOWN_AS: Partial<Record<TAcceptedFileType, readonly string[]>> = { "image/jpeg": ["jpeg"] };

/**
 * The name a download is offered under, on every backend: the stored name with the extension of its
 * sniffed type, so the browser never opens the bytes as what the uploader's name claimed
 * ("report.html" → "report.pdf").
 */
export function downloadName(name: string, contentType: TAcceptedFileType): string {
  const extension = ACCEPTED_FILE_TYPES[contentType];
  const dot = name.lastIndexOf(".");
  const given = dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
  if (given === extension || ALSO_KNOWN_AS[contentType]?.includes(given)) return name;
  const stem = dot > 0 && name.length - dot <= 10 ? name.slice(0, dot) : name;
  return `${stem}.${extension}`;
}
