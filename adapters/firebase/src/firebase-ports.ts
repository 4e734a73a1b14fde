/**
 * The composition of the Firebase adapters: one Firebase app per call (so tests can hold several
 * independent sessions), connected to the emulators when they are named.
 */
import { deleteApp, initializeApp, type FirebaseOptions } from "firebase/app";
import {
  connectAuthEmulator,
  inMemoryPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  type Persistence,
} from "firebase/auth";
import { connectFirestoreEmulator, getFirestore } from "firebase/firestore";
import { connectFunctionsEmulator, getFunctions, httpsCallable } from "firebase/functions";
import { connectStorageEmulator, getStorage } from "firebase/storage";
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import { createDataPortInsights } from "@care/core/insights/data-port-insights";
import { createDataPortTransfer } from "@care/core/data-export/data-port-transfer";
import type { FilePort } from "@care/core/ports/file.port";
import { createFirebaseAuthAdapter, type TFirebaseAuthAdapter } from "./firebase-auth.adapter.ts";
import { createFirestoreDataAdapter, type TCheckedWrite } from "./firestore-data.adapter.ts";
import { createStorageFileAdapter } from "./storage-file.adapter.ts";
import { AppError, isAppError } from "@care/core/app-error";
import { deniedByRules, toAppError } from "./firebase-errors.ts";
import type { TReferralMatches } from "@care/core/rules/referral-matches.rules";
import type { TBusyTime } from "@care/core/rules/schedule.rules";

/**
 * The records an export reads per page: small enough that a busy Firestore answers each query well
 * within the 10 s after which the SDK reports `unavailable` (a read the adapter then retries; see
 * `guard`), where a page of 500 large records (residents with their search tokens) may not.
 */
const EXPORT_PAGE_SIZE = 100;

export interface THostPort {
  host: string;
  port: number;
}

export interface TFirebasePortsConfig {
  /** The web app's public Firebase config (apiKey, authDomain, projectId, storageBucket, appId). */
  firebase: FirebaseOptions;
  /** Emulators to use instead of the hosted services; `auth` is a URL such as `http://127.0.0.1:9099`. */
  emulators?: { auth?: string; firestore?: THostPort; storage?: THostPort; functions?: THostPort };
  /** The Cloud Functions region (default `us-central1`, where `functions/` deploys). */
  functionsRegion?: string;
  /** Where the session is kept: `local` (IndexedDB, the browser default) or `memory` (Node, tests). */
  persistence?: "local" | "memory";
}

export interface TFirebasePorts {
  auth: AuthPort;
  data: DataPort;
  files: FilePort;
  /**
   * Compliance, reminders and rota checks, computed in the browser from the DataPort (no server here);
   * only other homes' busy time for the double-booking check comes from a Cloud Function.
   */
  insights: InsightsPort;
  /** The full export, built in the browser from the DataPort and FilePort in the server's format; no import. */
  transfer: DataTransferPort;
  /** Deletes this Firebase app instance (closes its connections). */
  dispose(): Promise<void>;
}

let appCounter = 0;

/**
 * The port with its refusals checked against the users record, which the rules read on every request
 * while the adapters hold the session as read at sign-in:
 * - refused by the rules: when the session has ended (a password reset, a deactivation, "sign out other
 *   sessions": user-sessions.ts) the call is UNAUTHENTICATED and the client signed out, as the server
 *   answers a session it ended; otherwise the session is read again, so the app learns a narrowed role;
 * - refused by the adapter's own check (FORBIDDEN before anything was sent): the session is read again
 *   and, when the role or homes changed (a role given more), the call is made once more with them.
 * Each costs the two reads of the session (users record and role), on refusals only.
 */
function withCurrentSession<T extends object>(port: T, auth: TFirebaseAuthAdapter): T {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const call = (): unknown => value.apply(target, args);
        const refused = async (error: unknown): Promise<unknown> => {
          if (deniedByRules(error)) {
            if (await auth.sessionEnded())
              throw new AppError("UNAUTHENTICATED", "Your session has ended. Please sign in again.", { cause: error });
            await auth.refresh();
          } else if (isAppError(error) && error.code === "FORBIDDEN") {
            const before = JSON.stringify(auth.current() ?? null);
            await auth.refresh();
            if (JSON.stringify(auth.current() ?? null) !== before) return call();
          }
          throw error;
        };
        const result = call();
        return result instanceof Promise ? result.catch(refused) : result;
      };
    },
  });
}

export function createFirebasePorts(config: TFirebasePortsConfig): TFirebasePorts {
  const app = initializeApp(config.firebase, `care-portal-${++appCounter}`);
  const persistence: Persistence = config.persistence === "memory" ? inMemoryPersistence : indexedDBLocalPersistence;
  const firebaseAuth = initializeAuth(app, { persistence });
  const firestore = getFirestore(app);
  const storage = getStorage(app);
  const functions = getFunctions(app, config.functionsRegion ?? "us-central1");
  const emulators = config.emulators ?? {};
  if (emulators.auth) connectAuthEmulator(firebaseAuth, emulators.auth, { disableWarnings: true });
  if (emulators.firestore) connectFirestoreEmulator(firestore, emulators.firestore.host, emulators.firestore.port);
  if (emulators.storage) connectStorageEmulator(storage, emulators.storage.host, emulators.storage.port);
  if (emulators.functions) connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);
  const auth = createFirebaseAuthAdapter(firebaseAuth, functions, firestore);
  const callableError = (error: unknown) => {
    throw toAppError(error);
  };
  const writeCheckedRecord = httpsCallable<TCheckedWrite, Record<string, unknown> & { id: string }>(
    functions,
    "writeCheckedRecord",
  );
  const data = withCurrentSession(
    createFirestoreDataAdapter(firestore, auth.session, (request) =>
      writeCheckedRecord(request).then((result) => result.data, callableError),
    ),
    auth,
  );
  const files = withCurrentSession(createStorageFileAdapter(firestore, storage, auth.session), auth);
  const busyTime = httpsCallable<unknown, TBusyTime[]>(functions, "scheduleBusyTime");
  const referralMatches = httpsCallable<unknown, TReferralMatches>(functions, "referralMatches");
  return {
    auth,
    data,
    insights: createDataPortInsights(data, auth, {
      busyElsewhere: (query) => busyTime(query).then((result) => result.data, callableError),
      referralMatches: (query) => referralMatches(query).then((result) => result.data, callableError),
    }),
    files,
    transfer: createDataPortTransfer({ auth, data, files }, "firebase", { pageSize: EXPORT_PAGE_SIZE }),
    dispose: () => deleteApp(app),
  };
}
