/**
 * A logger stream for tests that read what the server logged: every line written lands in `lines`.
 */
import { Writable } from "node:stream";

export function captureLogLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
