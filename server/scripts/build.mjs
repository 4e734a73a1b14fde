// Bundles the server and the create-user CLI for production: `server/dist/main.js` and
// `server/dist/create-user.js`. npm dependencies stay external (installed in node_modules); the
// workspace packages (@care/*) and the generated Prisma client are bundled, as they are TypeScript.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(serverDir, "package.json"), "utf8"));
const external = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter(
  (name) => !name.startsWith("@care/"),
);

await build({
  entryPoints: {
    main: join(serverDir, "src/main.ts"),
    "create-user": join(serverDir, "src/cli/create-user.cli.ts"),
  },
  outdir: join(serverDir, "dist"),
  bundle: true,
  // Code loaded with `import()` (PGlite and its adapter) becomes its own chunk: a server on
  // PostgreSQL never loads it.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Sub-paths of external packages (e.g. `@prisma/client/runtime/client`) stay external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "info",
});
