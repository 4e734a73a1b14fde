/**
 * Where Google's Cloud Firestore emulator is on this machine: the JAR of the Debian package
 * `google-cloud-cli-firestore-emulator` (the Google Cloud SDK's component), which carries the emulator
 * and the Firebase rules engine. It cannot be downloaded here; where it is missing, Firebase cases skip.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const FIRESTORE_PACKAGE = "google-cloud-cli-firestore-emulator";
/** The class gcloud's `cloud_firestore_emulator` script starts (the JAR's manifest names none). */
export const FIRESTORE_MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";
const CANDIDATES = [
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
  "/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
  "/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
];

/** The JAR: `CLOUD_FIRESTORE_EMULATOR_JAR`, else the Debian package's file, else a usual place. */
export function firestoreEmulatorJar(): string | undefined {
  const named = process.env.CLOUD_FIRESTORE_EMULATOR_JAR;
  if (named) return existsSync(named) ? named : undefined;
  const listed = spawnSync("dpkg", ["-L", FIRESTORE_PACKAGE], { encoding: "utf8" });
  const fromPackage =
    listed.status === 0
      ? listed.stdout.split("\n").find((f) => f.endsWith("/cloud-firestore-emulator.jar"))
      : undefined;
  return [fromPackage, ...CANDIDATES].find((f): f is string => Boolean(f && existsSync(f)));
}
