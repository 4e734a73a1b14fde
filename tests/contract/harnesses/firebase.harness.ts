/**
 * The Firebase adapter as a contract harness, against the official emulators. The Auth emulator is
 * reused when `FIREBASE_AUTH_EMULATOR_HOST` names one (as `npm run test:firebase`, i.e. `firebase
 * emulators:exec`, sets it) and started here otherwise (firebase-tools 13 runs it offline, on free
 * ports). Firestore, Storage and Functions are used only when already running (the hub or
 * `FIRESTORE_EMULATOR_HOST` / `FIREBASE_STORAGE_EMULATOR_HOST` name them): their emulators download
 * Java archives at first start, which fails on a machine without internet, so here the data and file
 * cases are reported as skipped with that reason.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectFirestoreEmulator, getFirestore, type Firestore } from "firebase/firestore";
import { connectStorageEmulator, getStorage, type FirebaseStorage } from "firebase/storage";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { DEFAULT_ROLES } from "@care/core/collections/roles.collection";
import { getCollection } from "@care/core/registry";
import { createFirebasePorts, type TFirebasePorts, type THostPort } from "@care/adapter-firebase/firebase-ports";
import { SERVER_TIME_FIELDS, toStoredData } from "@care/adapter-firebase/firestore-records";
import type { ContractHarness, ContractHarnessFactory, TPorts } from "../harness.ts";

const PROJECT_ID = "demo-care-portal";
const FIREBASE_CONFIG = {
  apiKey: "demo-api-key",
  projectId: PROJECT_ID,
  authDomain: `${PROJECT_ID}.firebaseapp.com`,
  storageBucket: `${PROJECT_ID}.appspot.com`,
  appId: "demo-app",
};
const START_TIMEOUT_MS = 150_000;
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FIREBASE_BIN = join(ROOT, "node_modules/.bin/firebase");
/** Why Firestore-backed cases cannot run when no Firestore emulator is running. */
const OFFLINE_REASON =
  "download its Java archive at first start, which fails without internet; run `npm run test:firebase` where the emulators can start";

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

function hostPort(value: string): THostPort {
  const [host = "127.0.0.1", port = "0"] = value.replace(/^https?:\/\//, "").split(":");
  return { host, port: Number(port) };
}

async function reachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

async function call(url: string, init: RequestInit & { json?: unknown } = {}): Promise<unknown> {
  const response = await fetch(url, {
    ...init,
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner", ...init.headers },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      `firebase harness: ${init.method ?? "GET"} ${url} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A JS value in the Firestore REST API's typed encoding. */
function firestoreValue(value: unknown): unknown {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === "boolean") return { booleanValue: value };
  if (typeof value === "number")
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === "string") return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(firestoreValue) } };
  return {
    mapValue: { fields: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, firestoreValue(v)])) },
  };
}

