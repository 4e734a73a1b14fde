/**
 * Whether this instance may take an import (Settings → Export and import): only an empty one does,
 * so an import never mixes two groups' records. Empty means: no record of any collection beyond what
 * a first start creates (the seeded facilities, roles, document types and training requirements,
 * untouched by anyone), at most one account (the administrator who imports), no stored file and no
 * import taken before. Otherwise the audit log does not count: it is append-only, and the import adds
 * the exported one to it.
 */
import type { TImportStatus } from "@care/core/ports/data-transfer.port";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";
import { requirePermission, type TCaller } from "../caller.ts";
import { PRISMA_MODELS } from "../collections/collection.repository.ts";
import type { Database } from "../db/database.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";

/** The collections a first start fills (database.ts and the roles migration); their rows have no author. */
const SEEDED: readonly TCollectionName[] = ["facilities", "roles", "documentTypes", "trainingRequirements"];

type TCountable = { count(args?: { where: Record<string, unknown> }): Promise<number> };

/** Why the instance is not empty, in a sentence or two (what it holds, in one list); none when it is. */
export async function emptinessProblems(db: PrismaClient | Prisma.TransactionClient): Promise<string[]> {
  const problems: string[] = [];
  const held: string[] = [];
  for (const name of collectionNames) {
    if (name === "auditLog") continue;
    const delegate = (db as unknown as Record<string, TCountable>)[PRISMA_MODELS[name]]!;
    const label = collections[name].label.toLowerCase();
    if (name === "users") {
      const users = await delegate.count();
      if (users > 1) problems.push(`The instance has ${users} user accounts (at most the administrator who imports).`);
    } else if (SEEDED.includes(name)) {
      const changed = await delegate.count({
        where: { OR: [{ createdBy: { not: null } }, { updatedBy: { not: null } }] },
      });
      if (changed > 0) held.push(`${changed} ${label} records added or changed by someone`);
    } else {
      const count = await delegate.count();
      if (count > 0) held.push(`${count} ${label} records`);
    }
  }
  const files = await db.storedFile.count();
  if (files > 0) held.push(`${files} stored files`);
  if (held.length > 0)
    problems.push(
      `The instance holds ${held.length > 1 ? `${held.slice(0, -1).join(", ")} and ${held.at(-1)}` : held[0]}.`,
    );
  if ((await db.auditEntry.count({ where: { action: "data_import" } })) > 0)
    problems.push("The instance has taken an import already.");
  return problems;
}

/** Whether an import is possible here; needs write on export. */
export async function importStatus(database: Database, caller: TCaller): Promise<TImportStatus> {
  requirePermission(caller, "export", "write");
  const problems = await emptinessProblems(database.prisma);
  return { empty: problems.length === 0, problems };
}
