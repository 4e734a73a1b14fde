/**
 * The group-wide duplicate check of referrals: has this prospect already been referred to any home of the
 * group? The same person is the same normalized first and last name with the same date of birth, or the
 * same phone number, or the same e-mail address. Every backend asks its store for candidates by those
 * three keys (indexes, never a scan) and lets `referralMatchesOf` decide and word the answer, so a user
 * who may not see the other home learns only that a match exists there and whom to ask. While only a name
 * is typed (no date of birth, phone or e-mail yet) the same first and last name is a weaker "possible
 * duplicate", read through the last name's index in its usual spellings (`lastNameSpellings`); it never
 * closes anyone's referral (`prospectKeysOf` in referral-move-in.rules.ts leaves it out).
 */
import { z } from "zod";
import { validationError } from "../app-error.ts";
import { ZDateOnly, ZId, ZQueryText } from "../common.schema.ts";
import { formatPhone } from "../phone.schema.ts";
import type { TReferralSource, TReferralStatus } from "../collections/referrals.collection.ts";
import { normalizedName } from "./resident-matches.rules.ts";

export const ZReferralMatchesQuery = z.object({
  firstName: ZQueryText(60).trim().optional(),
  lastName: ZQueryText(60).trim().optional(),
  dateOfBirth: z.union([ZDateOnly, z.literal("")]).optional(),
  phone: ZQueryText(40).trim().optional(),
  email: ZQueryText(254).trim().optional(),
  /** The referral being edited, which does not match itself. */
  excludeId: ZId.optional(),
});
export type TReferralMatchesQuery = z.input<typeof ZReferralMatchesQuery>;

/** What the check looks for, as stored: any of the three keys may be absent. */
export interface TProspectKeys {
  /** Name and date of birth, when all three are given. */
  person?: { firstName: string; lastName: string; dateOfBirth: string };
  /** The phone as the portal writes it. */
  phone?: string;
  /** The e-mail in lower case. */
  email?: string;
  /** First and last name, when nothing else is given: a possible duplicate only. */
  name?: { firstName: string; lastName: string };
  excludeId?: string;
}

/** The query checked and normalized to stored values; VALIDATION on a malformed date. */
export function parseReferralMatchesQuery(raw: unknown): TProspectKeys {
  const parsed = ZReferralMatchesQuery.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const q = parsed.data;
  const phone = q.phone ? formatPhone(q.phone) : null;
  const email = q.email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(q.email) ? q.email.toLowerCase() : undefined;
  const nameOnly = Boolean(q.firstName && q.lastName && !q.dateOfBirth && !phone && !email);
  return {
    ...(q.firstName && q.lastName && q.dateOfBirth
      ? { person: { firstName: q.firstName, lastName: q.lastName, dateOfBirth: q.dateOfBirth } }
      : {}),
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
    ...(nameOnly ? { name: { firstName: q.firstName!, lastName: q.lastName! } } : {}),
    ...(q.excludeId ? { excludeId: q.excludeId } : {}),
  };
}

/** Whether the check has anything to look for. */
export function hasProspectKeys(keys: TProspectKeys): boolean {
  return keys.person !== undefined || keys.phone !== undefined || keys.email !== undefined || keys.name !== undefined;
}

/**
 * The spellings of a last name a store is asked for by equality (its index): as typed, lower case, upper
 * case, the first letter capitalized, and each word ("o'brien-lee": "O'brien-lee", "O'brien-Lee",
 * "O'Brien-Lee"): at most six, within Firestore's "in" limit. Stores keep names as typed, so a
 * rarer mix of cases ("McDonald" typed "mcdonald") is missed by the name-only warning, not by the checks
 * with a date of birth, phone or e-mail.
 */
