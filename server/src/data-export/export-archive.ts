/**
 * Reading an export's ZIP for an import (yauzl, from a file on disk: a ZIP is read from its central
 * directory at the end): which entries it holds, and each entry's text, lines or bytes as a stream
 * with the SHA-256 of what was read, so a collection of any size is checked and written batch by batch.
 * A file that is no ZIP, or a damaged one, is a VALIDATION error in words, never a stack trace.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { createInterface } from "node:readline";
import yauzl from "yauzl";
import { AppError } from "@care/core/app-error";

function unreadable(detail: string): AppError {
  // The ZIP library's words for a file without a ZIP's directory at its end, said for a person.
  const reason = /central directory/i.test(detail)
    ? "it is not a ZIP file, or only part of one (download the export again)"
    : detail;
  return new AppError("VALIDATION", "This file is not a Care Portal export.", {
    fields: { archive: `The ZIP cannot be read: ${reason}` },
  });
}

export class ExportArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: ReadonlyMap<string, yauzl.Entry>,
  ) {}

  /** Opens the ZIP at `path` and reads its directory; VALIDATION when it is no ZIP or a damaged one. */
  static async open(path: string): Promise<ExportArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, opened) =>
        error ? reject(unreadable(error.message)) : resolve(opened),
      ),
    );
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once("end", () => resolve());
      zip.once("error", (error: Error) => reject(unreadable(error.message)));
      zip.readEntry();
    }).catch((error: unknown) => {
      zip.close();
      throw error;
    });
    return new ExportArchive(zip, entries);
  }

  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** The uncompressed size the directory states for an entry. */
  sizeOf(path: string): number {
    return this.entries.get(path)?.uncompressedSize ?? 0;
  }

  private stream(path: string): Promise<Readable> {
    const entry = this.entries.get(path);
    if (!entry) return Promise.reject(unreadable(`${path} is missing`));
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) => (error ? reject(unreadable(error.message)) : resolve(stream))),
    );
  }

  /** An entry's bytes (for the manifest and stored files, which are small) and their SHA-256. */
  async bytes(path: string): Promise<{ bytes: Buffer; sha256: string }> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.stream(path)) chunks.push(chunk as Buffer);
    } catch (error) {
      throw error instanceof AppError ? error : unreadable((error as Error).message);
    }
    const bytes = Buffer.concat(chunks);
    return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  }

  /**
   * An entry's lines, one at a time (a collection's JSON file has one record per line); once they
   * have all been read, `sha256()` answers the checksum of the entry's bytes.
   */
  async lines(path: string): Promise<{ lines: AsyncIterable<string>; sha256(): string }> {
    const stream = await this.stream(path);
    const hash = createHash("sha256");
    stream.on("data", (chunk: Buffer) => hash.update(chunk));
    const reader = createInterface({ input: stream, crlfDelay: Infinity });
    async function* lines() {
      try {
        for await (const line of reader) yield line;
      } catch (error) {
        throw error instanceof AppError ? error : unreadable((error as Error).message);
      }
    }
    let digest: string | undefined;
    return { lines: lines(), sha256: () => (digest ??= hash.digest("hex")) };
  }

  close(): void {
    this.zip.close();
  }
}
