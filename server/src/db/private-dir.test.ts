// The embedded database's files are the server user's only: the data directory is 0700 and nothing in
// it can be read by group or others, whatever the umask, including files an older version left readable.
import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "./database.ts";

/** Every path under `dir` (itself included) whose mode lets group or others in at all. */
function opened(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stats = statSync(path);
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(dir);
  return found;
}

it("makes the data directory 0700 and its files private, under umask 022, at every start", async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "care-private-")), "data");
  const umask = process.umask(0o022);
  try {
    const database = await openDatabase({ dataDir, log: () => {} });
    await database.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(opened(dataDir)).toEqual([]);
    // Files an older version left world-readable are closed at the next start.
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, "session-secret"), "x".repeat(40), { mode: 0o644 });
    chmodSync(join(dataDir, "session-secret"), 0o644);
    const again = await openDatabase({ dataDir, log: () => {} });
    await again.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(opened(dataDir)).toEqual([]);
  } finally {
    process.umask(umask);
  }
}, 120_000);
