/**
 * A resident's write may take a bed in a home (an admission, a move, a readmission): it is checked
 * against the home's licensed capacity inside the write's transaction, after locking the home's row,
 * so two admissions at once into the last bed cannot both pass — the second waits for the first and
 * counts it. Only a user who may change facilities may set the approved exception that admits over capacity.
 */
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { can } from "@care/core/rules/access.rules";
import { capacityRefusal, exceptionRefusal, LIVING_STATUSES, takesNewBed } from "@care/core/rules/census.rules";
import type { TResidentStatus } from "@care/core/collections/residents.collection";

type TDb = PrismaClient | Prisma.TransactionClient;
type TResidentFields = { facilityId: string; status: TResidentStatus; capacityException?: string | undefined };

export async function assertResidentFits(
  db: TDb,
  user: TSessionUser,
  id: string,
  fields: Record<string, unknown>,
  before?: Record<string, unknown>,
): Promise<void> {
  const after = fields as TResidentFields;
  const previous = before as TResidentFields | undefined;
  const notAllowed = exceptionRefusal(
    can(user, "facilities", "write"),
    after.capacityException,
    previous?.capacityException,
  );
  if (notAllowed) throw notAllowed;
  if (!takesNewBed(after, previous)) return;
  // Admissions into one home take turns: the second waits here until the first has committed.
  await db.$queryRaw`SELECT id FROM facilities WHERE id = ${after.facilityId} FOR UPDATE`;
  const home = await db.facility.findUnique({
    where: { id: after.facilityId },
    select: { name: true, licensedCapacity: true },
  });
  if (!home) return; // the facility link check names the missing home
  const taken = await db.resident.count({
    where: { facilityId: after.facilityId, status: { in: [...LIVING_STATUSES] }, archivedAt: null, id: { not: id } },
  });
  const full = capacityRefusal(
    { name: home.name, licensedCapacity: home.licensedCapacity ?? undefined },
    taken,
    after.capacityException,
  );
  if (full) throw full;
}
