/**
 * Compliance: the required documents missing, expiring and expired, by home and by person, on the
 * range's last counted day, and the trend of open items at each month's end. Each day is judged by the
 * shared rule (`complianceOf`) over the documents held by then (issued, or uploaded when without an issue
 * date) — the newest of each type counting, as on the day itself; from today on, the current versions
 * as filed — and the people living or working there by then; waivers recorded now apply throughout. The server and the other backends read the same input and call this function.
 */
import { z } from "zod";
import { ZId } from "../common.schema.ts";
import { ZDocumentSubject } from "../collections/documents.collection.ts";
import type { TComplianceStatus } from "../ports/insights.port.ts";
import { addDays, addMonths } from "../rules/date-only.rules.ts";
import {
  applicableTypesLookup,
  compareNewest,
  complianceOf,
  documentExpiry,
  expiryStatus,
  missingKey,
  type TComplianceSubject,
  type TDocumentLike,
  type TDocumentTypeLike,
  type TWaivers,
} from "../rules/compliance.rules.ts";
import { monthsBetween } from "../rules/rent.rules.ts";
import { byHomeName, lastCountedDay, type TReportQuery } from "./report-query.schema.ts";

const ZCount = z.number().int().min(0);
const ZOpenCounts = z.object({ missing: ZCount, expiring: ZCount, expired: ZCount });

const ZHomeCompliance = ZOpenCounts.extend({
  /** Residents, staff and the home itself whose paperwork counts. */
  subjects: ZCount,
  /** Of them, with at least one required document missing, expiring or expired. */
  withOpenItems: ZCount,
});

export const ZComplianceReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  countedOn: z.string(),
  homes: z.array(ZHomeCompliance.extend({ facilityId: ZId, name: z.string() })),
  total: ZHomeCompliance,
  /** Everyone with an open item (`peopleTotal`); the first `MAX_REPORT_PEOPLE` of them, worst first, then by name. */
  peopleTotal: ZCount,
  people: z.array(
    ZOpenCounts.extend({
      subject: ZDocumentSubject,
      subjectId: ZId,
      facilityId: ZId,
      name: z.string(),
      status: z.enum(["missing", "expiring", "expired"]),
      /** The open items: the type's name with its status and expiry. */
      items: z.array(
        z.object({
          typeName: z.string(),
          status: z.enum(["missing", "expiring", "expired"]),
          expiryDate: z.string().optional(),
        }),
      ),
    }),
  ),
  months: z.array(ZOpenCounts.extend({ month: z.string() })),
});
export type TComplianceReportAnswer = z.infer<typeof ZComplianceReportAnswer>;

export interface TComplianceReportInput {
  homes: readonly { id: string; name: string }[];
  /** Residents in care, staff not terminated and the active homes (as compliance.rules' *Counts). */
  subjects: readonly TComplianceSubject[];
  types: readonly TDocumentTypeLike[];
  /** Every document of those subjects still on file (superseded versions too), with its upload time. */
  documents: readonly TDocumentLike[];
  waivers: TWaivers;
}

type TOpenCounts = z.infer<typeof ZOpenCounts>;

/**
 * The day a document was on file from: its issue date (the paper existed from then, uploaded or not),
 * else the day it was uploaded.
 */
export function heldFrom(document: Pick<TDocumentLike, "issueDate" | "createdAt">): string {
  return document.issueDate ?? document.createdAt.slice(0, 10);
}

/**
 * The required items missing, expiring and expired on each of `days` (in order), over the homes
 * `counted` keeps: what `complianceOn` counts on each day, in one pass per requirement instead of once
 * per day (a year of a large group's months in a tenth of the time). compliance.report.test.ts holds
 * the two to the same answers.
 */
export function openCountsOn(
  input: TComplianceReportInput,
  days: readonly string[],
  counted: (facilityId: string | null) => boolean,
  today: string,
): TOpenCounts[] {
  const out = days.map(() => ({ missing: 0, expiring: 0, expired: 0 }));
  const docsOf = new Map<string, TDocumentLike[]>();
  for (const d of input.documents) {
    if (d.typeId === undefined || d.archivedAt !== null) continue;
    const key = `${d.subject}|${d.subjectId}|${d.facilityId}|${d.typeId}`;
    const list = docsOf.get(key);
    if (list) list.push(d);
    else docsOf.set(key, [d]);
  }
  for (const list of docsOf.values())
    list.sort((a, b) => (heldFrom(a) < heldFrom(b) ? -1 : heldFrom(a) > heldFrom(b) ? 1 : 0));
  const applicable = applicableTypesLookup(input.types);
  for (const subject of input.subjects) {
    if (!counted(subject.facilityId)) continue;
    for (const type of applicable(subject.subject, subject.facilityId)) {
      if (!type.required) continue;
      if (input.waivers.has(`${subject.facilityId}|${missingKey(subject.subject, subject.id, type.id)}`)) continue;
      const docs = docsOf.get(`${subject.subject}|${subject.id}|${subject.facilityId}|${type.id}`) ?? [];
      let next = 0;
      let best: TDocumentLike | undefined;
      days.forEach((day, i) => {
        while (next < docs.length && heldFrom(docs[next]!) <= day) {
          const d = docs[next++]!;
          if (!best || compareNewest(d, best) > 0) best = d;
        }
        if (subject.startDate !== undefined && subject.startDate > day) return;
        // From today on, the documents as they are filed now: the current version of each type.
        let held = best;
        if (day >= today) {
          held = undefined;
          for (const d of docs) if (d.current && heldFrom(d) <= day && (!held || compareNewest(d, held) > 0)) held = d;
        }
        const status = expiryStatus(
          held !== undefined,
          held ? documentExpiry(type, held) : undefined,
          type.leadTimeDays,
          day,
        );
        if (status !== "complete") out[i]![status] += 1;
      });
    }
  }
  return out;
}

