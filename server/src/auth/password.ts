/**
 * Password hashing with argon2id at the parameters of ARCHITECTURE.md (m = 19 MiB, t = 2, p = 1), and
 * the refusal of common and leaked passwords (ASVS 5.0 V6.2.4: the list of zxcvbn-ts, about 49,000).
 * At most one hash per CPU core (and never more than four) is computed at once: each takes 19 MiB, which
 * the C allocator keeps once used, and more at once than there are cores is no faster, only bigger.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";
import { AppError } from "@care/core/app-error";

/** `Algorithm.Argon2id`: the enum is a `const enum`, which isolated modules cannot import as a value. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** How many argon2 computations may run at once. */
export const MAX_CONCURRENT_HASHES = Math.min(4, availableParallelism());

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than MAX_CONCURRENT_HASHES others run; the rest wait in order. */
export async function oneHashAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((start) => waiting.push(start));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneHashAtATimePerCore(() => hash(password, OPTIONS));
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneHashAtATimePerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so an unknown e-mail cannot be told apart from a
 * wrong password by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password for generated accounts: 20 characters, about 120 bits. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** Whether the password (in any letter case) is on the list of common and leaked passwords (loaded on first use). */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import("./common-passwords.ts").then(({ COMMON_PASSWORDS }) => COMMON_PASSWORDS);
  return (await commonPasswords).has(password.toLowerCase());
}

/** VALIDATION on `field` when a new password is a common or leaked one. */
export async function assertNotCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new AppError("VALIDATION", "Choose another password.", {
      fields: { [field]: "This password is on a list of common or leaked passwords. Choose another" },
    });
}
