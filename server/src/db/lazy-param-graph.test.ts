// The lazy decoder of Prisma's parameterization graph gives Prisma's own answer on the real schema, and
// the build's patch of Prisma's runtime finds its spot (or stops the build).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EAGER_DECODER, wasmBytesOf, withLazyParamGraph } from "../../scripts/prisma-lean.plugin.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import { lazyParamGraph, type TParamGraph, type TSerializedParamGraph } from "./lazy-param-graph.ts";

const RUNTIME = createRequire(import.meta.url).resolve("@prisma/client/runtime/client");
const runtimeSource = readFileSync(RUNTIME.replace(/\.js$/, ".mjs"), "utf8");

/** The schema's serialized graph, as the generated client hands it to Prisma's engine. */
function serializedGraph(): TSerializedParamGraph {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: "postgresql://nobody@127.0.0.1:1/none" }),
  });
  return (client as unknown as { _engineConfig: { parameterizationSchema: TSerializedParamGraph } })._engineConfig
    .parameterizationSchema;
}

let tempDir: string;
let eagerParamGraph: (serialized: TSerializedParamGraph) => TParamGraph;

beforeAll(async () => {
  // Prisma's own decoder, exported from a bundled copy of its runtime.
  const [, name] = [...runtimeSource.matchAll(EAGER_DECODER)][0]!;
  const bundled = await build({
    stdin: { contents: `${runtimeSource}\nexport { ${name} as eagerParamGraph };`, resolveDir: dirname(RUNTIME) },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  tempDir = mkdtempSync(join(tmpdir(), "param-graph-"));
  const file = join(tempDir, "runtime.mjs");
  writeFileSync(file, bundled.outputFiles[0]!.text);
  ({ eagerParamGraph } = await import(pathToFileURL(file).href));
});

afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe("lazyParamGraph", () => {
  it("answers as Prisma's eager decoder for every node, edge and root of the schema", () => {
    const serialized = serializedGraph();
    const eager = eagerParamGraph(serialized);
    const lazy = lazyParamGraph(serialized);
    expect(eager.inputNodes.length).toBeGreaterThan(1000);
    expect(lazy.strings).toBe(serialized.strings);
    expect(lazy.roots).toEqual(eager.roots);
    expect(lazy.inputNodes).toHaveLength(eager.inputNodes.length);
    expect(lazy.outputNodes).toHaveLength(eager.outputNodes.length);
    eager.inputNodes.forEach((node, id) => expect(lazy.inputNodes[id]!.edges, `input node ${id}`).toEqual(node.edges));
    eager.outputNodes.forEach((node, id) => expect(lazy.outputNodes[id]!.edges, `output ${id}`).toEqual(node.edges));
  });

  it("decodes a node once and keeps its edges", () => {
    const lazy = lazyParamGraph(serializedGraph());
    expect(lazy.inputNodes[0]!.edges).toBe(lazy.inputNodes[0]!.edges);
  });
});

describe("the build's patch of Prisma's runtime", () => {
  it("routes Prisma's graph decoder to lazyParamGraph, as ES module and CommonJS", () => {
    const esm = withLazyParamGraph(runtimeSource, "/x/lazy-param-graph.ts", "esm");
    expect(esm.startsWith('import { lazyParamGraph as __leanParamGraph } from "/x/lazy-param-graph.ts";')).toBe(true);
    expect([...esm.matchAll(EAGER_DECODER)]).toHaveLength(0);
    expect(esm).toMatch(/function [\w$]+\(e\)\{return __leanParamGraph\(e\)\}/);
    const cjs = withLazyParamGraph(readFileSync(RUNTIME, "utf8"), "/x/lazy-param-graph.ts", "cjs");
    expect(cjs.startsWith('"use strict";const { lazyParamGraph: __leanParamGraph } = require(')).toBe(true);
  });

  it("stops the build when a Prisma version has no such decoder", () => {
    expect(() => withLazyParamGraph("function Ba(e){return e}", "/x.ts", "esm")).toThrow(/update EAGER_DECODER/);
  });

  it("takes the query compiler's WebAssembly bytes out of Prisma's base64 module", () => {
    const module = readFileSync(join(dirname(RUNTIME), "query_compiler_small_bg.postgresql.wasm-base64.mjs"), "utf8");
    const bytes = wasmBytesOf(module);
    expect(WebAssembly.validate(new Uint8Array(bytes))).toBe(true);
    expect(() => wasmBytesOf("export const wasm = 1;")).toThrow(/no base64/);
  });
});
