// An esbuild plugin for the production bundle: two changes to how Prisma's client starts that leave its
// behaviour alone and keep about 15 MB less in the server's heap for its whole life (README, "A lean
// server process"). Each change finds its spot in Prisma's code by a pattern and stops the build with a
// clear message when a Prisma upgrade moves it, so nothing is ever silently left out.
//
// 1. The query compiler's WebAssembly ships as a 2.3 MB base64 string in a JavaScript module; V8 keeps
//    both the module's source and the string. The bundle carries the bytes as a file instead, read
//    only while Prisma compiles the module.
// 2. Prisma decodes its whole parameterization graph into objects at start (10.7 MB); the server's
//    `lazyParamGraph` (src/db/lazy-param-graph.ts) decodes each node when a query first reaches it.
//
// Plain TypeScript that Node runs as it is (type stripping): build.mjs imports it directly.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Plugin } from "esbuild";

const WASM_BASE64_MODULE = /[/\\]query_compiler_\w+_bg\.\w+\.wasm-base64\.m?js$/;
const RUNTIME_CLIENT = /[/\\]@prisma[/\\]client[/\\]runtime[/\\]client\.m?js$/;
/** Prisma's eager decoder: `function Ba(e){return new Li(e).deserialize()}` (names vary by build). */
export const EAGER_DECODER = /function ([\w$]+)\((\w+)\)\{return new [\w$]+\(\2\)\.deserialize\(\)\}/g;

/** Prisma's runtime with its graph decoder replaced by `lazyParamGraph` (imported from `decoderPath`). */
export function withLazyParamGraph(source: string, decoderPath: string, format: "cjs" | "esm"): string {
  const found = [...source.matchAll(EAGER_DECODER)];
  if (found.length !== 1)
    throw new Error(
      `prisma-lean: expected Prisma's parameterization graph decoder once in its runtime, found it ${found.length} times; ` +
        "update EAGER_DECODER in server/scripts/prisma-lean.plugin.ts for this Prisma version",
    );
  const [whole, name, argument] = found[0]!;
  const replaced = source.replace(whole, `function ${name}(${argument}){return __leanParamGraph(${argument})}`);
  const load =
    format === "cjs"
      ? `const { lazyParamGraph: __leanParamGraph } = require(${JSON.stringify(decoderPath)});\n`
      : `import { lazyParamGraph as __leanParamGraph } from ${JSON.stringify(decoderPath)};\n`;
  // A "use strict" directive only counts as the first statement.
  const directive = /^(["'])use strict\1;/.exec(replaced)?.[0] ?? "";
  return directive + load + replaced.slice(directive.length);
}

/** The WebAssembly bytes of Prisma's `wasm-base64` module (`const wasm = "…"; export { wasm }`). */
export function wasmBytesOf(source: string): Buffer {
  const match = /\bwasm\s*=\s*"([A-Za-z0-9+/=]+)"/.exec(source);
  if (!match) throw new Error("prisma-lean: no base64 `wasm` string in Prisma's query compiler module");
  return Buffer.from(match[1]!, "base64");
}

/**
 * The plugin. `outdir` is the bundle's folder (the `.wasm` files go there); `decoderPath` the absolute
 * path of lazy-param-graph.ts.
 */
export function prismaLean({ outdir, decoderPath }: { outdir: string; decoderPath: string }): Plugin {
  return {
    name: "prisma-lean",
    setup(build) {
      // The bytes are written with the bundle, once it is built without errors.
      const wasmFiles = new Map<string, Buffer>();
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        for (const [file, bytes] of wasmFiles) writeFileSync(join(outdir, file), bytes);
      });
      build.onLoad({ filter: WASM_BASE64_MODULE }, ({ path }) => {
        const file = basename(path).replace(/\.wasm-base64\.m?js$/, ".wasm");
        wasmFiles.set(file, wasmBytesOf(readFileSync(path, "utf8")));
        // Prisma's generated client does `Buffer.from(wasm, "base64")`: Buffer.from takes an object's
        // `valueOf()`, here the file's bytes, which it copies (the encoding only applies to strings). Nothing
        // stays referenced once the module is compiled. The chunk lives in `chunks/`, the file beside `main.js`.
        return {
          loader: "js",
          contents: [
            'import { readFileSync } from "node:fs";',
            `const file = new URL(import.meta.url.includes("/chunks/") ? "../${file}" : "./${file}", import.meta.url);`,
            "export const wasm = { valueOf: () => readFileSync(file) };",
          ].join("\n"),
        };
      });
      build.onLoad({ filter: RUNTIME_CLIENT }, ({ path }) => {
        const source = readFileSync(path, "utf8");
        return {
          loader: "js",
          contents: withLazyParamGraph(source, decoderPath, path.endsWith(".mjs") ? "esm" : "cjs"),
          resolveDir: join(path, ".."),
        };
      });
    },
  };
}
