/**
 * What every adapter provides to the contract suites: a way to start its backend, an admin account,
 * and fresh clients (each with its own session). The suites run the same cases against each harness.
 *
 * Each `harnesses/<name>.harness.ts` exports `createHarness: ContractHarnessFactory`; `harnesses.ts`
 * lists them. Every suite file creates its own harness, so a suite starts from a fresh backend.
 */
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";

export interface TPorts {
  auth: AuthPort;
  data: DataPort;
  files: FilePort;
  insights: InsightsPort;
  transfer: DataTransferPort;
}

export interface ContractHarness {
  readonly name: "memory" | "http" | "firebase";
  /**
   * Per port, why it cannot run here (e.g. an emulator that cannot start offline), or undefined when it
   * runs. Known after `start()`. Suites skip those cases and print the reason.
   */
  readonly unavailable: { auth?: string; data?: string; files?: string };
  /** Starts the backend with an empty store holding the admin account and the six seed facilities. */
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly admin: { email: string; password: string };
  /** A new, signed-out client with its own session. */
  client(): TPorts;
  /**
   * Test-only: moves the recording time (createdAt) of a stored record `days` back, as if it had been
   * recorded then, for the rules that count from it (an event's undo window). Writes past every rule.
   */
  age(collection: "residentEvents", id: string, days: number): Promise<void>;
}

/** What each harness file exports as `createHarness`. */
export type ContractHarnessFactory = () => ContractHarness;
