/**
 * `npm run create-user -- --email a@b.c --role <role id: administrator, house-manager, caregiver, office or one the group made> [--facilities tull,newman]
 * [--name "Display Name"] [--password '…']`: creates an account on the configured database (DATABASE_URL or
 * the embedded one under DATA_DIR). Without `--password` (a password typed on a command line stays in the
 * shell's history and is visible to other users of the machine) it prints a generated one-time password,
 * which works for one sign-in within 72 hours (its expiry is printed), where the user chooses their own. Refuses an e-mail that already exists.
 */
import { generatePassword } from "../auth/password.ts";
import { createUser } from "../auth/users.ts";
import { utcMinute } from "../auth/first-admin.ts";
import { idList, runCommand } from "./run-command.ts";

await runCommand({
  usage:
    "Usage: npm run create-user -- --email <e-mail> --role <role id: administrator, house-manager, caregiver, office or one the group made> [--facilities id1,id2] [--name <display name>] [--password <password>, else a one-time password is printed]",
  options: ["email", "password", "role", "facilities", "name"],
  required: ["email", "role"],
  fieldLine: (field, message) => `  --${field === "displayName" ? "name" : field}: ${message}`,
  run: async ({ email, role, facilities, name, password: given }, database) => {
    const oneTimePassword = given === undefined ? generatePassword() : undefined;
    const password = given ?? oneTimePassword!;
    const facilityIds = idList(facilities) ?? null;
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
      {
        email: email!,
        password,
        role: role!,
        displayName: name,
        facilityIds,
        mustChangePassword: oneTimePassword !== undefined,
      },
      null,
    );
    console.info(
      `Created ${user.role} ${user.email}${facilityIds ? ` (facilities: ${facilityIds.join(", ")})` : " (all facilities)"}.`,
    );
    if (oneTimePassword)
      console.info(
        `One-time password: ${oneTimePassword}\nShown only this once. It works for one sign-in, until ${utcMinute(user.oneTimePasswordExpiresAt!)}, where ${user.email} chooses their own.`,
      );
    return 0;
  },
});
