/**
 * `npm run create-user -- --email a@b.c --role <role id: administrator, house-manager, caregiver, office or one the group made> [--facilities tull,newman]
 * [--name "Display Name"] [--password '…']`: creates an account on the configured database (DATABASE_URL or
 * the embedded one under DATA_DIR). Without `--password` (a password typed on a command line stays in the
 * shell's history and is visible to other users of the machine) it prints a generated one-time password,
 * which the user replaces at the first sign-in. Refuses an e-mail that already exists.
 */
import { parseArgs } from "node:util";
import { isAppError } from "@care/core/app-error";
import { generatePassword } from "../auth/password.ts";
import { createUser } from "../auth/users.ts";
import { ConfigError, loadConfig } from "../config/config.ts";
import { openDatabase } from "../db/database.ts";

const USAGE =
  "Usage: npm run create-user -- --email <e-mail> --role <role id: administrator, house-manager, caregiver, office or one the group made> [--facilities id1,id2] [--name <display name>] [--password <password>, else a one-time password is printed]";

async function run(argv: string[]): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        facilities: { type: "string" },
        name: { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { email, role, facilities, name } = values;
  if (!email || !role) {
    console.error(`--email and --role are required.\n${USAGE}`);
    return 2;
  }
  const oneTimePassword = values.password === undefined ? generatePassword() : undefined;
  const password = values.password ?? oneTimePassword!;
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
  });
  try {
    const facilityIds = facilities
      ? facilities
          .split(",")
          .map((f) => f.trim())
          .filter(Boolean)
      : null;
    if (facilityIds) {
      const known = await database.prisma.facility.findMany({
        where: { id: { in: facilityIds } },
        select: { id: true },
      });
      const unknown = facilityIds.filter((id) => !known.some((k) => k.id === id));
      if (unknown.length > 0) {
        console.error(`Unknown facilities: ${unknown.join(", ")}`);
        return 1;
      }
    }
    const user = await createUser(
      database.prisma,
      { email, password, role, displayName: name, facilityIds, mustChangePassword: oneTimePassword !== undefined },
      null,
    );
    console.info(
      `Created ${user.role} ${user.email}${facilityIds ? ` (facilities: ${facilityIds.join(", ")})` : " (all facilities)"}.`,
    );
    if (oneTimePassword)
      console.info(
        `One-time password: ${oneTimePassword}\nShown only this once; ${user.email} chooses their own at the first sign-in.`,
      );
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      const details = error.fields
        ? Object.entries(error.fields).map(
            ([field, message]) => `  --${field === "displayName" ? "name" : field}: ${message}`,
          )
        : [];
      console.error([error.message, ...details].join("\n"));
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
}