const SEVERITY: Record<TComplianceStatus, number> = { complete: 0, expiring: 1, missing: 2, expired: 3 };

/**
 * The most people one answer lists: a home's are far fewer; a large group's view is by home, and a
 * home chosen in the header lists its people in full.
 */
export const MAX_REPORT_PEOPLE = 1_000;

type TPerson = TComplianceReportAnswer["people"][number];
const worstFirst = (a: TPerson, b: TPerson) =>
  SEVERITY[b.status] - SEVERITY[a.status] ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : a.subjectId < b.subjectId ? -1 : 1);

/**
 * One report of the reports of disjoint groups of homes over the same query (the server computes a
 * large group a few homes at a time, so it never holds every home's documents at once).
 */
export function mergeComplianceReports(parts: readonly TComplianceReportAnswer[]): TComplianceReportAnswer {
  const [first, ...rest] = parts;
  if (!first) throw new Error("mergeComplianceReports needs at least one report");
  const total = { ...first.total };
  const months = first.months.map((m) => ({ ...m }));
  for (const part of rest) {
    for (const key of ["subjects", "withOpenItems", "missing", "expiring", "expired"] as const)
      total[key] += part.total[key];
    part.months.forEach((m, i) => {
      months[i]!.missing += m.missing;
      months[i]!.expiring += m.expiring;
      months[i]!.expired += m.expired;
    });
  }
  const homes = parts.flatMap((p) => p.homes);
  return {
    ...first,
    homes: byHomeName(homes.map((h) => ({ ...h, id: h.facilityId }))).map(({ id: _, ...h }) => h),
    total,
    peopleTotal: parts.reduce((sum, p) => sum + p.peopleTotal, 0),
    people: parts
      .flatMap((p) => p.people)
      .sort(worstFirst)
      .slice(0, MAX_REPORT_PEOPLE),
    months,
  };
}

/**
 * The compliance of the subjects on `day` by the shared rule: before `today`, from every version on
 * file by then (the newest counting, as it did on that day); from today on, from the documents as they
 * are filed now (each type's current version, as every other page shows them).
 */
export function complianceOn(input: TComplianceReportInput, day: string, today: string) {
  const subjects = input.subjects.filter((s) => s.startDate === undefined || s.startDate <= day);
  const documents = input.documents
    .filter((d) => heldFrom(d) <= day && (day < today || d.current))
    .map((d) => ({ ...d, current: true }));
  return complianceOf(subjects, input.types, documents, day, input.waivers);
}

export function complianceReportOf(
  input: TComplianceReportInput,
  query: Pick<TReportQuery, "from" | "to" | "today">,
): TComplianceReportAnswer {
  const countedOn = lastCountedDay(query);
  const now = complianceOn(input, countedOn, query.today);
  const zero = () => ({ missing: 0, expiring: 0, expired: 0, subjects: 0, withOpenItems: 0 });
  const byHome = new Map(input.homes.map((h) => [h.id, zero()]));
  const total = zero();
  const people: TComplianceReportAnswer["people"] = [];
  for (const s of now) {
    const home = s.facilityId === null ? undefined : byHome.get(s.facilityId);
    if (!home) continue;
    const open = s.counts.missing + s.counts.expiring + s.counts.expired;
    for (const entry of [home, total]) {
      entry.subjects += 1;
      entry.missing += s.counts.missing;
      entry.expiring += s.counts.expiring;
      entry.expired += s.counts.expired;
      if (open > 0) entry.withOpenItems += 1;
    }
    if (s.status === "complete") continue;
    people.push({
      subject: s.subject,
      subjectId: s.subjectId,
      facilityId: s.facilityId!,
      name: s.name,
      status: s.status,
      missing: s.counts.missing,
      expiring: s.counts.expiring,
      expired: s.counts.expired,
      items: s.requirements.flatMap((r) =>
        r.required && r.status !== "complete"
          ? [
              {
                typeName: r.formCode ? `${r.formCode} ${r.typeName}` : r.typeName,
                status: r.status,
                ...(r.expiryDate ? { expiryDate: r.expiryDate } : {}),
              },
            ]
          : [],
      ),
    });
  }
  people.sort(worstFirst);
  const peopleTotal = people.length;
  const days = monthsBetween(query.from, query.to).flatMap((month) => {
    const end = addDays(addMonths(`${month}-01`, 1), -1);
    const day = end < countedOn ? end : countedOn;
    // A month still to come has no figures yet.
    return day < `${month}-01` ? [] : [{ month, day }];
  });
  const counts = openCountsOn(
    input,
    days.map((d) => d.day),
    (id) => id !== null && byHome.has(id),
    query.today,
  );
  const months = days.map((d, i) => ({ month: d.month, ...counts[i]! }));
  return {
    from: query.from,
    to: query.to,
    countedOn,
    homes: byHomeName(input.homes).map((h) => ({ facilityId: h.id, name: h.name, ...byHome.get(h.id)! })),
    total,
    peopleTotal,
    people: people.slice(0, MAX_REPORT_PEOPLE),
    months,
  };
}
