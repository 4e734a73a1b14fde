/**
 * Server-side checks of a collection's writes that need more than the record itself (other rows,
 * locks), run by the repository inside the write's transaction, after the links: one entry per
 * collection that has any. A check throws an AppError to refuse the write.
 */
import { AppError } from "@care/core/app-error";
import { reminderStateRefusal } from "@care/core/collections/reminders.collection";
import { ADMINISTRATOR_ROLE_ID, administratorRoleRefusal } from "@care/core/collections/roles.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TCollectionName } from "@care/core/registry";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { roleGrantError, userRoleGrantError } from "@care/core/rules/grants.rules";
import { staffLinkError, userUpdateError } from "@care/core/rules/users.rules";
import { otherHomesChanged, otherHomesRefusal } from "@care/core/rules/staff-homes.rules";
import { assertResidentFits } from "../residents/resident-fits.ts";
import { assertEventWrite } from "../residents/resident-event-check.ts";
import { assertFeeEntryAllowed } from "../referrals/fee-entry-check.ts";
import { assertTourRecorded } from "../referrals/tour-check.ts";

/** A role's permissions and actions as stored (none when the role does not exist: its link check says so). */
async function rolePermissions(db: PrismaClient | Prisma.TransactionClient, id: unknown) {
  if (typeof id !== "string") return {};
  const role = await db.role.findUnique({ where: { id }, select: { permissions: true, actions: true } });
  return { permissions: role?.permissions ?? {}, actions: role?.actions ?? [] };
}

/**
 * A user's edit keeps the auth backend's fields and the editor's own access, gives a role within the
 * editor's permissions to a user holding no more than they do; their staff record is of a facility they see.
 */
const checkUser: TWriteCheck = async (db, user, id, fields, before) => {
  const refused = before ? userUpdateError(user, id, fields, before) : null;
  if (refused) throw refused;
  if (before) {
    const granted = userRoleGrantError(
      user,
      await rolePermissions(db, before.role),
      await rolePermissions(db, fields.role),
    );
    if (granted) throw granted;
  }
  if (typeof fields.staffId !== "string") return;
  const staff = await db.staff.findUnique({ where: { id: fields.staffId }, select: { facilityId: true } });
  const linkRefused = staffLinkError(fields, staff ?? undefined);
  if (linkRefused) throw linkRefused;
};

/** A staff member's other homes change only where the user may write, and an added home exists. */
const checkOtherHomes: TWriteCheck = async (db, user, _id, fields, before) => {
  const changed = otherHomesChanged(
    fields.otherFacilityIds as string[] | undefined,
    before?.otherFacilityIds as string[] | undefined,
  );
  if (changed.added.length + changed.removed.length === 0) return;
  const found = await db.facility.findMany({ where: { id: { in: changed.added } }, select: { id: true } });
  const refusal = otherHomesRefusal(user, changed, new Set(found.map((home) => home.id)));
  if (refusal) throw refusal;
};

export type TWriteCheck = (
  db: PrismaClient | Prisma.TransactionClient,
  user: TSessionUser,
  id: string,
  fields: Record<string, unknown>,
  before?: Record<string, unknown>,
) => Promise<void>;

export const WRITE_CHECKS: Partial<Record<TCollectionName, TWriteCheck>> = {
  /** An admission, move or readmission fits the home's licensed capacity. */
  residents: assertResidentFits,
  /** An undo within its window, by name, once; a readmission after the discharge it follows. */
  residentEvents: assertEventWrite,
  users: checkUser,
  staff: checkOtherHomes,
  /** A snooze needs write on what the reminder is about; a waiver is a change to documents too. */
  reminderStates: async (_db, user, _id, fields) => {
    const refusal = reminderStateRefusal(user, fields);
    if (refusal) throw refusal;
  },
  /** A fee entry never pays one fee twice (a used invoice number, a payment nothing or less is owed for). */
  referralFees: assertFeeEntryAllowed,
  /** "Toured" only once a tour is recorded: its date and time, or a "Tour" line of the contact log. */
  referrals: assertTourRecorded,
  /** The Administrator role keeps every permission; a role gives only what its editor holds. */
  roles: async (_db, user, id, fields, before) => {
    const refusal = administratorRoleRefusal(id, fields) ?? roleGrantError(user, id, before, fields);
    if (refusal) throw refusal;
  },
};

/**
 * Checks before a record is removed, by collection: the Administrator role stays, and a role holding
 * more than the remover stays too; a reminder's snooze or waiver is undone by who may set it.
 */
export const REMOVE_CHECKS: Partial<
  Record<TCollectionName, (user: TSessionUser, id: string, current: Record<string, unknown>) => Promise<void>>
> = {
  roles: async (user, id, current) => {
    if (id === ADMINISTRATOR_ROLE_ID)
      throw new AppError("VALIDATION", "The Administrator role cannot be removed.", { fields: { id: "Always kept" } });
    const refusal = roleGrantError(user, id, current, undefined);
    if (refusal) throw refusal;
  },
  /** Undoing a snooze or a waiver needs what setting it needs. */
  reminderStates: async (user, _id, current) => {
    const refusal = reminderStateRefusal(user, current);
    if (refusal) throw refusal;
  },
};
