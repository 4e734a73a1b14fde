/**
 * Compliance: the required documents missing, expiring and expired, by home and by person, on the
 * range's last counted day, and the trend of open items at each month's end. Each day is judged as the
 * shared rule (`complianceOf`) would judge it over the documents held by then (issued, or uploaded when
 * without an issue date) — the newest of each type counting, as on the day itself; from today on, the
 * current versions as filed — and the people living or working there by then; waivers recorded now
 * apply throughout. All days are judged in one pass per requirement (compliance.report.test.ts holds it
 * to `complianceOf` run day by day). The server and the other backends read the same input and call
 * `complianceReportOf`.
 */
import { z } from "zod";
import { ZId } from "../common.schema.ts";
import { ZDocumentSubject } from "../collections/documents.collection.ts";
import type { TComplianceStatus } from "../ports/insights.port.ts";
import { addDays, addMonths } from "../rules/date-only.rules.ts";
import {
  applicableTypesLookup,
  compareNewest,
  documentExpiry,
  missingKey,
  type TComplianceSubject,
  type TDocumentLike,
  type TDocumentTypeLike,
  type TWaivers,
} from "../rules/compliance.rules.ts";
import { monthsBetween } from "../rules/rent.rules.ts";
import {
  byHomeName,
  lastCountedDay,
  ZGoLiveDate,
  type TReportHomeInput,
  type TReportQuery,
} from "./report-query.schema.ts";

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
  homes: z.array(ZHomeCompliance.extend({ facilityId: ZId, name: z.string(), goLiveDate: ZGoLiveDate })),
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
  homes: readonly Pick<TReportHomeInput, "id" | "name" | "goLiveDate">[];
  /** Residents in care, staff not terminated and the active homes (as compliance.rules' *Counts). */
  subjects: readonly TComplianceSubject[];
  types: readonly TDocumentTypeLike[];
  /** Every document of those subjects still on file (superseded versions too), with its upload time. */
  documents: readonly TDocumentLike[];
  waivers: TWaivers;
}

type TOpenCounts = z.infer<typeof ZOpenCounts>;

/** Told each counted requirement's status (and expiry, when a document is held) on the last day. */
type TRequirementVisitor = (
  subject: TComplianceSubject,
  type: TDocumentTypeLike,
  status: TComplianceStatus,
  expiry: string | undefined,
) => void;

/**
 * The day a document was on file from: its issue date (the paper existed from then, uploaded or not),
 * else the day it was uploaded.
 */
export function heldFrom(document: Pick<TDocumentLike, "issueDate" | "createdAt">): string {
  return document.issueDate ?? document.createdAt.slice(0, 10);
}

/**
 * The required items missing, expiring and expired on each of `days` (in order), over the homes
 * `counted` keeps: what `complianceOf` counts over the documents held on each day, in one pass per
 * requirement instead of once per day (a year of a large group's months in a tenth of the time).
 * `onLastDay` is told every counted requirement's status on the last of the days.
 */
