/**
 * Server-side checks of a collection's writes that need more than the record itself (other rows,
 * locks), run by the repository inside the write's transaction, after the links: one entry per
 * collection that has any. A check throws an AppError to refuse the write.
 */
import { AppError } from "@care/core/app-error";
import { ADMINISTRATOR_ROLE_ID, administratorRoleRefusal } from "@care/core/collections/roles.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { TCollectionName } from "@care/core/registry";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { assertResidentFits } from "../residents/resident-fits.ts";

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
