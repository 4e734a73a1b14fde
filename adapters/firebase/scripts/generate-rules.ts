/** `npm run firebase:rules`: writes firestore.rules, storage.rules and firestore.indexes.json at the repository root. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generatedRuleFiles } from "../src/rules-generator.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
for (const [path, content] of Object.entries(generatedRuleFiles())) {
  writeFileSync(`${root}${path}`, content);
  console.log(`wrote ${path}`);
}

// Firestore allows 200 composite indexes per database by default.
const indexCount = (JSON.parse(generatedRuleFiles()["firestore.indexes.json"] ?? "{}") as { indexes: unknown[] })
  .indexes.length;
if (indexCount > 200)
  console.warn(`firestore.indexes.json holds ${indexCount} composite indexes, above Firestore's default limit of 200.`);