export function lastNameSpellings(lastName: string): string[] {
  const typed = lastName.trim();
  const lower = typed.toLowerCase();
  const capitalized = (splitter: RegExp) => lower.replace(splitter, (c) => c.toUpperCase());
  return [
    ...new Set([
      typed,
      lower,
      typed.toUpperCase(),
      capitalized(/^\S/g),
      capitalized(/(^|\s|-)\S/g),
      capitalized(/(^|[\s'-])\S/g),
    ]),
  ];
}

/** A stored referral as the check reads it. */
export interface TReferralCandidate {
  id: string;
  facilityId: string;
  referredOn: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  status: TReferralStatus;
  source: TReferralSource;
  agentId?: string | undefined;
}

export type TMatchReason = "name-and-birth-date" | "phone" | "email" | "same-name";

/** A referral of the same prospect in a home the user may see. */
export interface TReferralMatch {
  id: string;
  facilityId: string;
  facilityName: string;
  referredOn: string;
  /** "Last, First". */
  name: string;
  status: TReferralStatus;
  source: TReferralSource;
  /** The referring agent's name, when an agent referred. */
  agentName?: string;
  reasons: TMatchReason[];
}

/** Matches in a home the user may not see: how many, and whom to ask — never the prospect's data. */
export interface TReferralMatchElsewhere {
  facilityId: string;
  facilityName: string;
  /** The home's administrator, to ask about it. */
  administrator?: string;
  count: number;
  /** The id of the earliest of them, to link a duplicate to: an id only, which says nothing of the person. */
  firstId: string;
}

export interface TReferralMatches {
  /** Earliest referral first: the first referral of this person is the one an agency's claim is judged by. */
  matches: TReferralMatch[];
  elsewhere: TReferralMatchElsewhere[];
  /** Only a name was asked about: the matches are possible duplicates (same name), to confirm. */
  sameNameOnly?: true;
}

/** Why a stored referral is the prospect being entered (empty: it is not). */
export function matchReasons(candidate: TReferralCandidate, keys: TProspectKeys): TMatchReason[] {
  const reasons: TMatchReason[] = [];
  const p = keys.person;
  if (
    p &&
    candidate.dateOfBirth === p.dateOfBirth &&
    normalizedName(candidate.lastName) === normalizedName(p.lastName) &&
    normalizedName(candidate.firstName) === normalizedName(p.firstName)
  )
    reasons.push("name-and-birth-date");
  if (keys.phone && candidate.phone === keys.phone) reasons.push("phone");
  if (keys.email && candidate.email === keys.email) reasons.push("email");
  const n = keys.name;
  if (
    n &&
    normalizedName(candidate.lastName) === normalizedName(n.lastName) &&
    normalizedName(candidate.firstName) === normalizedName(n.firstName)
  )
    reasons.push("same-name");
  return reasons;
}

export interface TMatchContext {
  canSee(facilityId: string): boolean;
  facility(id: string): { name: string; administrator?: string | undefined } | undefined;
  agentName(id: string): string | undefined;
}

/** The answer from the candidates a store found by the three keys (duplicates among them are fine). */
export function referralMatchesOf(
  candidates: readonly TReferralCandidate[],
  keys: TProspectKeys,
  context: TMatchContext,
): TReferralMatches {
  const seen = new Set<string>();
  const found: { candidate: TReferralCandidate; reasons: TMatchReason[] }[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.id) || candidate.id === keys.excludeId) continue;
    seen.add(candidate.id);
    const reasons = matchReasons(candidate, keys);
    if (reasons.length > 0) found.push({ candidate, reasons });
  }
  found.sort(
    (a, b) =>
      a.candidate.referredOn.localeCompare(b.candidate.referredOn) || a.candidate.id.localeCompare(b.candidate.id),
  );
  const matches: TReferralMatch[] = [];
  const elsewhere = new Map<string, TReferralMatchElsewhere>();
  for (const { candidate: c, reasons } of found) {
    const home = context.facility(c.facilityId);
    if (context.canSee(c.facilityId)) {
      const agentName = c.agentId ? context.agentName(c.agentId) : undefined;
      matches.push({
        id: c.id,
        facilityId: c.facilityId,
        facilityName: home?.name ?? c.facilityId,
        referredOn: c.referredOn,
        name: `${c.lastName}, ${c.firstName}`,
        status: c.status,
        source: c.source,
        ...(agentName ? { agentName } : {}),
        reasons,
      });
    } else {
      const entry = elsewhere.get(c.facilityId) ?? {
        facilityId: c.facilityId,
        facilityName: home?.name ?? "another home",
        ...(home?.administrator ? { administrator: home.administrator } : {}),
        count: 0,
        firstId: c.id,
      };
      entry.count += 1;
      elsewhere.set(c.facilityId, entry);
    }
  }
  const answer = { matches, elsewhere: [...elsewhere.values()] };
  return keys.name && found.length > 0 ? { ...answer, sameNameOnly: true } : answer;
}
