/**
 * Creating accounts (the admin route, the CLI and the first start share this) and the two views of a
 * user row: the session user and the users-collection record, never the password hash.
 */
import { randomUUID } from "node:crypto";
import { AppError, validationError } from "@care/core/app-error";
import { actionsListed } from "@care/core/collections/actions";
import { ZPermissions } from "@care/core/collections/roles.collection";
import { usersCollection, ZUserCreate, type TUserCreate } from "@care/core/collections/users.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TRecordOf } from "@care/core/registry";
import { recordSchemaOf } from "../collections/collection.schemas.ts";
import { rowMapperOf } from "../collections/row-mappers.ts";
import { toAppError } from "../db/db-errors.ts";
import { canSeeFacility } from "@care/core/rules/access.rules";
import { oneTimePasswordExpiry, staffLinkError } from "@care/core/rules/users.rules";
import type { PrismaClient, Role, User } from "../generated/prisma/client.ts";
import { assertNotCommonPassword, hashPassword } from "./password.ts";

/** The users record as every route answers it (the same shape as `GET /api/v1/users/:id`). */
export const ZUserRecord = recordSchemaOf(usersCollection);

/** The Prisma include that reads a user's role with them (every session resolve does). */
export const WITH_ROLE = { roleRecord: true } as const;

/**
 * The session user of a user row read with its role: the role's permissions as stored now, so a change
 * to a role applies from the user's next request.
 */
export function sessionUserOf(
  row: Pick<User, "id" | "email" | "displayName" | "role" | "allFacilities" | "facilityIds" | "mustChangePassword"> & {
    roleRecord: Pick<Role, "name" | "permissions" | "actions">;
  },
): TSessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    roleName: row.roleRecord.name,
    permissions: ZPermissions.parse(row.roleRecord.permissions ?? {}),
    actions: actionsListed(row.roleRecord.actions),
    facilityIds: row.allFacilities ? null : [...row.facilityIds],
    ...(row.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

const usersMapper = rowMapperOf("users", usersCollection);

export function userRecordOf(row: User): TRecordOf<"users"> {
  return usersMapper.toRecord(row) as TRecordOf<"users">;
}

/** Validates and creates an account; CONFLICT when the e-mail is taken. */
export async function createUser(prisma: PrismaClient, input: TUserCreate, createdBy: string | null): Promise<User> {
  const parsed = ZUserCreate.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { password, facilityIds, ...fields } = parsed.data;
  await assertNotCommonPassword(password, "password");
  const email = fields.email.toLowerCase();
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing)
    throw new AppError("CONFLICT", `A user with the e-mail ${email} already exists.`, {
      fields: { email: "This e-mail is already in use" },
    });
  const role = await prisma.role.findUnique({ where: { id: fields.role }, select: { id: true } });
  if (!role) throw new AppError("VALIDATION", "Choose one of the group's roles.", { fields: { role: "No such role" } });
  const passwordHash = await hashPassword(password);
  try {
    return await prisma.user.create({
      data: {
        id: randomUUID(),
        email,
        displayName: fields.displayName ?? null,
        role: fields.role,
        allFacilities: facilityIds === null,
        facilityIds: facilityIds ?? [],
        active: fields.active,
        staffId: fields.staffId ?? null,
        mustChangePassword: fields.mustChangePassword,
        oneTimePasswordExpiresAt: fields.mustChangePassword ? oneTimePasswordExpiry(new Date()) : null,
        passwordHash,
        createdBy,
        updatedBy: createdBy,
      },
    });
  } catch (error) {
    if (toAppError(error)?.code === "CONFLICT")
      throw new AppError("CONFLICT", `A user with the e-mail ${email} already exists.`, {
        fields: { email: "This e-mail is already in use" },
      });
    throw error;
  }
}

/**
 * A new user's staff record, as the declared link and `staffLinkError` check an edit's: one the
 * administrator may see, of a facility the user may see. VALIDATION on `staffId` otherwise.
 */
export async function assertStaffLink(
  prisma: PrismaClient,
  admin: TSessionUser,
  fields: { staffId?: string | undefined; facilityIds: string[] | null },
): Promise<void> {
  if (fields.staffId === undefined) return;
  const staff = await prisma.staff.findUnique({ where: { id: fields.staffId }, select: { facilityId: true } });
  if (!staff || !canSeeFacility(admin, staff.facilityId))
    throw new AppError("VALIDATION", "The user is not valid.", { fields: { staffId: "No such staff member" } });
  const refused = staffLinkError(fields, staff);
  if (refused) throw refused;
}
