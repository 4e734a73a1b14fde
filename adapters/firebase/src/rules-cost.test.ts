import { describe, expect, it } from "vitest";
import { generateFirestoreRules } from "./rules-generator.ts";
import { RULE_LIMITS, ruleCosts } from "./rules-cost.ts";
import { MEASURED_TERMS, measuredRules } from "./rules-cost.test-support.ts";

const expressions = (rules: string) => ruleCosts(rules)[0]?.expressions;

describe("ruleCosts", () => {
  it.each(MEASURED_TERMS)("counts %s as the emulator does (%i copies fit)", (term, fits) => {
    expect(expressions(measuredRules(term, fits))).toBeLessThanOrEqual(RULE_LIMITS.expressions);
    expect(expressions(measuredRules(term, fits + 1))).toBeGreaterThan(RULE_LIMITS.expressions);
  });

  it("counts a document read once however often a rule names it, and each other document", () => {
    const rules = `service cloud.firestore {
  match /databases/{database}/documents {
    function me() { return get(/databases/$(database)/documents/users/$(request.auth.uid)).data; }
    function linked(path) { let d = getAfter(path); return d != null; }
    match /a/{id} {
      allow update: if me().active && me().role == 'x' && linked(/databases/$(database)/documents/b/$(id))
        && linked(/databases/$(database)/documents/c/$(id)) && linked(/databases/$(database)/documents/b/$(id));
    }
  }
}`;
    expect(ruleCosts(rules)).toEqual([{ rule: "/a/{id} update", expressions: expect.any(Number), reads: 3 }]);
  });

  it("keeps every generated rule within Firestore's limits for the largest valid record", () => {
    const over = ruleCosts(generateFirestoreRules()).filter(
      (c) => c.expressions > RULE_LIMITS.expressions || c.reads > RULE_LIMITS.reads,
    );
    expect(over).toEqual([]);
  });
});
