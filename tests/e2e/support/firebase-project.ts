/**
 * A Firebase project for the browser test of the firebase backend, made as docs/firebase.md tells a
 * care group to: the official emulators (Auth, Firestore and Storage with the generated rules, the
 * portal's Cloud Functions), the first account created in Auth, then `first-admin.ts` run with the
 * Admin SDK (set-up step 9), and the web app's runtime config pointing at the emulators. Nothing else
 * is seeded: the facilities are added in the portal (step 10) by the test.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { TRuntimeConfig } from "@care/core/runtime-config.schema";
import { firebaseEmulatorsMissing, startFirebaseEmulators } from "../../firebase/emulators.ts";

const REPO = resolve(import.meta.dirname, "../../..");
/** Not the contract project's `demo-care-portal`: both sets of emulators may run at once. */
export const E2E_PROJECT_ID = "demo-care-portal-e2e";

export { firebaseEmulatorsMissing };

export interface TFirebaseProject {
  /** The first administrator, as created in Authentication → Users. */
  admin: { email: string; password: string };
  /** What the web app reads from `/runtime-config.json`. */
  runtimeConfig: TRuntimeConfig;
  stop(): Promise<void>;
}

function hostPort(host: string): { host: string; port: number } {
  const [name = "", port = ""] = host.split(":");
  return { host: name, port: Number(port) };
}

/** Starts the emulators and makes `admin` the first administrator; `stop` ends the emulators. */
export async function startFirebaseProject(admin: { email: string; password: string }): Promise<TFirebaseProject> {
  const emulators = await startFirebaseEmulators(E2E_PROJECT_ID);
  try {
    // Step 9: the account is created in Authentication → Users (here the Auth emulator's REST API)…
    const signUp = await fetch(
      `http://${emulators.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...admin, returnSecureToken: false }),
      },
    );
    if (!signUp.ok) throw new Error(`Auth emulator signUp answered ${signUp.status}: ${await signUp.text()}`);
    // …then first-admin.ts, with the Admin SDK pointed at the emulators instead of a service account key.
    const { stdout } = await promisify(execFile)(
      "npx",
      ["tsx", "adapters/firebase/scripts/first-admin.ts", admin.email],
      {
        cwd: REPO,
        encoding: "utf8",
        env: { ...process.env, ...emulators.env, GCLOUD_PROJECT: E2E_PROJECT_ID },
      },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`first-admin.ts failed: ${error.message}\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    if (!stdout.includes("is the administrator of every home")) throw new Error(`first-admin.ts said: ${stdout}`);
  } catch (error) {
    await emulators.stop();
    throw error;
  }
  return {
    admin,
    runtimeConfig: {
      backend: "firebase",
      firebase: {
        apiKey: "demo-api-key",
        authDomain: `${E2E_PROJECT_ID}.firebaseapp.com`,
        projectId: E2E_PROJECT_ID,
        storageBucket: `${E2E_PROJECT_ID}.appspot.com`,
        appId: "demo-app",
      },
      emulators: {
        auth: `http://${emulators.env.FIREBASE_AUTH_EMULATOR_HOST}`,
        firestore: hostPort(emulators.env.FIRESTORE_EMULATOR_HOST),
        storage: hostPort(emulators.env.FIREBASE_STORAGE_EMULATOR_HOST),
        functions: hostPort(emulators.functionsHost),
      },
      portalTitle: "Sunrise Care Homes",
    },
    stop: () => emulators.stop(),
  };
}
