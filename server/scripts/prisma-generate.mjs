// Generates the Prisma client (server/src/generated/prisma, gitignored) from prisma/schema.prisma.
// Run by the root `postinstall`. `prisma generate` never needs the native schema engine, but the CLI
// tries to download it first and fails without internet; pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// existing file skips that download. With internet access the variable is harmless.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const schema = join(repoRoot, "prisma", "schema.prisma");

const require = createRequire(import.meta.url);
const prismaCli = join(dirname(require.resolve("prisma/package.json")), "build", "index.js");

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  // Any existing file will do: generate only checks that it exists and never runs it.
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

const result = spawnSync(process.execPath, [prismaCli, "generate", "--schema", schema], {
  cwd: repoRoot,
  env,
  stdio: "inherit",
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
