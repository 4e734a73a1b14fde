// The import checks the references the database enforces before it writes (REFERENCES in
// import-data.ts) and writes targets before referrers (IMPORT_ORDER): both must follow every relation of
// prisma/schema.prisma, or an import would fail half-way on a foreign key. A new relation fails here.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { IMPORT_ORDER } from "@care/core/data-export/export-format";
import type { TCollectionName } from "@care/core/registry";
import { PRISMA_MODELS } from "../collections/collection.repository.ts";
import { REFERENCES } from "./import-data.ts";

const SCHEMA = readFileSync(resolve(import.meta.dirname, "../../../prisma/schema.prisma"), "utf8");

/** Each model's relations as [field, target model], from `x Model @relation(fields: [field], …)`. */
function relations(): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  for (const [, model, body] of SCHEMA.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const found = [...body!.matchAll(/^\s+\w+\s+(\w+)\??\s+@relation\(fields: \[(\w+)\]/gm)].map(
      ([, target, field]) => [field!, target!] as [string, string],
    );
    out.set(model!, found);
  }
  return out;
}

const collectionOfModel = (model: string): TCollectionName | undefined =>
  (Object.entries(PRISMA_MODELS) as [TCollectionName, string][]).find(
    ([, client]) => client === model[0]!.toLowerCase() + model.slice(1),
  )?.[0];

it("checks every relation of a collection's table, and imports its target first", () => {
  const expected: Record<string, Record<string, string>> = {};
  for (const [model, found] of relations()) {
    const collection = collectionOfModel(model);
    if (!collection) continue;
    for (const [field, target] of found) {
      const targetCollection = collectionOfModel(target);
      expect(targetCollection, `${model}.${field} → ${target}`).toBeDefined();
      (expected[collection] ??= {})[field] = targetCollection!;
      expect(IMPORT_ORDER.indexOf(targetCollection!), `${collection} after ${targetCollection}`).toBeLessThan(
        IMPORT_ORDER.indexOf(collection),
      );
    }
  }
  expect(Object.keys(expected).length).toBeGreaterThan(10);
  expect(REFERENCES).toEqual(expected);
});
