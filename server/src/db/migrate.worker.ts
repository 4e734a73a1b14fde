// The worker thread `applyMigrationsApart` starts in the built server (bundled as
// `server/dist/migrate-worker.js`): applies the migrations to the database it is given and ends.
import { parentPort, workerData } from "node:worker_threads";
import { applyMigrationsHere, type MigrationPlace } from "./migrate.ts";

try {
  const { applied } = await applyMigrationsHere(workerData as MigrationPlace);
  parentPort!.postMessage({ applied });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
