// Opens the embedded database (PGlite) the same way wherever it is opened: by the server and by the
// worker thread that applies the migrations before it.
import { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL's memory settings inside PGlite. Its WebAssembly memory only grows, and every page it touches
 * stays resident: the defaults (128 MB of shared buffers, 64 MB per index build) made the embedded server
 * of a small care group hold 400+ MB. One connection and a few homes' records need far less.
 */
export const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB", "work_mem=4MB"];

/** PGlite on `dir` (created when missing), or in memory when `dir` is undefined. */
export function openEmbeddedPGlite(dir: string | undefined): Promise<PGlite> {
  return PGlite.create({
    dataDir: dir,
    // PGlite before 0.4 always used template1; data directories made by it keep their tables there.
    database: "template1",
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
}
