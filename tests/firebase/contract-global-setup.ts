/**
 * The contract project's global set-up: one set of Firebase emulators for every suite's Firebase
 * harness (they run one file at a time), started before the first suite and stopped after the last.
 * Where they cannot run here, the reason is printed and the Firebase harness skips with it.
 */
import { firebaseEmulatorsMissing, startFirebaseEmulators } from "./emulators.ts";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FIRESTORE_EMULATOR_HOST) return undefined; // already running (e.g. `firebase emulators:exec`)
  const missing = firebaseEmulatorsMissing();
  if (missing) {
    process.env.CARE_FIREBASE_EMULATORS_MISSING = missing;
    console.warn(`[contract firebase] SKIPPED: ${missing}`);
    return undefined;
  }
  const started = Date.now();
  const emulators = await startFirebaseEmulators("demo-care-portal");
  Object.assign(process.env, emulators.env);
  console.log(`[contract firebase] emulators ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => emulators.stop();
}
