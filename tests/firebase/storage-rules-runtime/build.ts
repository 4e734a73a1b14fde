/**
 * Builds the Storage rules runtime (`StorageRulesRuntime.java`, beside this file) into a JAR that
 * firebase-tools starts with `java -jar … serve`: the class compiled against the Cloud Firestore
 * emulator's JAR, which carries the rules engine, named on the manifest's Class-Path. Built once into
 * the cache and again only when the source changes. Needs a JDK (`javac`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { firestoreEmulatorJar } from "../firestore-emulator-jar.ts";
import { writeJar } from "../jar-file.ts";

const SOURCE = fileURLToPath(new URL("StorageRulesRuntime.java", import.meta.url));

/** Why the runtime cannot be built here, or undefined when it can. */
export function storageRulesRuntimeMissing(): string | undefined {
  const javac = spawnSync("javac", ["-version"], { stdio: "ignore" });
  if (javac.error || javac.status !== 0)
    return "no JDK (javac) to build the Storage rules runtime from tests/firebase/storage-rules-runtime; install openjdk-17-jdk-headless";
  return undefined;
}

/** The runtime's JAR in `cacheDir`, built when missing or older than its source. */
export async function buildStorageRulesRuntime(cacheDir: string): Promise<string> {
  const jar = join(cacheDir, "storage-rules-runtime.jar");
  if (existsSync(jar) && statSync(jar).mtimeMs > statSync(SOURCE).mtimeMs) return jar;
  const engine = firestoreEmulatorJar();
  if (!engine) throw new Error("storage rules runtime: no Cloud Firestore emulator JAR to compile against");
  const classes = mkdtempSync(join(tmpdir(), "care-storage-rules-"));
  try {
    // -proc:none: the Firestore JAR lists annotation processors whose dependencies it does not carry.
    const compiled = spawnSync(
      "javac",
      ["-proc:none", "-nowarn", "-encoding", "UTF-8", "--release", "17", "-cp", engine, "-d", classes, SOURCE],
      { encoding: "utf8" },
    );
    if (compiled.status !== 0) throw new Error(`storage rules runtime: javac failed:\n${compiled.stderr}`);
    await writeJar(
      jar,
      { "Main-Class": "StorageRulesRuntime", "Class-Path": pathToFileURL(engine).href },
      readdirSync(classes).map((name) => ({ name, bytes: readFileSync(join(classes, name)) })),
    );
  } finally {
    rmSync(classes, { recursive: true, force: true });
  }
  return jar;
}
