/**
 * Every harness the contract suites run against, listed explicitly so a missing or broken harness file
 * is a failing import, never a silently smaller run.
 */
import type { ContractHarnessFactory } from "./harness.ts";
import { createHarness as firebase } from "./harnesses/firebase.harness.ts";
import { createHarness as http } from "./harnesses/http.harness.ts";
import { createHarness as memory } from "./harnesses/memory.harness.ts";

const all = { memory, http, firebase };
/** `CONTRACT_HARNESSES=firebase` (a comma list) runs the suites on those backends alone, while working on one. */
const chosen = process.env.CONTRACT_HARNESSES?.split(",").map((name) => name.trim()) ?? Object.keys(all);
const unknown = chosen.filter((name) => !(name in all));
if (unknown.length > 0) throw new Error(`CONTRACT_HARNESSES names no harness: ${unknown.join(", ")}`);

export const harnessFactories: readonly ContractHarnessFactory[] = chosen.map((name) => all[name as keyof typeof all]);
