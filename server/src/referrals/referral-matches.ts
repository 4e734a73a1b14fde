/**
 * The group-wide duplicate check of referrals (InsightsPort.referralMatches): candidates are read from
 * every home through the date-of-birth, phone and e-mail indexes, never a scan; the shared rule decides
 * which are the same person and words the answer, naming matches only in homes the caller may see and
 * counting the others with whom to ask. Each question is audited (the route also rate-limits it), so the
 * check cannot be used to probe other homes.
 */
import { assertCan, canSeeFacility } from "@care/core/rules/access.rules";
import {
  hasProspectKeys,
  lastNameSpellings,
  parseReferralMatchesQuery,
  referralMatchesOf,
  type TProspectKeys,
  type TReferralCandidate,
  type TReferralMatches,
} from "@care/core/rules/referral-matches.rules";
import { writeAudit } from "../audit/audit-log.ts";
import { requireUser, type TCaller } from "../caller.ts";
import type { Database } from "../db/database.ts";
import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";

type TDb = PrismaClient | Prisma.TransactionClient;

export async function referralMatches(database: Database, caller: TCaller, raw: unknown): Promise<TReferralMatches> {
  const user = assertCan(requireUser(caller), "referrals", "read");
  const keys = parseReferralMatchesQuery(raw);
  if (!hasProspectKeys(keys)) return { matches: [], elsewhere: [] };
  const rows = await referralCandidates(database.prisma, keys);
  const homes = new Map(rows.map((r) => [r.facilityId, r.facility]));
  const agents = new Map(rows.flatMap((r) => (r.agentId && r.agent ? [[r.agentId, r.agent.name] as const] : [])));
  const answer = referralMatchesOf(rows, keys, {
    canSee: (facilityId) => canSeeFacility(user, facilityId),
    facility: (id) => {
      const home = homes.get(id);
      return home && { name: home.name, administrator: home.administrator ?? undefined };
    },
    agentName: (id) => agents.get(id),
  });
  const hidden = answer.elsewhere.reduce((sum, e) => sum + e.count, 0);
  await writeAudit(database.prisma, caller, {
    action: "view",
    collection: "referrals",
    summary: `duplicate check: ${answer.matches.length} match${answer.matches.length === 1 ? "" : "es"} shown, ${hidden} in other homes`,
  });
  return answer;
}

/**
 * The referrals of every home that share a key with the prospect (date of birth with the last name,
 * phone, e-mail; the last name alone when only a name is typed), earliest first, read through their indexes; the shared rule decides which are the
 * same person. At most 50: a prospect is referred a handful of times, not more.
 */
export async function referralCandidates(db: TDb, keys: TProspectKeys) {
  const or = [
    ...(keys.person
      ? [
          {
            dateOfBirth: keys.person.dateOfBirth,
            lastName: { equals: keys.person.lastName.trim(), mode: "insensitive" as const },
          },
        ]
      : []),
    ...(keys.phone ? [{ phone: keys.phone }] : []),
    ...(keys.email ? [{ email: keys.email }] : []),
    // A name alone (a possible duplicate): the last name's index, in its usual spellings.
    ...(keys.name ? [{ lastName: { in: lastNameSpellings(keys.name.lastName) } }] : []),
  ];
  const rows = await db.referral.findMany({
    where: { OR: or, archivedAt: null, ...(keys.excludeId ? { id: { not: keys.excludeId } } : {}) },
    select: {
      id: true,
      facilityId: true,
      referredOn: true,
      firstName: true,
      lastName: true,
      dateOfBirth: true,
      phone: true,
      email: true,
      status: true,
      source: true,
      agentId: true,
      agent: { select: { name: true } },
      facility: { select: { name: true, administrator: true } },
    },
    orderBy: [{ referredOn: "asc" }, { id: "asc" }],
    take: 50,
  });
  // As the rule reads them (absent, not null), with their home and agent for the answer's words.
  return rows.map((r) => ({
    ...r,
    dateOfBirth: r.dateOfBirth ?? undefined,
    phone: r.phone ?? undefined,
    email: r.email ?? undefined,
    agentId: r.agentId ?? undefined,
    status: r.status as TReferralCandidate["status"],
    source: r.source as TReferralCandidate["source"],
  }));
}
