/**
 * Every harness the contract suites run against, listed explicitly so a missing or broken harness file
 * is a failing import, never a silently smaller run.
 */
import type { ContractHarnessFactory } from "./harness.ts";
import { createHarness as firebase } from "./harnesses/firebase.harness.ts";
import { createHarness as http } from "./harnesses/http.harness.ts";
import { createHarness as memory } from "./harnesses/memory.harness.ts";

export const harnessFactories: readonly ContractHarnessFactory[] = [memory, http, firebase];
