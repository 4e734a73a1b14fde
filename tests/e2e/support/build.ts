/**
 * Makes sure the browser tests run against a build of the current sources: `npm test` on a fresh clone
 * (CI) has no build yet, and a build older than the sources would test stale code. Builds with
 * `npm run build` when `web/dist` or `server/dist` is missing or older than any source file.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "../../..");
const OUTPUTS = ["web/dist/index.html", "server/dist/main.js"];
const SOURCES = [
  "web/src",
  "web/public",
  "web/index.html",
  "web/vite.config.ts",
  "adapters/core/src",
  "adapters/http/src",
  "adapters/firebase/src",
  "adapters/memory/src",
  "server/src",
  "server/scripts",
  "prisma",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "generated") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why a build is needed, or undefined when the build is current. */
export function buildOutdated(): string | undefined {
  const outputs = OUTPUTS.map((p) => join(REPO, p));
  const missing = outputs.find((p) => !existsSync(p));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const source = Math.max(...SOURCES.map((p) => newestMtime(join(REPO, p))));
  return source > built ? "sources changed since the last build" : undefined;
}

export function ensureBuilt(): void {
  const reason = buildOutdated();
  if (!reason) return;
  console.info(`[e2e] building the app (${reason})`);
  // Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it inherits: React's development build would ship.
  const result = spawnSync("npm", ["run", "build"], {
    cwd: REPO,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}
