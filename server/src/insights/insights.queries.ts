/**
 * The reads behind the insights endpoints: only the columns the compliance and reminder rules need,
 * one query per table, under the caller's facility access, then the shared rules of @care/core. Kept
 * apart from the generic repository because these answers span five collections at once and must stay
 * fast at thousands of documents per facility.
 */
import { can, documentSubjectsFor } from "@care/core/rules/access.rules";
import type { TReferralRemindersInput } from "@care/core/rules/referral-deadlines.rules";
import {
  OPEN_REFERRAL_STATUSES,
  type TFeeEntryKind,
  type TFeeKind,
  type TReferralStatus,
} from "@care/core/collections/referrals.collection";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { listName } from "@care/core/rules/person-name.rules";
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import type { TResidentStatus } from "@care/core/collections/residents.collection";
import type {
  TComplianceQuery,
  TComplianceReport,
  TRemindersAnswer,
  TRemindersQuery,
} from "@care/core/ports/insights.port";
import {
  complianceOf,
  facilitySubject,
  residentSubject,
  staffSubject,
  type TComplianceSubject,
  type TDocumentLike,
  type TDocumentTypeLike,
} from "@care/core/rules/compliance.rules";
import { answerReminders, deriveReminders, waiversOf } from "@care/core/rules/reminders.rules";
import { DEFAULT_CLEARANCE_REMINDER_DAYS, PORTAL_SETTINGS_ID } from "@care/core/collections/portal-settings.collection";
import type { TClearanceStatus } from "@care/core/collections/staff.collection";
import type { TTrainingCategory } from "@care/core/collections/training.collection";
import { collections, type TRecordOf } from "@care/core/registry";
import { addDays } from "@care/core/rules/date-only.rules";
import type { TStaffRemindersInput } from "@care/core/rules/training.rules";
import { rowMapperOf } from "../collections/row-mappers.ts";
import { comingRotas, MAX_ROTA_REMINDER_HOMES } from "@care/core/insights/schedule-week";
import type { TShiftDuty } from "@care/core/collections/schedules.collection";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { weekDates, weekStartOf } from "@care/core/rules/schedule.rules";
import type { TRotaWeek } from "@care/core/rules/reminders.rules";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import { rowsOf } from "../db/sql-rows.ts";

/** The facilities a question covers: null = every facility (an unrestricted user asking for all). */
export type TFacilityScope = string[] | null;

const COUNTED_RESIDENT_STATUSES: TResidentStatus[] = ["active", "on_leave", "hospital"];

const facilityWhere = (scope: TFacilityScope) => (scope === null ? {} : { facilityId: { in: scope } });

export async function documentTypes(prisma: PrismaClient, subject?: TDocumentSubject): Promise<TDocumentTypeLike[]> {
  const rows = await prisma.documentType.findMany({
    where: { archivedAt: null, ...(subject ? { subject } : {}) },
    select: {
      id: true,
      subject: true,
      name: true,
      formCode: true,
      required: true,
      validityMonths: true,
      leadTimeDays: true,
      facilityIds: true,
      sortOrder: true,
      reappraisal: true,
    },
  });
  return rows.map((r) => ({
    ...r,
    subject: r.subject as TDocumentSubject,
    formCode: r.formCode ?? undefined,
    validityMonths: r.validityMonths ?? undefined,
    archivedAt: null,
  }));
}

/** A current document as the query answers it: [id, subject, subjectId, typeId, issueDate, expiryDate]. */
type TDocumentTuple = [string, TDocumentSubject, string, string, string, string | null, string | null];

/**
 * The current document of each (subject, type) of the scope. PostgreSQL picks it (`DISTINCT ON`, newest
 * by issue date, then upload time, then id — the order of compliance.rules' `currentDocument`, which
 * still runs on the answer), so JavaScript receives at most subjects × types documents however many old
 * versions are still marked current. Sorting with the "C" collation compares bytes like JavaScript's
 * `<` does (ids and YYYY-MM-DD dates are ASCII) and is about twice as fast as the locale collation.
 *
 * This is the biggest read of all (about 12,000 documents for a big facility), so the rows come back as
 * ONE JSON text of arrays, parsed natively: a fifth of the memory the row-by-row answer allocated (Prisma
 * turns each row into an object and each timestamp into a Date), and less time.
 */
