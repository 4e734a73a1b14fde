/**
 * An administrator adds a user (AuthPort.createUser): the account with a one-time password the server
 * generates, and its users record, at once. The password is answered once and stored only as a hash;
 * it works for one sign-in within ONE_TIME_PASSWORD_HOURS, where the user chooses their own. A
 * facility-limited administrator may only give facilities they see themselves, a role within their own
 * permissions, and link a staff record of those.
 */
import { validationError } from "@care/core/app-error";
import { ZUserInvite, type TUserInvite } from "@care/core/collections/users.collection";
import type { TOneTimePassword } from "@care/core/ports/auth.port";
import { assertCanGrantFacilities } from "@care/core/rules/access.rules";
import { grantSummary, userRoleGrantError } from "@care/core/rules/grants.rules";
import { generateOneTimePassword } from "@care/core/rules/users.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { assertStaffLink, createUser, userRecordOf } from "./users.ts";

/** The new user's record and one-time password; FORBIDDEN without users write, CONFLICT for a taken e-mail. */
export async function addUser(database: Database, caller: TCaller, input: TUserInvite): Promise<TOneTimePassword> {
  const admin = requirePermission(caller, "users", "write");
  const parsed = ZUserInvite.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  assertCanGrantFacilities(admin, undefined, parsed.data.facilityIds);
  const role = await database.prisma.role.findUnique({
    where: { id: parsed.data.role },
    select: { permissions: true, actions: true },
  });
  const granted = role ? userRoleGrantError(admin, undefined, role) : null;
  if (granted) throw granted;
  await assertStaffLink(database.prisma, admin, parsed.data);
  const oneTimePassword = generateOneTimePassword();
  const row = await createUser(
    database.prisma,
    { ...parsed.data, password: oneTimePassword, mustChangePassword: true },
    admin.id,
  );
  await writeAudit(database.prisma, caller, {
    action: "user_create",
    collection: "users",
    recordId: row.id,
    summary: `granted ${grantSummary("users", undefined, userRecordOf(row))}`,
  });
  return { user: userRecordOf(row), oneTimePassword, expiresAt: row.oneTimePasswordExpiresAt!.toISOString() };
}
