/**
 * The Firebase adapter as a contract harness, against the official emulators that the contract
 * project's global set-up starts (`tests/firebase/emulators.ts`: Auth, Firestore with the generated
 * rules, Storage with the generated rules, the Cloud Functions), or that `firebase emulators:exec`
 * started (it sets the same variables). Where they cannot run here, every case is skipped with the
 * reason the set-up found.
 */
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectFirestoreEmulator, getFirestore, type Firestore } from "firebase/firestore";
import { connectFunctionsEmulator, getFunctions, type Functions } from "firebase/functions";
import { connectStorageEmulator, getStorage, type FirebaseStorage } from "firebase/storage";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { getCollection } from "@care/core/registry";
import { createFirebasePorts, type TFirebasePorts, type THostPort } from "@care/adapter-firebase/firebase-ports";
import { SERVER_TIME_FIELDS, toStoredData } from "@care/adapter-firebase/firestore-records";
import { groupDefaults, type TDefaultCollection } from "@care/adapter-firebase/group-defaults";
import type { ContractHarness, ContractHarnessFactory, TPorts } from "../harness.ts";

const PROJECT_ID = "demo-care-portal";
const FIREBASE_CONFIG = {
  apiKey: "demo-api-key",
  projectId: PROJECT_ID,
  authDomain: `${PROJECT_ID}.firebaseapp.com`,
  storageBucket: `${PROJECT_ID}.appspot.com`,
  appId: "demo-app",
};
function hostPort(value: string): THostPort {
  const [host = "127.0.0.1", port = "0"] = value.replace(/^https?:\/\//, "").split(":");
  return { host, port: Number(port) };
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
  /** The Cloud Functions, called as this signed-in user. */
  functions: Functions;
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
  let emulators: { auth: string; firestore?: THostPort; storage?: THostPort; functions?: THostPort } | undefined;

  async function seedFirestore(firestore: THostPort, adminId: string): Promise<void> {
    const base = `http://${firestore.host}:${firestore.port}`;
    // The previous suite's triggers may still be writing: the emulator then answers 409 for a moment.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await call(`${base}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, { method: "DELETE" });
        break;
      } catch (error) {
        if (attempt >= 5 || !String(error).includes("answered 409")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    const now = new Date().toISOString();
    const meta = { version: 1, createdAt: now, updatedAt: now, createdBy: null, updatedBy: null, archivedAt: null };
    const documents = `projects/${PROJECT_ID}/databases/(default)/documents`;
    const write = (
      collection: TDefaultCollection | "users" | "facilities",
      id: string,
      fields: Record<string, unknown>,
    ) => {
      const data = toStoredData(getCollection(collection), { ...fields, ...meta, id });
      // Times are stored as timestamps, as the adapter and the functions write them.
      const encoded = Object.fromEntries([
        ...Object.entries(data).map(([k, v]) => [
          k,
          typeof v === "string" && SERVER_TIME_FIELDS.includes(k as never) ? { timestampValue: v } : firestoreValue(v),
        ]),
        ["_writtenAt", { timestampValue: now }],
      ]);
      return {
        update: { name: `${documents}/${collection}/${id}`, fields: encoded },
        currentDocument: { exists: false },
      };
    };
    // What a group starts with, as first-admin.ts writes it: the default roles (the rules read the
    // caller's role document on every request), document types and training requirements. One commit
    // (each suite starts so): a request per document took seconds per suite on a busy machine.
    const writes = [
      ...groupDefaults().map(({ collection, id, fields }) => write(collection, id, fields)),
      write("users", adminId, { email: admin.email, role: "administrator", facilityIds: null, active: true }),
      ...SEED_FACILITIES.map((facility, index) =>
        write("facilities", facility.id, { name: facility.name, active: true, sortOrder: index }),
      ),
    ];
    await call(`${base}/v1/${documents}:commit`, { method: "POST", json: { writes } });
  }

  return {
    name: "firebase",
    unavailable,
    admin,
    async start() {
      const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
      const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
      const hub = await hubEmulators();
      const missing =
        process.env.CARE_FIREBASE_EMULATORS_MISSING ??
        (!authHost || !firestoreHost || !storageHost
          ? "no Firebase emulators running (the contract project's global set-up starts them; FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST or FIREBASE_STORAGE_EMULATOR_HOST unset)"
          : !hub.functions
            ? "no Functions emulator running (createUser and the triggers are Cloud Functions)"
            : undefined);
      if (missing || !authHost || !firestoreHost || !storageHost || !hub.functions) {
        const reason = missing ?? "no Firebase emulators running";
        Object.assign(unavailable, { auth: reason, data: reason, files: reason });
        return;
      }
      const firestore = hostPort(firestoreHost);
      emulators = {
        auth: `http://${authHost}`,
        firestore,
        storage: hostPort(storageHost),
        functions: { host: hub.functions.host, port: hub.functions.port },
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
      await seedFirestore(firestore, signUp.localId);
    },
    async stop() {
      await Promise.all(clients.splice(0).map((c) => c.dispose().catch(() => undefined)));
      await Promise.all(sdkApps.splice(0).map((app) => deleteApp(app).catch(() => undefined)));
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
    async age(collection, id, days) {
      if (!emulators?.firestore) throw new Error("firebase harness: no Firestore emulator");
      const { host, port } = emulators.firestore;
      const name = `projects/${PROJECT_ID}/databases/(default)/documents/${collection}/${id}`;
      const stored = (await call(`http://${host}:${port}/v1/${name}`)) as {
        fields: { createdAt: { timestampValue: string } };
      };
      const at = new Date(Date.parse(stored.fields.createdAt.timestampValue) - days * 86_400_000).toISOString();
      await call(`http://${host}:${port}/v1/${name}?updateMask.fieldPaths=createdAt`, {
        method: "PATCH",
        json: { fields: { createdAt: { timestampValue: at } } },
      });
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
      const functions = getFunctions(app, "us-central1");
      if (emulators.functions) connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);
      const { user } = await signInWithEmailAndPassword(auth, credentials.email, credentials.password);
      return { db, storage, functions, uid: user.uid };
    },
  };
};
