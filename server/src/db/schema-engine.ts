// Prisma's schema engine compiled to WebAssembly, so migrations run without the native engine binary
// (which Prisma's CLI downloads from the internet). The package's JS entry imports a `.wasm` file, which
// Node cannot import, so the module is wired up by hand here, once per process.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";

export type { SchemaEngine } from "@prisma/schema-engine-wasm";

/** Prisma's default: no tables or enums are managed outside the schema. */
export const NO_EXTERNAL_TABLES: SchemaFilter = { externalTables: [], externalEnums: [] };

let ready: Promise<typeof bindings> | undefined;

/** Instantiates the wasm module the first time it is needed; later calls share it. */
export function loadSchemaEngineModule(): Promise<typeof bindings> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = join(
      dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
      "schema_engine_bg.wasm",
    );
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return ready;
}

/**
 * Creates a schema engine that talks to the database behind `factory` (and uses the factory's shadow
 * database for diffs). `schema` is the content of schema.prisma, when the command needs it.
 */
export async function createSchemaEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  options: { schema?: { path: string; content: string }; log?: (message: string) => void } = {},
): Promise<SchemaEngine> {
  const engine = await loadSchemaEngineModule();
  const datamodels: [string, string][] | undefined = options.schema
    ? [[options.schema.path, options.schema.content]]
    : undefined;
  const log = options.log ?? (() => {});
  return engine.SchemaEngine.new(
    { datamodels },
    (message: string) => log(message),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
}
