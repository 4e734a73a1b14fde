/**
 * Password hashing with argon2id at the parameters of ARCHITECTURE.md (m = 19 MiB, t = 2, p = 1), and
 * the refusal of common and leaked passwords (ASVS 5.0 V6.2.4: the list of zxcvbn-ts, about 49,000).
 */
import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "@care/core/app-error";

/** `Algorithm.Argon2id`: the enum is a `const enum`, which isolated modules cannot import as a value. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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

let commonPasswords: Set<string> | undefined;

/** Whether the password (in any letter case) is on the list of common and leaked passwords. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  return commonPasswords.has(password.toLowerCase());
}

/** VALIDATION on `field` when a new password is a common or leaked one. */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new AppError("VALIDATION", "Choose another password.", {
      fields: { [field]: "This password is on a list of common or leaked passwords. Choose another" },
    });
}
