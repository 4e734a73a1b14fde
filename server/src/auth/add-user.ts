/**
 * An administrator adds a user (AuthPort.createUser): the account with its password and its users
 * record at once. A facility-limited administrator may only give facilities they see themselves.
 */
import type { TUserCreate } from "@care/core/collections/users.collection";
import type { TRecordOf } from "@care/core/registry";
import { assertCanGrantFacilities } from "@care/core/rules/access.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { requirePermission, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import { createUser, userRecordOf } from "./users.ts";

/** The new user's record (never the password hash); FORBIDDEN without users write, CONFLICT for a taken e-mail. */
export async function addUser(database: Database, caller: TCaller, input: TUserCreate): Promise<TRecordOf<"users">> {
  const admin = requirePermission(caller, "users", "write");
  assertCanGrantFacilities(admin, undefined, input.facilityIds ?? null);
  const row = await createUser(database.prisma, input, admin.id);
  await writeAudit(database.prisma, caller, {
    action: "user_create",
    collection: "users",
    recordId: row.id,
    summary: `role=${row.role}`,
  });
  return userRecordOf(row);
}