async function currentDocuments(
  prisma: PrismaClient,
  scope: TFacilityScope,
  options: { subject?: TDocumentSubject; subjectIds?: string[] } = {},
): Promise<TDocumentLike[]> {
  const [row] = await prisma.$queryRaw<[{ documents: string }]>`
    select coalesce(json_agg(json_build_array(id, subject, "subjectId", "facilityId", "typeId", "issueDate", "expiryDate")), '[]')::text
      as documents
    from (
      select distinct on (subject collate "C", "subjectId" collate "C", "facilityId" collate "C", "typeId" collate "C")
        id, subject, "subjectId", "facilityId", "typeId", "issueDate", "expiryDate"
      from documents
      where "archivedAt" is null and current and "typeId" is not null
      ${scope === null ? Prisma.empty : Prisma.sql`and "facilityId" = any(${scope})`}
      ${options.subject ? Prisma.sql`and subject = ${options.subject}` : Prisma.empty}
      ${options.subjectIds ? Prisma.sql`and "subjectId" = any(${options.subjectIds})` : Prisma.empty}
      order by subject collate "C", "subjectId" collate "C", "facilityId" collate "C", "typeId" collate "C",
        coalesce("issueDate", '') collate "C" desc, "createdAt" desc, id collate "C" desc
    ) current_documents`;
  return (JSON.parse(row.documents) as TDocumentTuple[]).map(
    ([id, subject, subjectId, facilityId, typeId, issueDate, expiryDate]) => ({
      id,
      subject,
      subjectId,
      facilityId,
      typeId,
      issueDate: issueDate ?? undefined,
      expiryDate: expiryDate ?? undefined,
      current: true,
      // Only the rules' tie-break between two current documents of one type reads the upload time, and
      // the query already kept one per type, so it is not fetched (formatting it cost a fifth of the query).
      createdAt: "",
      archivedAt: null,
    }),
  );
}

/** A resident's or staff member's columns as the raw query answers them. */
interface TPersonRow {
  id: string;
  facilityId: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  startDate: string | null;
}

/**
 * Residents in care on `today`, staff not terminated and active facilities of the scope (optionally only some
 * ids). People through plain SQL too: a thousand residents cost the model API several times the query.
 */
export async function subjects(
  prisma: PrismaClient,
  scope: TFacilityScope,
  kinds: readonly TDocumentSubject[],
  today: string,
  options: { subject?: TDocumentSubject; subjectIds?: string[] } = {},
): Promise<TComplianceSubject[]> {
  const wants = (s: TDocumentSubject) => kinds.includes(s) && (options.subject === undefined || options.subject === s);
  const inScope = scope === null ? Prisma.empty : Prisma.sql`and "facilityId" = any(${scope})`;
  const onlyIds = options.subjectIds ? Prisma.sql`and id = any(${options.subjectIds})` : Prisma.empty;
  const [residents, staff, facilities] = await Promise.all([
    wants("resident")
      ? rowsOf<TPersonRow>(
          prisma,
          Prisma.sql`
          select id, "facilityId", "firstName", "lastName", "preferredName", "admissionDate" as "startDate"
          from residents
          where "archivedAt" is null and status = any(${COUNTED_RESIDENT_STATUSES}) ${inScope} ${onlyIds}
            -- The stored status stays a living one until a planned discharge's day: from that day
            -- the resident no longer counts (residentCounts and effectiveStatus in the core rules).
            and ("dischargeDate" is null or "dischargeDate" > ${today})`,
        )
      : [],
    wants("staff")
      ? rowsOf<TPersonRow & { clearanceStatus: TClearanceStatus }>(
          prisma,
          Prisma.sql`
          select id, "facilityId", "firstName", "lastName", "preferredName", "hireDate" as "startDate",
            "clearanceStatus"
          from staff
          where "archivedAt" is null and status <> 'terminated' ${inScope} ${onlyIds}`,
        )
      : [],
    wants("facility")
      ? rowsOf<{ id: string; name: string }>(
          prisma,
          Prisma.sql`
          select id, name from facilities
          where "archivedAt" is null and active
          ${scope === null ? Prisma.empty : Prisma.sql`and id = any(${scope})`} ${onlyIds}`,
        )
      : [],
  ]);
  return [
    ...residents.map((r) => residentSubject({ ...r, admissionDate: r.startDate ?? undefined })),
    ...staff.map((s) => staffSubject({ ...s, hireDate: s.startDate ?? undefined })),
    ...facilities.map(facilitySubject),
  ];
}

