/**
 * Builds the web app to web/dist (served by the server). The first load carries only the shell:
 * React and the router in a vendor chunk, each area page in its own lazy chunk, and the Firebase SDK
 * in a chunk that only firebase deployments download. `npm run dev -w web` proxies the API and the
 * runtime config to the server on :3000; `CARE_DEV_BACKEND=memory` serves `{backend:"memory"}` instead,
 * for working on the UI without a server. Every text file of the build also gets brotli and gzip copies.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
const server = process.env.CARE_DEV_SERVER ?? "http://localhost:3000";

/** Dev only: answers /runtime-config.json with the memory backend's config. */
function memoryRuntimeConfig(): Plugin {
  return {
    name: "care-memory-runtime-config",
    apply: "serve",
    configureServer(devServer) {
      devServer.middlewares.use("/runtime-config.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ backend: "memory" }));
      });
    },
  };
}

/** Text files worth compressing (source maps are left out: only developers fetch them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size a compressed copy saves nothing worth a request header. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Build only: writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best) beside every
 * compressible file of the build, so the server sends them as they are (`preCompressed`) instead of
 * compressing on every request or not at all.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "care-precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
        const content = readFileSync(file);
        if (content.length < COMPRESS_MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * Build only: once the module graph is complete, records which modules each named set of root modules
 * imports statically, directly or not (the entry, main.tsx, belongs to every set). The chunk groups
 * below use them to keep apart what a visitor loads before signing in, what every signed-in page loads
 * (the layout) and what only some pages load.
 */
function staticImports<N extends string>(roots: Record<N, string[]>) {
  const sets = new Map<N, Set<string>>();
  const plugin: Plugin = {
    name: "care-static-imports",
    apply: "build",
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (const [name, paths] of Object.entries(roots) as [N, string[]][]) {
        const modules = new Set<string>();
        const visit = (id: string) => {
          if (modules.has(id)) return;
          modules.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const id of [...entries, ...paths]) visit(id);
        for (const path of paths) if (!this.getModuleInfo(path)) this.error(`${path} is not in the build`);
        sets.set(name, modules);
      }
    },
  };
  return { plugin, imports: (name: N, id: string) => sets.get(name)?.has(id) ?? false };
}

const useMemory = process.env.CARE_DEV_BACKEND === "memory";
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const loads = staticImports({
  /** A visitor not signed in: the entry, the http adapter it starts on the portal's server, the sign-in page. */
  signedOut: [source("./src/app/auth/login-page.tsx"), source("../adapters/http/src/http-ports.ts")],
  /** Every signed-in page: the layout around it. */
  signedIn: [source("./src/app/layout/app-layout.tsx")],
});
/** Shared code: the core rules and schemas, the adapters, the records hooks and their libraries. */
const SHARED_CODE =
  /adapters[\\/](core|http)[\\/]src[\\/]|web[\\/]src[\\/]lib[\\/]|node_modules[\\/](@tanstack[\\/](query-core|react-query)|react-hot-toast)[\\/]/;

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react(), precompress(), loads.plugin, ...(useMemory ? [memoryRuntimeConfig()] : [])],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // The Firebase SDK chunk (~600 kB) is downloaded only by firebase deployments, never on first load.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "firebase", test: /node_modules[\\/](firebase|@firebase|idb)[\\/]/, priority: 20 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 10 },
            // The shared code in three files instead of ~40 of 1–3 kB (on HTTP/1.1 a phone fetches six
            // files at a time, a round trip each wave): what a visitor loads before signing in, what
            // every signed-in page adds, what only some pages need. Each group also takes what its
            // modules import unless a group before it took that, so no chunk imports one that imports
            // it back (which would run code before what it imports).
            { name: "boot", test: (id: string) => SHARED_CODE.test(id) && loads.imports("signedOut", id), priority: 7 },
            { name: "shell", test: (id: string) => SHARED_CODE.test(id) && loads.imports("signedIn", id), priority: 6 },
            { name: "shared", test: (id: string) => SHARED_CODE.test(id), priority: 5 },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": server,
      ...(useMemory ? {} : { "/runtime-config.json": server }),
    },
  },
});
