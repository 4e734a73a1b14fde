/**
 * First start: when the database has no user at all, create an administrator — from ADMIN_EMAIL /
 * ADMIN_PASSWORD when given, else `admin@care-portal.local` (`admin@localhost` is not a valid
 * e-mail for the sign-in form) with a generated one-time password printed once, which has to be
 * replaced at the first sign-in (like the one-time password of a user added in Settings).
 */
import { AppError } from "@care/core/app-error";
import { ConfigError, type TConfig } from "../config/config.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { generatePassword } from "./password.ts";
import { createUser } from "./users.ts";

export const GENERATED_ADMIN_EMAIL = "admin@care-portal.local";

export type TFirstAdminResult =
  { created: false } | { created: true; email: string; generatedPassword?: string; expiresAt?: Date };

/** An instant to the minute, in UTC, as the console shows it: `2026-12-01 14:05 UTC`. */
export function utcMinute(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A framed notice for the console, so the one-time password is hard to miss in the logs. */
export function oneTimePasswordBox(email: string, password: string, expiresAt: Date): string {
  const lines = [
    "Care Portal: first start, an administrator account was created.",
    "",
    `  E-mail:   ${email}`,
    `  Password: ${password}`,
    "",
    "This password is shown only once. It works for one sign-in,",
    `until ${utcMinute(expiresAt)}: sign in and choose your own now`,
    "(or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start;",
    "later, `npm run create-user` adds another administrator).",
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = "═".repeat(width + 2);
  return [`╔${bar}╗`, ...lines.map((l) => `║ ${l.padEnd(width)} ║`), `╚${bar}╝`].join("\n");
}

export async function ensureFirstAdmin(prisma: PrismaClient, admin: TConfig["admin"]): Promise<TFirstAdminResult> {
  if ((await prisma.user.count()) > 0) return { created: false };
  if (admin) {
    try {
      await createUser(
        prisma,
        { email: admin.email, password: admin.password, role: "administrator", facilityIds: null },
        null,
      );
    } catch (error) {
      // A common or leaked password: the operator changes ADMIN_PASSWORD, as any configuration problem.
      const refusal = error instanceof AppError ? error.fields?.password : undefined;
      if (refusal) throw new ConfigError([`ADMIN_PASSWORD: ${refusal}`]);
      throw error;
    }
    return { created: true, email: admin.email };
  }
  const password = generatePassword();
  const row = await createUser(
    prisma,
    { email: GENERATED_ADMIN_EMAIL, password, role: "administrator", facilityIds: null, mustChangePassword: true },
    null,
  );
  return {
    created: true,
    email: GENERATED_ADMIN_EMAIL,
    generatedPassword: password,
    expiresAt: row.oneTimePasswordExpiresAt!,
  };
}
