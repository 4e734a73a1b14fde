/**
 * The measurements behind rules-cost.ts's weights: for each term, the most copies the Cloud Firestore
 * emulator's rules engine (production's) accepted in one rule; one more was refused for going over
 * 1,000 expressions. The unit test holds the estimate to these numbers; an emulator case measures them
 * again on the running engine, so a wrong weight fails there.
 */

/** A term, and the most copies of it one rule may join by `&&` (balanced) within the limit. */
export const MEASURED_TERMS: readonly (readonly [string, number])[] = [
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
];

/** A rules file whose one rule, `allow create` on `/t/{id}` (of a document `{ a: 1, b: { c: 1 } }`), is `count` copies of `term` joined by `&&`. */
export function measuredRules(term: string, count: number): string {
  const joined = (k: number): string =>
    k === 1 ? term : `(${joined(Math.floor(k / 2))}) && (${joined(k - Math.floor(k / 2))})`;
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function f(x) { return x == 1; }
    match /t/{id} {
      allow create: if ${joined(count)};
    }
  }
}`;
}