/** Runs the Auth emulator in a child process on free ports; `stop` kills its process group. */
async function startAuthEmulator(): Promise<{ host: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "care-firebase-"));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(dir, "firebase.json"),
    JSON.stringify({
      emulators: { auth: { port: auth }, hub: { port: hub }, logging: { port: logging }, ui: { enabled: false } },
    }),
  );
  const child: ChildProcess = spawn(
    FIREBASE_BIN,
    ["emulators:start", "--only", "auth", "--project", PROJECT_ID, "--config", join(dir, "firebase.json")],
    {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: "", CI: "true" },
    },
  );
  let log = "";
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  // The suites' afterAll (and so stop) does not run in a file whose cases are all skipped, and vitest
  // ends its workers with SIGTERM: kill the emulator's process group then too, never leaving it behind.
  const killNow = () => {
    if (child.pid !== undefined && exited === undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const onSigterm = () => {
    killNow();
    process.exit(143);
  };
  process.once("exit", killNow);
  process.once("SIGTERM", onSigterm);
  const stop = async () => {
    process.off("exit", killNow);
    process.off("SIGTERM", onSigterm);
    if (child.pid !== undefined && exited === undefined) {
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(
        () => child.pid !== undefined && exited === undefined && process.kill(-child.pid, "SIGKILL"),
        5000,
      );
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const host = `127.0.0.1:${auth}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await reachable(`http://${host}/`))) {
    if (exited !== undefined || Date.now() > deadline) {
      const why =
        exited !== undefined ? `exited with code ${exited}` : `was not ready within ${START_TIMEOUT_MS / 1000} s`;
      await stop().catch(() => undefined);
      throw new Error(
        `firebase harness: the Auth emulator (firebase emulators:start --only auth) ${why}. Its output:\n${log.slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host, stop };
}

/** Emulators the hub (started by `firebase emulators:exec`) reports, by name. */
async function hubEmulators(): Promise<Record<string, { host: string; port: number }>> {
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (!hub) return {};
  try {
    return (await call(`http://${hub}/emulators`)) as Record<string, { host: string; port: number }>;
  } catch {
    return {};
  }
}

/** The Firebase SDK itself, signed in: what a browser can write beside the adapter, which only the rules stop. */
export interface TFirebaseSdk {
  db: Firestore;
  storage: FirebaseStorage;
  uid: string;
}

/** The firebase harness, which also hands out the bare SDK for the cases of the generated rules. */
export interface FirebaseContractHarness extends ContractHarness {
  /** A new Firebase app signed in with `credentials`, connected to the running emulators. */
  sdk(credentials: { email: string; password: string }): Promise<TFirebaseSdk>;
}

export function isFirebaseHarness(harness: ContractHarness): harness is FirebaseContractHarness {
  return harness.name === "firebase";
}

export const createHarness: ContractHarnessFactory = (): FirebaseContractHarness => {
  const admin = { email: "admin@contract.test", password: "admin-password-1" };
  const unavailable: { auth?: string; data?: string; files?: string } = {};
  const clients: TFirebasePorts[] = [];
  const sdkApps: FirebaseApp[] = [];
  let stopEmulator: (() => Promise<void>) | undefined;
  let emulators: { auth: string; firestore?: THostPort; storage?: THostPort; functions?: THostPort } | undefined;

  async function seedFirestore(firestore: THostPort, adminId: string): Promise<void> {
    const base = `http://${firestore.host}:${firestore.port}`;
    await call(`${base}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
    const now = new Date().toISOString();
    const meta = { version: 1, createdAt: now, updatedAt: now, createdBy: null, updatedBy: null, archivedAt: null };
    const write = async (collection: "users" | "roles" | "facilities", id: string, fields: Record<string, unknown>) => {
      const data = toStoredData(getCollection(collection), { ...fields, ...meta, id });
      // Times are stored as timestamps, as the adapter and the functions write them.
      const encoded = Object.fromEntries([
        ...Object.entries(data).map(([k, v]) => [
          k,
          typeof v === "string" && SERVER_TIME_FIELDS.includes(k as never) ? { timestampValue: v } : firestoreValue(v),
        ]),
        ["_writtenAt", { timestampValue: now }],
      ]);
      await call(`${base}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${collection}?documentId=${id}`, {
        method: "POST",
        json: { fields: encoded },
      });
    };
    // The rules read the caller's role document on every request: the default roles a group starts with.
    for (const [id, role] of Object.entries(DEFAULT_ROLES)) await write("roles", id, role);
    await write("users", adminId, { email: admin.email, role: "administrator", facilityIds: null, active: true });
    for (const [index, facility] of SEED_FACILITIES.entries()) {
      await write("facilities", facility.id, { name: facility.name, active: true, sortOrder: index });
    }
  }

  return {
    name: "firebase",
    unavailable,
    admin,
    async start() {
      const java = spawnSync("java", ["-version"], { stdio: "ignore" });
      if (java.error || java.status !== 0) {
        const reason = "Java is not installed; the Firebase emulators need it";
        Object.assign(unavailable, { auth: reason, data: reason, files: reason });
        return;
      }
      let authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      if (!authHost) {
        const started = await startAuthEmulator();
        authHost = started.host;
        stopEmulator = started.stop;
      }
      const hub = await hubEmulators();
      const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
      const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
      const firestore =
        firestoreHost && (await reachable(`http://${firestoreHost}/`)) ? hostPort(firestoreHost) : undefined;
      const storage = storageHost && (await reachable(`http://${storageHost}/`)) ? hostPort(storageHost) : undefined;
      const functions = hub.functions ? { host: hub.functions.host, port: hub.functions.port } : undefined;
      if (!firestore)
        unavailable.data = `no Firestore emulator running (FIRESTORE_EMULATOR_HOST ${firestoreHost ? `${firestoreHost} unreachable` : "unset"}); it must ${OFFLINE_REASON}`;
      else if (!functions)
        unavailable.data =
          "no Functions emulator running (createUser and the audit trigger are Cloud Functions); run `npm run test:firebase`";
      if (!storage)
        unavailable.files = `no Storage emulator running (FIREBASE_STORAGE_EMULATOR_HOST ${storageHost ? `${storageHost} unreachable` : "unset"}); it must ${OFFLINE_REASON}`;
      else if (unavailable.data) unavailable.files = `file descriptions live in Firestore: ${unavailable.data}`;
      // A session is the user's record and role in Firestore, read at sign-in as the rules read them.
      if (!firestore)
        unavailable.auth = `a session reads the user's record and role from Firestore: ${unavailable.data}`;
      emulators = {
        auth: `http://${authHost}`,
        ...(firestore ? { firestore } : {}),
        ...(storage ? { storage } : {}),
        ...(functions ? { functions } : {}),
      };

      // A fresh store: no accounts, then the admin with its claims (what createUser would set).
      const authBase = `http://${authHost}`;
      await call(`${authBase}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: "DELETE" });
      const signUp = (await call(`${authBase}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
        method: "POST",
        json: { email: admin.email, password: admin.password, returnSecureToken: false },
      })) as { localId: string };
      await call(`${authBase}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
        method: "POST",
        json: {
          localId: signUp.localId,
          customAttributes: JSON.stringify({ role: "administrator", facilityIds: null }),
        },
      });
      if (firestore) await seedFirestore(firestore, signUp.localId);
    },
    async stop() {
      await Promise.all(clients.splice(0).map((c) => c.dispose().catch(() => undefined)));
      await Promise.all(sdkApps.splice(0).map((app) => deleteApp(app).catch(() => undefined)));
      await stopEmulator?.();
      stopEmulator = undefined;
      emulators = undefined;
    },
    client(): TPorts {
      if (!emulators) throw new Error("firebase harness: start() first");
      const ports = createFirebasePorts({
        firebase: FIREBASE_CONFIG,
        emulators,
        persistence: "memory",
      });
      clients.push(ports);
      return ports;
    },
    async sdk(credentials) {
      if (!emulators?.firestore || !emulators.storage)
        throw new Error("firebase harness: no Firestore or Storage emulator");
      const app = initializeApp(FIREBASE_CONFIG, `contract-sdk-${sdkApps.length + 1}-${Date.now()}`);
      sdkApps.push(app);
      const auth = initializeAuth(app, { persistence: inMemoryPersistence });
      connectAuthEmulator(auth, emulators.auth, { disableWarnings: true });
      const db = getFirestore(app);
      connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
      const storage = getStorage(app);
      connectStorageEmulator(storage, emulators.storage.host, emulators.storage.port);
      const { user } = await signInWithEmailAndPassword(auth, credentials.email, credentials.password);
      return { db, storage, uid: user.uid };
    },
  };
};