export function openCountsOn(
  input: TComplianceReportInput,
  days: readonly string[],
  counted: (facilityId: string | null) => boolean,
  today: string,
  onLastDay?: TRequirementVisitor,
): TOpenCounts[] {
  const last = days.length - 1;
  const missing = days.map(() => 0);
  const expiring = days.map(() => 0);
  const expired = days.map(() => 0);
  const fromToday = days.map((day) => day >= today);
  // The first day a document expiring on a day counts as expiring, by lead time and expiry: a group's
  // documents share a few thousand expiry dates, so each is worked out once.
  const expiringFromOf = new Map<number, Map<string, string>>();
  const expiringFrom = (expiry: string, leadTimeDays: number) => {
    let byExpiry = expiringFromOf.get(leadTimeDays);
    if (!byExpiry) expiringFromOf.set(leadTimeDays, (byExpiry = new Map()));
    let from = byExpiry.get(expiry);
    if (from === undefined) byExpiry.set(expiry, (from = addDays(expiry, -leadTimeDays)));
    return from;
  };
  // A document is held on `day` when its issue date, else its upload time, sorts before `day + "~"`
  // ("~" follows the "T" of a time): heldFrom without building a string per document, since this runs
  // over every document of a large group, many times.
  const heldMark = (d: TDocumentLike) => d.issueDate ?? d.createdAt;
  const dayEnds = days.map((day) => `${day}~`);
  // Each person's documents by subject id (no key is built per document; a run of one person's
  // documents, as the server reads them, is looked up once), in the order they were held.
  const docsOf = new Map<string, TDocumentLike[]>();
  let run: TDocumentLike[] = [];
  let runOf: string | undefined;
  for (const doc of input.documents) {
    if (doc.typeId === undefined || doc.archivedAt !== null) continue;
    if (doc.subjectId !== runOf) {
      runOf = doc.subjectId;
      const list = docsOf.get(runOf);
      if (list) run = list;
      else docsOf.set(runOf, (run = []));
    }
    run.push(doc);
  }
  const byHeld = (a: TDocumentLike, b: TDocumentLike) => {
    const x = heldMark(a);
    const y = heldMark(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  for (const list of docsOf.values()) if (list.length > 1) list.sort(byHeld);
  const applicable = applicableTypesLookup(input.types);
  const none: TDocumentLike[] = [];
  for (const subject of input.subjects) {
    if (!counted(subject.facilityId)) continue;
    // The person's documents of each type filed at their home, still in the order they were held.
    const byType = new Map<string, TDocumentLike[]>();
    for (const d of docsOf.get(subject.id) ?? none) {
      if (d.subject !== subject.subject || d.facilityId !== subject.facilityId) continue;
      const list = byType.get(d.typeId!);
      if (list) list.push(d);
      else byType.set(d.typeId!, [d]);
    }
    const waiverPrefix = `${subject.facilityId}|${missingKey(subject.subject, subject.id, "")}`;
    for (const type of applicable(subject.subject, subject.facilityId)) {
      if (!type.required) continue;
      if (input.waivers.has(waiverPrefix + type.id)) continue;
      const docs = byType.get(type.id) ?? none;
      let next = 0;
      let best: TDocumentLike | undefined;
      // The held document's expiry and the first day it counts as expiring (`expiryStatus` as date
      // comparisons), worked out again only when another document is held.
      let judged: TDocumentLike | undefined;
      let expiry: string | undefined;
      let expiringOn = "";
      for (let i = 0; i < days.length; i++) {
        const day = days[i]!;
        const dayEnd = dayEnds[i]!;
        for (; next < docs.length && heldMark(docs[next]!) < dayEnd; next++) {
          const d = docs[next]!;
          if (!best || compareNewest(d, best) > 0) best = d;
        }
        if (subject.startDate !== undefined && subject.startDate > day) continue;
        // From today on, the documents as they are filed now: the current version of each type.
        let held = best;
        if (fromToday[i]) {
          held = undefined;
          for (const d of docs)
            if (d.current && heldMark(d) < dayEnd && (!held || compareNewest(d, held) > 0)) held = d;
        }
        if (held === undefined) {
          missing[i]! += 1;
          if (i === last) onLastDay?.(subject, type, "missing", undefined);
          continue;
        }
        if (held !== judged) {
          judged = held;
          expiry = documentExpiry(type, held);
          if (expiry !== undefined) expiringOn = expiringFrom(expiry, type.leadTimeDays);
        }
        let status: TComplianceStatus = "complete";
        if (expiry === undefined) status = "complete";
        else if (expiry < day) {
          status = "expired";
          expired[i]! += 1;
        } else if (expiringOn <= day) {
          status = "expiring";
          expiring[i]! += 1;
        }
        if (i === last) onLastDay?.(subject, type, status, expiry);
      }
    }
  }
  return days.map((_, i) => ({ missing: missing[i]!, expiring: expiring[i]!, expired: expired[i]! }));
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

export function complianceReportOf(
  input: TComplianceReportInput,
  query: Pick<TReportQuery, "from" | "to" | "today">,
): TComplianceReportAnswer {
  const countedOn = lastCountedDay(query);
  const zero = () => ({ missing: 0, expiring: 0, expired: 0, subjects: 0, withOpenItems: 0 });
  const byHome = new Map(input.homes.map((h) => [h.id, zero()]));
  const total = zero();
  const days = monthsBetween(query.from, query.to).flatMap((month) => {
    const end = addDays(addMonths(`${month}-01`, 1), -1);
    const day = end < countedOn ? end : countedOn;
    // A month still to come has no figures yet.
    return day < `${month}-01` ? [] : [{ month, day }];
  });
  // A home's people count from its go-live date: before it, nothing of theirs was kept in the portal
  // to be missing (a later admission or hire date still counts from itself).
  const goLiveOf = new Map(input.homes.map((h) => [h.id, h.goLiveDate ?? null]));
  const subjects = input.subjects.map((subject) => {
    const goLive = subject.facilityId === null ? null : goLiveOf.get(subject.facilityId);
    return goLive && !(subject.startDate !== undefined && subject.startDate >= goLive)
      ? { ...subject, startDate: goLive }
      : subject;
  });
  // The people's open items on the counted day, from the same pass as the trend (its last day).
  const openOf = new Map<TComplianceSubject, TPerson>();
  const judged = days.length > 0 && days.at(-1)!.day === countedOn ? days : [...days, { month: "", day: countedOn }];
  const counts = openCountsOn(
    { ...input, subjects },
    judged.map((d) => d.day),
    (id) => id !== null && byHome.has(id),
    query.today,
    (subject, type, status, expiry) => {
      if (status === "complete") return;
      let person = openOf.get(subject);
      if (!person) {
        person = {
          subject: subject.subject,
          subjectId: subject.id,
          facilityId: subject.facilityId!,
          name: subject.name,
          status,
          missing: 0,
          expiring: 0,
          expired: 0,
          items: [],
        };
        openOf.set(subject, person);
      }
      person[status] += 1;
      if (SEVERITY[status] > SEVERITY[person.status]) person.status = status;
      person.items.push({
        typeName: type.formCode ? `${type.formCode} ${type.name}` : type.name,
        status,
        ...(expiry ? { expiryDate: expiry } : {}),
      });
    },
  );
  for (const subject of subjects) {
    const home = subject.facilityId === null ? undefined : byHome.get(subject.facilityId);
    if (!home || (subject.startDate !== undefined && subject.startDate > countedOn)) continue;
    const person = openOf.get(subject);
    for (const entry of [home, total]) {
      entry.subjects += 1;
      if (!person) continue;
      entry.missing += person.missing;
      entry.expiring += person.expiring;
      entry.expired += person.expired;
      entry.withOpenItems += 1;
    }
  }
  const people = [...openOf.values()].sort(worstFirst);
  return {
    from: query.from,
    to: query.to,
    countedOn,
    homes: byHomeName(input.homes).map((h) => ({
      facilityId: h.id,
      name: h.name,
      goLiveDate: h.goLiveDate ?? null,
      ...byHome.get(h.id)!,
    })),
    total,
    peopleTotal: people.length,
    people: people.slice(0, MAX_REPORT_PEOPLE),
    months: days.map((d, i) => ({ month: d.month, ...counts[i]! })),
  };
}