/** The compliance of the scope's subjects per document type (InsightsPort.compliance). */
export async function queryComplianceReport(
  prisma: PrismaClient,
  scope: TFacilityScope,
  user: TSessionUser,
  query: TComplianceQuery,
): Promise<TComplianceReport> {
  const options = {
    ...(query.subject ? { subject: query.subject } : {}),
    ...(query.subjectIds ? { subjectIds: query.subjectIds } : {}),
  };
  const [types, people, documents, waivers] = await Promise.all([
    documentTypes(prisma, query.subject),
    subjects(prisma, scope, documentSubjectsFor(user), query.today, options),
    currentDocuments(prisma, scope, options),
    prisma.reminderState.findMany({
      where: { ...facilityWhere(scope), archivedAt: null, state: "waived" },
      select: { facilityId: true, key: true, reason: true },
    }),
  ]);
  return {
    today: query.today,
    subjects: complianceOf(
      people,
      types,
      documents,
      query.today,
      waiversOf(waivers.map((w) => ({ ...w, state: "waived", reason: w.reason ?? undefined }))),
    ),
  };
}

/**
 * The scope's derived reminders with their states applied, answered as groups and one page of items
 * (InsightsPort.derivedReminders).
 */
export async function queryDerivedReminders(
  prisma: PrismaClient,
  scope: TFacilityScope,
  user: TSessionUser,
  query: TRemindersQuery,
): Promise<TRemindersAnswer> {
  const [types, people, documents, accounts, states, homes, staff, rotas, referrals] = await Promise.all([
    documentTypes(prisma),
    subjects(prisma, scope, documentSubjectsFor(user), query.today),
    currentDocuments(prisma, scope),
    // Rent past due is money: only for users who may read rent.
    prisma.rentAccount.findMany({
      where: {
        ...(can(user, "rent", "read") ? {} : { id: { in: [] } }),
        ...facilityWhere(scope),
        archivedAt: null,
        balanceCents: { gt: 0 },
        oldestUnpaidDueDate: { lt: query.today },
        resident: { archivedAt: null },
      },
      select: {
        residentId: true,
        facilityId: true,
        balanceCents: true,
        oldestUnpaidDueDate: true,
        resident: { select: { firstName: true, lastName: true, preferredName: true } },
      },
    }),
    prisma.reminderState.findMany({
      where: { ...facilityWhere(scope), archivedAt: null },
      select: { id: true, version: true, facilityId: true, key: true, state: true, snoozedUntil: true, reason: true },
    }),
    prisma.facility.findMany({
      where: scope === null ? {} : { id: { in: scope } },
      select: { id: true, name: true },
    }),
    staffReminderInput(prisma, scope, user, query.today),
    rotaReminderInput(prisma, scope, user, query.today),
    referralReminderInput(prisma, scope, user),
  ]);
  const all = deriveReminders({
    ...(staff ? { staff } : {}),
    ...(rotas ? { rotas } : {}),
    ...(referrals ? { referrals } : {}),
    today: query.today,
    subjects: people,
    types,
    documents,
    rentAccounts: accounts.map((a) => ({
      residentId: a.residentId,
      facilityId: a.facilityId,
      residentName: listName(a.resident),
      balanceCents: Number(a.balanceCents),
      oldestUnpaidDueDate: a.oldestUnpaidDueDate,
    })),
    states: states.map((s) => ({
      id: s.id,
      version: s.version,
      facilityId: s.facilityId,
      key: s.key,
      state: s.state as "snoozed" | "waived",
      snoozedUntil: s.snoozedUntil ?? undefined,
      reason: s.reason ?? undefined,
    })),
  });
  const names = new Map(homes.map((h) => [h.id, h.name]));
  return answerReminders(all, query, (id) => names.get(id) ?? id);
}

/**
 * What the referral reminders read, with referrals read: the scope's referrals that may owe something —
 * open with a follow-up date, a duplicate or a move-in not yet reported to the agency, or (with Referral
 * fees) an invoice — with the agents' names and windows, and for fee readers the terms and fee entries.
 */
