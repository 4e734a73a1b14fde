/**
 * Server-side checks of a collection's writes that need more than the record itself (other rows,
 * locks), run by the repository inside the write's transaction, after the links: one entry per
 * collection that has any. A check throws an AppError to refuse the write.
 */
import { AppError } from "@care/core/app-error";
import { waiverRefusal } from "@care/core/collections/reminders.collection";
import { ADMINISTRATOR_ROLE_ID, administratorRoleRefusal } from "@care/core/collections/roles.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TCollectionName } from "@care/core/registry";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { staffLinkError, userUpdateError } from "@care/core/rules/users.rules";
import { otherHomesChanged, otherHomesRefusal } from "@care/core/rules/staff-homes.rules";
import { assertResidentFits } from "../residents/resident-fits.ts";
import { assertFeeEntryAllowed } from "../referrals/fee-entry-check.ts";

/** A user's edit keeps the auth backend's fields and the editor's own access; their staff record is of a facility they see. */
const checkUser: TWriteCheck = async (db, user, id, fields, before) => {
  const refused = before ? userUpdateError(user, id, fields, before) : null;
  if (refused) throw refused;
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
  users: checkUser,
  staff: checkOtherHomes,
  /** A waiver is a change to documents. */
  reminderStates: async (_db, user, _id, fields) => {
    const refusal = waiverRefusal(user, fields);
    if (refusal) throw refusal;
  },
  /** A fee entry never pays one fee twice (a used invoice number, a payment nothing or less is owed for). */
  referralFees: assertFeeEntryAllowed,
  /** The Administrator role keeps every permission. */
  roles: async (_db, _user, id, fields) => {
    const refusal = administratorRoleRefusal(id, fields);
    if (refusal) throw refusal;
  },
};

/** Checks before a record is removed, by collection: the Administrator role stays. */
export const REMOVE_CHECKS: Partial<Record<TCollectionName, (id: string) => Promise<void>>> = {
  roles: async (id) => {
    if (id === ADMINISTRATOR_ROLE_ID)
      throw new AppError("VALIDATION", "The Administrator role cannot be removed.", { fields: { id: "Always kept" } });
  },
};
