import { describe, expect, it } from "vitest";
import { generateFirestoreRules } from "./rules-generator.ts";
import { RULE_LIMITS, ruleCosts } from "./rules-cost.ts";

/** A rules file whose one `allow create` is `count` copies of `term` joined by `&&` (balanced, as measured). */
function rulesOf(term: string, count: number, functions = ""): string {
  const joined = (k: number): string =>
    k === 1 ? term : `(${joined(Math.floor(k / 2))}) && (${joined(k - Math.floor(k / 2))})`;
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${functions}
    match /t/{id} {
      allow create: if ${joined(count)};
    }
  }
}`;
}

const expressions = (rules: string) => ruleCosts(rules)[0]?.expressions;

describe("ruleCosts", () => {
  // The most copies of each term the Cloud Firestore emulator (1.19.9) accepted in one rule; one more was
  // refused for going over 1,000 expressions. The weights must put the first within the limit, the second over.
  it.each([
    ["request.resource.data.a == 1", 125],
    ["request.resource.data.b.c == 1", 111],
    ["request.resource.data.keys().size() == 2", 111],
    ["request.resource.data.a is int", 125],
    ["true", 334],
    ["1 == 1", 200],
    ["1 in [1, 2]", 143],
    ["(false || true)", 167],
    ["(true ? true : false)", 167],
    ["!false", 250],
    ["f(1)", 143],
  ])("counts %s as the emulator does (%i copies fit)", (term, fits) => {
    const fn = "function f(x) { return x == 1; }";
    expect(expressions(rulesOf(term, fits, fn))).toBeLessThanOrEqual(RULE_LIMITS.expressions);
    expect(expressions(rulesOf(term, fits + 1, fn))).toBeGreaterThan(RULE_LIMITS.expressions);
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
