/**
 * Starts the official Firebase emulators — Auth, Firestore with the generated rules, Storage and the
 * portal's Cloud Functions — offline, on free loopback ports, for the Firebase contract project and the
 * Firebase browser suite.
 *
 * firebase-tools downloads the Firestore emulator and the Storage rules runtime at first start, which
 * cannot work without internet. The Firestore emulator comes instead from Google's Debian package
 * `google-cloud-cli-firestore-emulator` (gcloud starts its JAR with `-cp`, firebase-tools with `-jar`,
 * so a manifest-only JAR names its main class and the package's JAR); the Storage rules runtime is
 * ours (`storage-rules-runtime/`), built on the rules engine inside that same JAR. Without the package,
 * or without a JDK to build the runtime, `firebaseEmulatorsMissing()` says why and the callers skip.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { FIRESTORE_MAIN_CLASS, FIRESTORE_PACKAGE, firestoreEmulatorJar } from "./firestore-emulator-jar.ts";
import { writeJar } from "./jar-file.ts";
import { buildStorageRulesRuntime, storageRulesRuntimeMissing } from "./storage-rules-runtime/build.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FIREBASE_BIN = join(ROOT, "node_modules/.bin/firebase");
/** Built JARs live here between runs (inside node_modules, so never committed). */
export const EMULATOR_CACHE = join(ROOT, "node_modules/.cache/care-firebase-emulators");
const START_TIMEOUT_MS = 150_000;
/** Why the emulators cannot run on this machine, or undefined when they can. */
export function firebaseEmulatorsMissing(): string | undefined {
  // A run of its own, after the other projects: beside their load on 2 cores the emulators' timings are
  // not dependable.
  if (process.env.FIREBASE_EMULATORS !== "1")
    return "the Firebase backend runs in a run of its own, `npm run test:firebase` (FIREBASE_EMULATORS=1), which `npm test` starts after this one";
  const java = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (java.error || java.status !== 0) return "Java is not installed; the Firebase emulators need it";
  const jar = firestoreEmulatorJar();
  if (!jar)
    return `the Cloud Firestore emulator is not installed (Debian package ${FIRESTORE_PACKAGE}, or CLOUD_FIRESTORE_EMULATOR_JAR naming its cloud-firestore-emulator.jar); firebase-tools would download it, which fails offline`;
  return storageRulesRuntimeMissing();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface TFirebaseEmulators {
  readonly projectId: string;
  /** What `firebase emulators:exec` would set: the emulators' hosts, for the SDKs and the harness. */
  readonly env: {
    FIREBASE_AUTH_EMULATOR_HOST: string;
    FIRESTORE_EMULATOR_HOST: string;
    FIREBASE_STORAGE_EMULATOR_HOST: string;
    FIREBASE_EMULATOR_HUB: string;
  };
  /** The Functions emulator's `host:port` (the callables' base; no SDK reads it from the environment). */
  readonly functionsHost: string;
  stop(): Promise<void>;
}

/**
 * Starts the four emulators for `projectId` (a `demo-` id: nothing can reach a real project) and
 * resolves once all are ready. Two sets can run at once under different project ids.
 */
export async function startFirebaseEmulators(projectId: string): Promise<TFirebaseEmulators> {
  const missing = firebaseEmulatorsMissing();
  if (missing) throw new Error(`firebase emulators: ${missing}`);
  mkdirSync(EMULATOR_CACHE, { recursive: true });
  const firestoreJar = join(EMULATOR_CACHE, "cloud-firestore-emulator-launcher.jar");
  // A JAR of nothing but a manifest: its main class, from the package's JAR.
  await writeJar(firestoreJar, {
    "Main-Class": FIRESTORE_MAIN_CLASS,
    "Class-Path": pathToFileURL(firestoreEmulatorJar() as string).href,
  });
  const storageJar = await buildStorageRulesRuntime(EMULATOR_CACHE);

  const built = spawnSync("npm", ["run", "--silent", "firebase:functions"], { cwd: ROOT, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`firebase emulators: the functions did not build:\n${built.stderr}`);

  const ports = {
    auth: await freePort(),
    firestore: await freePort(),
    websocket: await freePort(),
    storage: await freePort(),
    functions: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
    eventarc: await freePort(),
    tasks: await freePort(),
  };
  const at = (port: number) => ({ host: "127.0.0.1", port });
  // firebase-tools takes paths relative to the config's folder and refuses any outside it: the config
  // sits at the root (git ignores `.firebase-emulators-*.json`) and names the committed rules.
  const configPath = join(ROOT, `.firebase-emulators-${projectId}-${process.pid}.json`);
  writeFileSync(
    configPath,
    JSON.stringify({
      firestore: { rules: "firestore.rules", indexes: "firestore.indexes.json" },
      storage: { rules: "storage.rules" },
      functions: [{ source: "adapters/firebase/functions", codebase: "care-portal" }],
      emulators: {
        auth: at(ports.auth),
        firestore: { ...at(ports.firestore), websocketPort: ports.websocket },
        storage: at(ports.storage),
        functions: at(ports.functions),
        hub: at(ports.hub),
        logging: at(ports.logging),
        eventarc: at(ports.eventarc),
        tasks: at(ports.tasks),
        ui: { enabled: false },
      },
    }),
  );
  const workDir = mkdtempSync(join(tmpdir(), "care-firebase-emulators-"));
  const child: ChildProcess = spawn(
    FIREBASE_BIN,
    ["emulators:start", "--only", "auth,firestore,storage,functions", "--project", projectId, "--config", configPath],
    {
      cwd: workDir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_BINARY_PATH: firestoreJar,
        STORAGE_EMULATOR_BINARY_PATH: storageJar,
        // The emulators' own clients must not be pointed at another set.
        FIREBASE_AUTH_EMULATOR_HOST: "",
        FIRESTORE_EMULATOR_HOST: "",
        FIREBASE_STORAGE_EMULATOR_HOST: "",
        FIREBASE_EMULATOR_HUB: "",
        CI: "true",
      },
    },
  );
  let log = "";
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-40_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  const cleanUp = () => {
    rmSync(configPath, { force: true });
    rmSync(workDir, { recursive: true, force: true });
  };
  const killNow = () => {
    if (child.pid !== undefined && exited === undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    cleanUp();
  };
  process.once("exit", killNow);
  const stop = async () => {
    process.off("exit", killNow);
    if (child.pid !== undefined && exited === undefined) {
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => exited === undefined && child.pid && process.kill(-child.pid, "SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
    }
    // The CLI can exit before its children (an emulator's JVM, the functions' workers): end what is left
    // of its process group, so no emulator outlives the suite.
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // nothing left
      }
    }
    cleanUp();
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!log.includes("All emulators ready")) {
    if (exited !== undefined || Date.now() > deadline) {
      const why =
        exited !== undefined ? `exited with code ${exited}` : `were not ready within ${START_TIMEOUT_MS / 1000} s`;
      await stop().catch(() => undefined);
      throw new Error(`firebase emulators ${why}. Their output:\n${log.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!log.includes("Loaded functions definitions")) {
    await stop();
    throw new Error(`firebase emulators: the Cloud Functions did not load. Output:\n${log.slice(-4000)}`);
  }
  const host = (port: number) => `127.0.0.1:${port}`;
  return {
    projectId,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: host(ports.auth),
      FIRESTORE_EMULATOR_HOST: host(ports.firestore),
      FIREBASE_STORAGE_EMULATOR_HOST: host(ports.storage),
      FIREBASE_EMULATOR_HUB: host(ports.hub),
    },
    functionsHost: host(ports.functions),
    stop,
  };
}
