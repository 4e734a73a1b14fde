/** `npm run firebase:rules`: writes firestore.rules, storage.rules and firestore.indexes.json at the repository root. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { RULE_LIMITS, ruleCosts } from "../src/rules-cost.ts";
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

// Each rule's worst case against Firestore's per-request limits (rules-cost.ts): the costliest, and any over.
const costs = ruleCosts(generatedRuleFiles()["firestore.rules"] ?? "").sort((a, b) => b.expressions - a.expressions);
for (const cost of costs.slice(0, 5))
  console.log(`  ${cost.rule}: at most ${cost.expressions} expressions, ${cost.reads} document reads`);
const over = costs.filter((c) => c.expressions > RULE_LIMITS.expressions || c.reads > RULE_LIMITS.reads);
// A warning: the unit test rules-cost.test.ts is the gate, with the rules known to be over.
if (over.length > 0)
  console.warn(
    `Over Firestore's limits (${RULE_LIMITS.expressions} expressions, ${RULE_LIMITS.reads} reads a request): ${over
      .map((c) => `${c.rule} (${c.expressions}, ${c.reads})`)
      .join("; ")}`,
  );
