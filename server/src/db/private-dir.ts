/**
 * The embedded database's files hold every resident's and staff member's data: nobody but the server's
 * own user may read them, whatever the machine's umask (022 makes new files world-readable). The data
 * directory becomes 0700 and everything in it loses its group and other permissions, at every start
 * (data written by an older version included); new files inside are unreachable to others through it.
 */
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";

/** Creates `dir` if needed and makes it and everything in it private to the owner (no group/other bits). */
export async function makePrivate(dir: string, log: (message: string) => void): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await privateTree(dir);
  } catch (error) {
    // A directory of another owner (a mount made by root): the server still runs, the operator is told.
    log(`cannot make ${dir} private to this user (${(error as Error).message}); set its mode to 0700 yourself`);
  }
}

async function privateTree(path: string): Promise<void> {
  const stats = await lstat(path);
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & 0o077) !== 0) await chmod(path, stats.mode & 0o7700);
  if (!stats.isDirectory()) return;
  for (const entry of await readdir(path)) await privateTree(join(path, entry));
}