async function referralReminderInput(
  prisma: PrismaClient,
  scope: TFacilityScope,
  user: TSessionUser,
): Promise<Omit<TReferralRemindersInput, "today"> | null> {
  if (!can(user, "referrals", "read")) return null;
  const seesFees = can(user, "fees", "read");
  const invoiced = seesFees
    ? await prisma.referralFee.findMany({
        where: { ...facilityWhere(scope), archivedAt: null },
        select: { id: true, referralId: true, kind: true, date: true, amountCents: true, invoiceNumber: true },
      })
    : [];
  const withInvoice = [...new Set(invoiced.filter((e) => e.kind === "invoice").map((e) => e.referralId))];
  const rows = await prisma.referral.findMany({
    where: {
      ...facilityWhere(scope),
      archivedAt: null,
      OR: [
        { status: { in: [...OPEN_REFERRAL_STATUSES] }, nextFollowUp: { not: null } },
        // Only agencies that set a reporting window are owed a report.
        { duplicateOfId: { not: null }, duplicateReportedOn: null, agent: { duplicateReportDays: { not: null } } },
        { status: "moved_in", moveInReportedOn: null, agent: { moveInReportBusinessDays: { not: null } } },
        ...(withInvoice.length > 0 ? [{ id: { in: withInvoice } }] : []),
      ],
    },
    select: {
      id: true,
      facilityId: true,
      firstName: true,
      lastName: true,
      status: true,
      agentId: true,
      nextFollowUp: true,
      duplicateOfId: true,
      duplicateReportedOn: true,
      moveInDate: true,
      moveInReportedOn: true,
      firstMonthRentCents: true,
      referredOn: true,
    },
  });
  const agentIds = [...new Set(rows.flatMap((r) => (r.agentId ? [r.agentId] : [])))];
  const [agents, terms] = await Promise.all([
    prisma.referralAgent.findMany({
      where: { id: { in: agentIds } },
      select: { id: true, name: true, duplicateReportDays: true, moveInReportBusinessDays: true },
    }),
    seesFees ? prisma.agentFeeTerms.findMany({ where: { agentId: { in: agentIds } } }) : [],
  ]);
  const absent = <T>(value: T | null): T | undefined => value ?? undefined;
  return {
    referrals: rows.map((r) => ({
      ...r,
      status: r.status as TReferralStatus,
      agentId: absent(r.agentId),
      nextFollowUp: absent(r.nextFollowUp),
      duplicateOfId: absent(r.duplicateOfId),
      duplicateReportedOn: absent(r.duplicateReportedOn),
      moveInDate: absent(r.moveInDate),
      moveInReportedOn: absent(r.moveInReportedOn),
      firstMonthRentCents: r.firstMonthRentCents === null ? undefined : Number(r.firstMonthRentCents),
    })),
    agents: agents.map((a) => ({
      id: a.id,
      name: a.name,
      duplicateReportDays: absent(a.duplicateReportDays),
      moveInReportBusinessDays: absent(a.moveInReportBusinessDays),
    })),
    ...(seesFees
      ? {
          fees: {
            terms: terms.map((t) => ({
              agentId: t.agentId,
              kind: t.kind as TFeeKind,
              percentBasisPoints: absent(t.percentBasisPoints),
              flatCents: absent(t.flatCents),
              capCents: absent(t.capCents),
              prorateFirstMonth: t.prorateFirstMonth,
            })),
            entries: invoiced.map((e) => ({
              id: e.id,
              referralId: e.referralId,
              kind: e.kind as TFeeEntryKind,
              date: e.date,
              amountCents: e.amountCents === null ? undefined : Number(e.amountCents),
              invoiceNumber: absent(e.invoiceNumber),
            })),
          },
        }
      : {}),
  };
}

const requirementRows = rowMapperOf("trainingRequirements", collections.trainingRequirements);

/** The longest counting window of a training requirement (two years), with a margin, in days. */
const TRAINING_LOOKBACK_DAYS = 2 * 366 + 31;

/**
 * What the staff reminders read: staff of the scope's homes (their file's home) not terminated, with
 * staff read; the training requirements and the last two years of their ledgers, with schedules (training)
 * read too; and the group's Live Scan reminder days. Null without staff read.
 */
