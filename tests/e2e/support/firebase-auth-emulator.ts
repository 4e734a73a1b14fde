/**
 * The Firebase Auth emulator (firebase-tools 13 runs it offline; it needs Java) for the browser test
 * of the firebase backend, with one account whose custom claims make it an admin, as the createUser
 * function would. Started on free ports in its own process group; `stop` ends the group.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "../../..");
const FIREBASE_BIN = join(REPO, "node_modules/.bin/firebase");
export const FIREBASE_PROJECT_ID = "demo-care-portal";

/** Why the emulator cannot run here, or undefined (never set in CI, where Java is installed). */
export const authEmulatorMissing: string | undefined = (() => {
  if (process.env.CI) return undefined;
  const java = spawnSync("java", ["-version"], { stdio: "ignore" });
  return java.error || java.status !== 0
    ? "Java is not installed; the Firebase Auth emulator needs it (apt-get install -y openjdk-17-jre-headless)."
    : undefined;
})();

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolvePort(address.port) : reject(new Error("no free port")),
      );
    });
  });
}

async function call(url: string, json?: unknown, method = "POST"): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Auth emulator: ${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

export interface TAuthEmulator {
  /** e.g. `http://127.0.0.1:9099` */
  url: string;
  stop(): Promise<void>;
}

export async function startAuthEmulator(admin: { email: string; password: string }): Promise<TAuthEmulator> {
  const dir = mkdtempSync(join(tmpdir(), "care-e2e-firebase-"));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(dir, "firebase.json"),
    JSON.stringify({
      emulators: { auth: { port: auth }, hub: { port: hub }, logging: { port: logging }, ui: { enabled: false } },
    }),
  );
  const child = spawn(
    FIREBASE_BIN,
    ["emulators:start", "--only", "auth", "--project", FIREBASE_PROJECT_ID, "--config", join(dir, "firebase.json")],
    {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: "", CI: "true" },
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-10_000)));
  child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-10_000)));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((r) => child.once("exit", () => r()));
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${auth}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      await (await fetch(`${url}/`, { signal: AbortSignal.timeout(3000) })).body?.cancel();
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`The Auth emulator did not start. Its output:\n${log.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    const signUp = (await call(`${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      ...admin,
      returnSecureToken: false,
    })) as { localId: string };
    await call(`${url}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT_ID}/accounts:update`, {
      localId: signUp.localId,
      customAttributes: JSON.stringify({ role: "administrator", facilityIds: null }),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
