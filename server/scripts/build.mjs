// Bundles the server and the create-user CLI for production into a self-contained `server/dist`:
// `main.js`, `create-user.js` and `migrate-worker.js` hold the server's code, the workspace packages
// (@care/*), the generated Prisma client and every npm dependency that bundles cleanly. The few packages that load
// native binaries or WebAssembly/data files next to their own code stay external and are copied, with
// what they depend on and without source maps or type declarations, into `server/dist/node_modules`.
// The Docker image ships only `server/dist`, `web/dist` and `prisma/`: no node_modules, no dev tools.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { prismaLean } from "./prisma-lean.plugin.ts";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(serverDir, "dist");

/**
 * Loaded at run time from their own folders: argon2's native addon (per platform), PGlite's
 * postgres.wasm/postgres.data, the schema engine's .wasm (read by path in src/db/schema-engine.ts).
 */
const RUNTIME_PACKAGES = ["@node-rs/argon2", "@electric-sql/pglite", "@prisma/schema-engine-wasm"];
/** Optional add-ons some dependencies try to require; the server never uses them. */
const NEVER_LOADED = ["pg-native", "pino-pretty"];
/** Files a running server never reads (PGlite's optional extensions are the .tar.gz files; CommonJS twins). */
const SKIPPED_FILES = /\.(map|d\.ts|d\.cts|d\.mts|md|markdown|cjs|tar\.gz)$|(^|\/)(CHANGELOG|README)[^/]*$/i;

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

await build({
  entryPoints: {
    main: join(serverDir, "src/main.ts"),
    "create-user": join(serverDir, "src/cli/create-user.cli.ts"),
    "data-export": join(serverDir, "src/cli/data-export.cli.ts"),
    "data-import": join(serverDir, "src/cli/data-import.cli.ts"),
    // Started by src/db/migrate.ts as a worker thread that applies the migrations and ends.
    "migrate-worker": join(serverDir, "src/db/migrate.worker.ts"),
  },
  outdir,
  bundle: true,
  // The entry points share most of their code: one copy, in chunks/. Code loaded with
  // `import()` (PGlite and its adapter) becomes its own chunk: a server on PostgreSQL never loads it.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  // Whitespace and syntax only: names stay readable in stack traces. The output is plain ASCII (esbuild
  // escapes the rest) and carries no comments: one non-Latin-1 character in a comment makes V8 keep the
  // whole multi-megabyte source as a two-byte string for the life of the process. Licence comments go to
  // a `.LEGAL.txt` file beside each bundle.
  minifyWhitespace: true,
  minifySyntax: true,
  charset: "ascii",
  legalComments: "external",
  // Sub-paths (e.g. `@prisma/schema-engine-wasm/schema_engine_bg`) stay external too.
  external: [...RUNTIME_PACKAGES, ...NEVER_LOADED].flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      'import { dirname as __pathDirname } from "node:path";',
      "const require = __createRequire(import.meta.url);",
      "const __filename = __fileURLToPath(import.meta.url);",
      "const __dirname = __pathDirname(__filename);",
    ].join(" "),
  },
  // Prisma's query compiler as a .wasm file and its parameterization graph decoded on demand.
  plugins: [prismaLean({ outdir, decoderPath: join(serverDir, "src/db/lazy-param-graph.ts") })],
  logLevel: "info",
});

// The bundles are ES modules: say so next to them, so `server/dist` runs without any other package.json.
writeFileSync(join(outdir, "package.json"), `${JSON.stringify({ type: "module" }, null, 2)}\n`);

/** The folder npm installed `name` in, as Node finds it from `fromDir` (package "exports" aside). */
function findPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Copies `name` (as installed for `fromDir`) and, recursively, the dependencies installed for it. */
function copyPackage(name, fromDir, copied) {
  const packageDir = findPackageDir(name, fromDir);
  // An optional dependency for another platform is simply not installed.
  if (!packageDir || copied.has(packageDir)) return;
  copied.add(packageDir);
  const target = join(outdir, "node_modules", name);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(packageDir, target, {
    recursive: true,
    dereference: true,
    filter: (source) => !source.slice(packageDir.length).includes("/node_modules") && !SKIPPED_FILES.test(source),
  });
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
    copyPackage(dependency, packageDir, copied);
  }
}

const copied = new Set();
for (const name of RUNTIME_PACKAGES) {
  copyPackage(name, serverDir, copied);
  if (!existsSync(join(outdir, "node_modules", name))) throw new Error(`${name} is not installed`);
}
console.info(`server/dist/node_modules: ${[...copied].map((dir) => dir.split("node_modules/").pop()).join(", ")}`);