async function staffReminderInput(
  prisma: PrismaClient,
  scope: TFacilityScope,
  user: TSessionUser,
  today: string,
): Promise<Omit<TStaffRemindersInput, "today"> | null> {
  if (!can(user, "staff", "read")) return null;
  const training = can(user, "schedules", "read");
  const [people, requirements, entries, settings] = await Promise.all([
    prisma.staff.findMany({
      where: { ...facilityWhere(scope), archivedAt: null, status: { not: "terminated" } },
      select: {
        id: true,
        facilityId: true,
        firstName: true,
        lastName: true,
        preferredName: true,
        position: true,
        hireDate: true,
        clearanceStatus: true,
        clearanceSubmittedDate: true,
      },
    }),
    training ? prisma.trainingRequirement.findMany({ where: { archivedAt: null }, orderBy: { sortOrder: "asc" } }) : [],
    training
      ? prisma.trainingEntry.findMany({
          where: { ...facilityWhere(scope), archivedAt: null, date: { gte: addDays(today, -TRAINING_LOOKBACK_DAYS) } },
          select: { id: true, staffId: true, date: true, hours: true, category: true, online: true },
        })
      : [],
    prisma.portalSettings.findUnique({ where: { id: PORTAL_SETTINGS_ID }, select: { clearanceReminderDays: true } }),
  ]);
  return {
    staff: people.map((p) => ({
      id: p.id,
      facilityId: p.facilityId,
      name: listName(p),
      position: p.position,
      hireDate: p.hireDate ?? undefined,
      clearanceStatus: p.clearanceStatus as TClearanceStatus,
      clearanceSubmittedDate: p.clearanceSubmittedDate ?? undefined,
    })),
    requirements: requirements.map(
      (row) => requirementRows.toRecord(row) as unknown as TRecordOf<"trainingRequirements">,
    ),
    entries: entries.map((e) => ({ ...e, category: e.category as TTrainingCategory })),
    clearanceReminderDays: settings?.clearanceReminderDays ?? DEFAULT_CLEARANCE_REMINDER_DAYS,
  };
}

/**
 * The coming week's rotas with their errors and coverage gaps, for users who may change rotas: the
 * homes of the scope with at least one shift that week (at most MAX_ROTA_REMINDER_HOMES), their shifts,
 * the same people's shifts in other homes around it, their clearances and the homes' residents.
 */
async function rotaReminderInput(
  prisma: PrismaClient,
  scope: TFacilityScope,
  user: TSessionUser,
  today: string,
): Promise<TRotaWeek[] | null> {
  if (!can(user, "schedules", "write")) return null;
  const weekStart = weekStartOf(addDays(today, 7));
  // The homes keeping their rota here: shifts this week or next (a home with none next week is flagged).
  const planned = await prisma.shift.groupBy({
    by: ["facilityId"],
    where: { ...facilityWhere(scope), date: { gte: addDays(weekStart, -7), lte: addDays(weekStart, 6) } },
  });
  if (planned.length === 0) return [];
  const homes = await prisma.facility.findMany({
    where: { id: { in: planned.map((p) => p.facilityId) }, archivedAt: null },
    select: { id: true, name: true, timeZone: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    take: MAX_ROTA_REMINDER_HOMES,
  });
  const ids = homes.map((h) => h.id);
  const columns = { id: true, facilityId: true, staffId: true, date: true, start: true, end: true, duty: true };
  const shifts = await prisma.shift.findMany({
    where: { facilityId: { in: ids }, date: { in: weekDates(weekStart) } },
    select: columns,
  });
  const staffIds = [...new Set(shifts.map((s) => s.staffId))];
  const [elsewhere, staff, residents, zones] = await Promise.all([
    prisma.shift.findMany({
      where: {
        staffId: { in: staffIds },
        facilityId: { notIn: ids },
        date: { gte: addDays(weekStart, -2), lte: addDays(weekStart, 7) },
      },
      select: columns,
    }),
    prisma.staff.findMany({
      where: { id: { in: staffIds } },
      select: { id: true, hireDate: true, terminationDate: true, clearanceStatus: true },
    }),
    prisma.resident.findMany({
      where: { facilityId: { in: ids }, archivedAt: null },
      select: { facilityId: true, status: true, admissionDate: true, dischargeDate: true, dementia: true },
    }),
    prisma.facility.findMany({ select: { id: true, timeZone: true } }),
  ]);
  const zoneOf = new Map(zones.map((z) => [z.id, z.timeZone]));
  return comingRotas({
    weekStart,
    homes,
    shifts: [...shifts, ...elsewhere].map((s) => ({ ...s, duty: s.duty as TShiftDuty })),
    staff: staff.map((s) => ({
      id: s.id,
      hireDate: s.hireDate ?? undefined,
      terminationDate: s.terminationDate ?? undefined,
      clearanceStatus: s.clearanceStatus as TClearanceStatus,
    })),
    residents: residents.map((r) => ({ ...r, dischargeDate: r.dischargeDate ?? undefined })),
    zoneOf: (id) => zoneOf.get(id) ?? DEFAULT_TIME_ZONE,
  });
}
