import { afterEach, expect, it } from "vitest";
import { ConfigError } from "../config/config.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL, oneTimePasswordBox } from "./first-admin.ts";
import { verifyPassword } from "./password.ts";

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.cleanup();
  db = undefined;
});

it("creates the first admin once: generated when no ADMIN_EMAIL, from the config otherwise", async () => {
  db = await createTestDatabase();
  const prisma = db.database.prisma;
  const first = await ensureFirstAdmin(prisma, undefined);
  expect(first).toMatchObject({ created: true, email: GENERATED_ADMIN_EMAIL });
  const password = first.created ? first.generatedPassword! : "";
  expect(password.length).toBeGreaterThanOrEqual(16);
  const row = await prisma.user.findUniqueOrThrow({ where: { email: GENERATED_ADMIN_EMAIL } });
  expect(row.role).toBe("administrator");
  expect(row.allFacilities).toBe(true);
  expect(row.mustChangePassword).toBe(true);
  expect(await verifyPassword(row.passwordHash, password)).toBe(true);
  // The generated password works for one sign-in within 72 hours, and the notice says until when.
  const expiresAt = first.created ? first.expiresAt! : new Date(0);
  expect(row.oneTimePasswordExpiresAt).toEqual(expiresAt);
  expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
  expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
  const box = oneTimePasswordBox(GENERATED_ADMIN_EMAIL, password, expiresAt);
  expect(box).toContain(password);
  expect(box).toContain(`until ${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`);

  expect(await ensureFirstAdmin(prisma, { email: "boss@example.test", password: "a configured password" })).toEqual({
    created: false,
  });
  expect(await prisma.user.count()).toBe(1);

  await prisma.user.deleteMany();
  expect(await ensureFirstAdmin(prisma, { email: "boss@example.test", password: "a configured password" })).toEqual({
    created: true,
    email: "boss@example.test",
  });
  const boss = await prisma.user.findUniqueOrThrow({ where: { email: "boss@example.test" } });
  expect(await verifyPassword(boss.passwordHash, "a configured password")).toBe(true);
});

it("refuses a common or leaked ADMIN_PASSWORD as a configuration problem, and creates nobody", async () => {
  db = await createTestDatabase();
  const prisma = db.database.prisma;
  const refused = ensureFirstAdmin(prisma, { email: "boss@example.test", password: "password1234" });
  await expect(refused).rejects.toThrow(ConfigError);
  await expect(refused).rejects.toThrow(/ADMIN_PASSWORD: This password is on a list of common or leaked passwords/);
  expect(await prisma.user.count()).toBe(0);
});
