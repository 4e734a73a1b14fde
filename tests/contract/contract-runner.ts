/**
 * Runs one port's contract cases against every harness. Harnesses start while the suite file is
 * collected (top-level await), because whether a port can run here (`unavailable`) is only known after
 * start and the skip reason belongs in the describe name, e.g.
 * `firebase data — skipped: Firestore emulator cannot start offline (...)`.
 * A harness that fails to start is a failing test, not a skip.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isAppError, type AppError, type TErrorCode } from "@care/core/app-error";
import type { TRecordOf } from "@care/core/registry";
import type { ContractHarness, TPorts } from "./harness.ts";
import { FIREBASE_PENDING } from "./firebase-pending.ts";
import { harnessFactories } from "./harnesses.ts";

export type TPortName = "auth" | "data" | "files";

const START_TIMEOUT_MS = 180_000;

export interface SuiteContext {
  readonly harness: ContractHarness;
  /** A new signed-out client. */
  client(): TPorts;
  /** A new client signed in as the harness's admin, or with the given credentials. */
  signedIn(credentials?: { email: string; password: string }): Promise<TPorts>;
  /**
   * Creates an account through `admin` (signed in as an admin), signs in once to replace its one-time
   * password with a known one, and returns its credentials and record.
   */
  createUser(
    admin: TPorts,
    options: { role: string; facilityIds: string[] | null },
  ): Promise<{ email: string; password: string; record: TRecordOf<"users"> }>;
  /**
   * `it` for a case of this port's suite that also needs other ports (e.g. an auth case that reads
   * data): skipped, with the reason in its name, where one of those cannot run on this harness.
   */
  itUsing(ports: readonly TPortName[]): (name: string, fn: () => Promise<void>) => void;
}

let counter = 0;
/** A short token unique to this run, for ids, e-mails and names the cases create. */
export const RUN = Date.now().toString(36).slice(-5);
export function unique(label: string): string {
  counter += 1;
  return `${label}-${RUN}-${counter}`;
}

/** Awaits a promise that must reject with an AppError of `code`, and returns the error. */
export async function expectAppError(promise: Promise<unknown>, code: TErrorCode): Promise<AppError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (!isAppError(error)) throw new Error(`expected AppError ${code}, got ${String(error)}`, { cause: error });
    expect(error.code, `error code (message: ${error.message})`).toBe(code);
    return error;
  }
  throw new Error(`expected AppError ${code}, but the call resolved with ${JSON.stringify(outcome)?.slice(0, 200)}`);
}

/** How long `eventually` waits by default: what a backend writes after a call is there within seconds. */
export const EVENTUALLY_MS = 10_000;

/**
 * Retries `check` (a few times a second) until it passes, and returns its result; after `timeoutMs`
 * throws its last failure. For what a backend may write after a call returns, which a case waits for
 * in the same way on every harness: an audit row (at once on the server and in memory, within a few
 * seconds on Firebase, where a Cloud Function writes it). Never a blind sleep: it ends when the
 * condition holds.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = EVENTUALLY_MS): Promise<T> {
  return vi.waitFor(check, { timeout: timeoutMs, interval: 200 });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function contextFor(harness: ContractHarness): SuiteContext {
  const ctx: SuiteContext = {
    harness,
    client: () => harness.client(),
    async signedIn(credentials = harness.admin) {
      const ports = harness.client();
      await ports.auth.signIn(credentials);
      return ports;
    },
    async createUser(admin, { role, facilityIds }) {
      const email = `${unique(role)}@contract.test`;
      const password = `pw-${unique("secret")}`;
      const { user, oneTimePassword } = await admin.auth.createUser({ email, role, facilityIds });
      // The account's first sign-in replaces the one-time password, as a person would.
      const ports = harness.client();
      await ports.auth.signIn({ email, password: oneTimePassword });
      await ports.auth.changePassword({ currentPassword: oneTimePassword, newPassword: password });
      await ports.auth.signOut();
      return { email, password, record: await admin.data.get("users", user.id) };
    },
    itUsing(ports) {
      const reason = ports.map((p) => harness.unavailable[p]).find((r) => r !== undefined);
      return reason === undefined
        ? (name, fn) => it(name, fn)
        : (name, fn) => it.skip(`${name} — skipped: ${reason}`, fn);
    },
  };
  return ctx;
}

/**
 * Registers `define`'s cases once per harness, named `<harness> <port>`; `only` names the harness of
 * cases about one backend alone (the Firebase rules, which a browser's own SDK writes meet).
 */
export async function runContract(
  port: TPortName,
  define: (ctx: SuiteContext) => void,
  only?: ContractHarness["name"],
): Promise<void> {
  for (const factory of harnessFactories) {
    const harness = factory();
    if (only && harness.name !== only) continue;
    let startError: Error | undefined;
    try {
      await withTimeout(harness.start(), START_TIMEOUT_MS, `${harness.name} harness start`);
    } catch (error) {
      startError = error instanceof Error ? error : new Error(String(error));
    }
    afterAll(() => harness.stop());
    if (startError) {
      const error = startError;
      describe(`${harness.name} ${port}`, () => {
        it("starts its backend", () => {
          throw error;
        });
      });
      continue;
    }
    const reason = harness.unavailable[port];
    if (reason) {
      describe.skip(`${harness.name} ${port} — skipped: ${reason}`, () => define(contextFor(harness)));
    } else {
      describe(`${harness.name} ${port}`, () => {
        // The cases the Firebase backend does not pass yet are skipped there, with their reason.
        if (harness.name === "firebase")
          beforeEach((context) => {
            const pending = FIREBASE_PENDING[context.task.name];
            if (!pending) return;
            console.warn(`[contract firebase] SKIPPED "${context.task.name}" — pending on Firebase: ${pending}`);
            context.skip(`pending on Firebase: ${pending}`);
          });
        define(contextFor(harness));
      });
    }
  }
}
