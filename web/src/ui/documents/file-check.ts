/**
 * The browser's check of a chosen file before it is uploaded: not empty, within the upload limit and a
 * PDF or image by its first bytes (the same magic numbers the server checks again), so a wrong file is
 * refused at once with a message instead of after a long upload.
 */
import { ACCEPTED_FILE_TYPES, MAX_FILE_BYTES, type TAcceptedFileType } from "@care/core/ports/file.port";
import { SNIFF_BYTES, sniffFileType } from "@care/core/rules/file-type.rules";

/** The file input's `accept`: the accepted types and their usual extensions. */
export const ACCEPT_ATTRIBUTE = [
  ...Object.keys(ACCEPTED_FILE_TYPES),
  ...Object.values(ACCEPTED_FILE_TYPES).map((ext) => `.${ext}`),
  ".jpeg",
].join(",");

/** "20 MB", "1.5 MB", "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const TYPE_MESSAGE = "Only PDF files and images (PNG, JPEG, WebP or HEIC) can be uploaded.";

export type TFileCheck = { ok: true; contentType: TAcceptedFileType } | { ok: false; message: string };

export async function checkFile(file: Blob): Promise<TFileCheck> {
  if (file.size === 0) return { ok: false, message: "This file is empty." };
  if (file.size > MAX_FILE_BYTES) {
    const limit = formatFileSize(MAX_FILE_BYTES);
    const size = formatFileSize(file.size);
    // Just over the limit rounds to the limit itself: say "over" rather than "20 MB; at most 20 MB".
    return {
      ok: false,
      message: `This file is ${size === limit ? `over ${limit}` : size}; files can be at most ${limit}.`,
    };
  }
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const contentType = sniffFileType(head);
  if (!contentType) return { ok: false, message: `This file is not a PDF or an image. ${TYPE_MESSAGE}` };
  return { ok: true, contentType };
}
