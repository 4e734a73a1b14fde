/**
 * The InsightsPort for backends without a server of their own (memory, firebase): reads the records
 * through the DataPort, which already applies the user's facility access, and runs the shared rules.
 * The http backend computes the same answers on the server instead.
 */
import { listName } from "../rules/person-name.rules.ts";
import type { DataPort } from "../ports/data.port.ts";
import { AppError } from "../app-error.ts";
import type { AuthPort, TSessionUser } from "../ports/auth.port.ts";
import {
  assertCan,
  can,
  canSeeFacility,
  documentSubjectsFor,
  facilitiesOfRecord,
  seesPublishedOnly,
} from "../rules/access.rules.ts";
import { weekDates, weekStartOf, type TBusyTime } from "../rules/schedule.rules.ts";
import {
  assembleScheduleWeek,
  busyTimeElsewhere,
  comingRotas,
  MAX_ROTA_REMINDER_HOMES,
  parseScheduleWeekQuery,
} from "./schedule-week.ts";
import { DEFAULT_TIME_ZONE } from "../common.schema.ts";
import {
  hasProspectKeys,
  parseReferralMatchesQuery,
  referralMatchesOf,
  type TReferralMatches,
  type TReferralMatchesQuery,
} from "../rules/referral-matches.rules.ts";
import {
  agentStatsOf,
  parseAgentStatsQuery,
  parseSourceStatsQuery,
  sourceStatsOf,
  type TAgentStats,
  type TAgentStatsQuery,
  type TSourceStats,
  type TSourceStatsQuery,
} from "../rules/referral-stats.rules.ts";
import type { TReferralRemindersInput } from "../rules/referral-deadlines.rules.ts";
import { OPEN_REFERRAL_STATUSES } from "../collections/referrals.collection.ts";
import type { TRotaWeek } from "../rules/reminders.rules.ts";
import type {
  InsightsPort,
  TComplianceQuery,
  TComplianceReport,
  TFacilityStats,
  TFacilityStatsQuery,
  TRemindersAnswer,
  TRemindersQuery,
  TResidentMatches,
  TResidentMatchesQuery,
  TScheduleWeek,
  TScheduleWeekQuery,
} from "../ports/insights.port.ts";
import type { TDocumentSubject } from "../collections/documents.collection.ts";
import { listAll } from "../list-all.ts";
import { dataPortReport } from "../reports/data-port-reports.ts";
import { MAX_IN_VALUES, type TFilterValue } from "../list-query.ts";
import { collections, type TCollectionName, type TRecordOf } from "../registry.ts";
import {
  complianceByHome,
  complianceOf,
  facilityCounts,
  facilitySubject,
  residentCounts,
  residentSubject,
  staffCounts,
  staffSubject,
  type TComplianceSubject,
} from "../rules/compliance.rules.ts";
import { answerReminders, deriveReminders, waiversOf } from "../rules/reminders.rules.ts";
import {
  parseComplianceQuery,
  parseFacilityStatsQuery,
  parseRemindersQuery,
  parseResidentMatchesQuery,
} from "./insights-query.schema.ts";
import { sameResident } from "../rules/resident-matches.rules.ts";
import { censusByHome, LIVING_STATUSES } from "../rules/census.rules.ts";
import { addDays, todayIn } from "../rules/date-only.rules.ts";
import { DEFAULT_CLEARANCE_REMINDER_DAYS, PORTAL_SETTINGS_ID } from "../collections/portal-settings.collection.ts";
import type { TStaffRemindersInput } from "../rules/training.rules.ts";

type TWhere = Record<string, TFilterValue | TFilterValue[]>;

/** Every record whose `field` is one of `values`, asked in chunks of the one-of limit (30). */
async function listOneOf<N extends TCollectionName>(
  data: DataPort,
  collection: N,
  field: string,
  values: readonly string[],
  where: TWhere = {},
): Promise<TRecordOf<N>[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < values.length; i += MAX_IN_VALUES) chunks.push(values.slice(i, i + MAX_IN_VALUES));
  const pages = await Promise.all(
    chunks.map((chunk) => listAll(data, collection, { where: { ...where, [field]: chunk } })),
  );
  // A record shown in several homes (a staff member's other homes) may match more than one chunk.
  return [...new Map(pages.flat().map((record) => [record.id, record])).values()];
}

/**
 * Is a staff member's file (documents, training) kept in the homes asked about? Their home facility
 * keeps it; the other homes they work at list them but do not count their paperwork.
 */
function fileKeptIn(user: TSessionUser, member: { facilityId: string }, facilityId: string | undefined): boolean {
  return facilityId ? member.facilityId === facilityId : canSeeFacility(user, member.facilityId);
}

/** Someone a shift names whom the user may not read (no staff permission on this backend). */
const UNNAMED_COLLEAGUE = {
  firstName: "Colleague",
  lastName: "",
  position: "other",
  status: "active",
  clearanceStatus: "cleared",
} as const;

/** The longest counting window of a training requirement (two years), with a margin, in days. */
const TRAINING_LOOKBACK_DAYS = 2 * 366 + 31;

/**
 * What the staff reminders read (as the server does): staff whose file the homes keep, not terminated;
 * with training read, the requirements and the last two years of the ledgers; the group's Live Scan days.
 */
async function staffReminderInput(
  data: DataPort,
  user: TSessionUser,
  facilityId: string | undefined,
  today: string,
): Promise<Omit<TStaffRemindersInput, "today">> {
  const byFacility: TWhere = facilityId ? { facilityId } : {};
  const training = can(user, "schedules", "read");
  const [staff, requirements, entries, settings] = await Promise.all([
    listAll(data, "staff", { where: { ...byFacility, status: ["active", "on_leave"] } }),
    training ? listAll(data, "trainingRequirements") : [],
    training ? listAll(data, "trainingEntries", { where: byFacility }) : [],
    data.get("portalSettings", PORTAL_SETTINGS_ID).catch(() => null),
  ]);
  const since = addDays(today, -TRAINING_LOOKBACK_DAYS);
  return {
    staff: staff.filter((s) => fileKeptIn(user, s, facilityId)).map((s) => ({ ...s, name: listName(s) })),
    requirements,
    entries: entries.filter((e) => e.date >= since),
    clearanceReminderDays: settings?.clearanceReminderDays ?? DEFAULT_CLEARANCE_REMINDER_DAYS,
  };
}

/**
 * The coming week's rotas of the homes asked about (as the server does, within what this user may read:
 * other homes' shifts they cannot see are not busy time here).
 */
async function rotaReminderInput(
  data: DataPort,
  homes: readonly { id: string; name: string; timeZone: string }[],
  today: string,
): Promise<TRotaWeek[]> {
  const weekStart = weekStartOf(addDays(today, 7));
  // The homes keeping their rota here: shifts this week or next (a home with none next week is flagged).
  const dates = Array.from({ length: 16 }, (_, i) => addDays(weekStart, i - 7));
  const [thisWeek, around] = await Promise.all([
    listAll(data, "shifts", { where: { date: dates.slice(0, 5) } }),
    listAll(data, "shifts", { where: { date: dates.slice(5) } }),
  ]);
  const shifts = around.filter((s) => s.date >= addDays(weekStart, -2));
  const planned = new Set(
    [...thisWeek, ...around].filter((s) => s.date < addDays(weekStart, 7)).map((s) => s.facilityId),
  );
  const chosen = homes.filter((h) => planned.has(h.id)).slice(0, MAX_ROTA_REMINDER_HOMES);
  if (chosen.length === 0) return [];
  const staffIds = [...new Set(shifts.filter((s) => chosen.some((h) => h.id === s.facilityId)).map((s) => s.staffId))];
  const [staff, residents, all] = await Promise.all([
    Promise.all(staffIds.map((id) => data.get("staff", id).catch(() => null))).then((found) =>
      found.filter((s) => s !== null),
    ),
    listOneOf(
      data,
      "residents",
      "facilityId",
      chosen.map((h) => h.id),
    ).catch(() => []),
    listAll(data, "facilities"),
  ]);
  const zoneOf = new Map(all.map((f) => [f.id, f.timeZone]));
  return comingRotas({
    weekStart,
    homes: chosen,
    shifts,
    staff,
    residents,
    zoneOf: (id) => zoneOf.get(id) ?? DEFAULT_TIME_ZONE,
  });
}

/**
 * What the referral reminders read through the DataPort: the open referrals (follow-ups), those moved in
 * or linked as duplicates (reports to agencies), the agents, and for fee readers the fee terms and entries.
 */
async function referralReminderInput(
  data: DataPort,
  me: TSessionUser,
  byFacility: TWhere,
): Promise<Omit<TReferralRemindersInput, "today">> {
  const seesFees = can(me, "fees", "read");
  const [open, movedIn, linked, agents, terms, entries] = await Promise.all([
    listAll(data, "referrals", {
      where: { ...byFacility, status: [...OPEN_REFERRAL_STATUSES] },
    }),
    listAll(data, "referrals", { where: { ...byFacility, status: "moved_in" } }),
    listAll(data, "referrals", { where: { ...byFacility, status: ["lost", "declined"] } }),
    listAll(data, "referralAgents", { includeArchived: true }),
    seesFees ? listAll(data, "agentFeeTerms") : [],
    seesFees ? listAll(data, "referralFees", { where: byFacility }) : [],
  ]);
  return {
    // Closed referrals owe something only when linked as a duplicate (the agency still must be told).
    referrals: [...open, ...movedIn, ...linked.filter((r) => r.duplicateOfId && !r.duplicateReportedOn)],
    agents,
    ...(seesFees ? { fees: { terms, entries } } : {}),
  };
}

/** The facilities the question is about: the one asked for (NOT_FOUND when out of reach) or every visible one. */
async function facilitiesOf(data: DataPort, facilityId: string | undefined): Promise<TRecordOf<"facilities">[]> {
  if (facilityId) return [await data.get("facilities", facilityId)];
  return listAll(data, "facilities");
}

export interface TDataPortInsightsOptions {
  /**
   * The week's people's shifts in the group's other homes as busy time, read by a trusted party (a Cloud
   * Function, the memory backend) because the user may not read those homes. Without it, only the homes
   * the user may read count for the double-booking check.
   */
  busyElsewhere?: (query: TScheduleWeekQuery) => Promise<TBusyTime[]>;
  /**
   * The group-wide duplicate check of referrals, answered by a trusted party (a Cloud Function, the memory
   * backend) that reads every home. Without it, only the user's homes are checked.
   */
  referralMatches?: (query: TReferralMatchesQuery) => Promise<TReferralMatches>;
}

/**
 * The insights computed in the client from the records the signed-in user may read (memory and
 * firebase): what their role may not read is left out, as the server leaves it out.
 */
export function createDataPortInsights(
  data: DataPort,
  auth: Pick<AuthPort, "current">,
  options: TDataPortInsightsOptions = {},
): InsightsPort {
  const user = (): TSessionUser => {
    const current = auth.current();
    if (!current) throw new AppError("UNAUTHENTICATED", "Please sign in.");
    return current;
  };
  return {
    report: (kind, query) => dataPortReport(data, user(), kind, query),

    async compliance(raw: TComplianceQuery): Promise<TComplianceReport> {
      const query = parseComplianceQuery(raw);
      const { facilityId, today } = query;
      const kinds = documentSubjectsFor(user());
      if (kinds.length === 0) return { today, subjects: [] };
      const wants = (q: { subject?: TDocumentSubject }, subject: TDocumentSubject) =>
        kinds.includes(subject) && (q.subject === undefined || q.subject === subject);
      const byFacility: TWhere = facilityId ? { facilityId } : {};
      const ids = query.subjectIds ? new Set(query.subjectIds) : null;
      const [types, facilities, states, residents, staff] = await Promise.all([
        listAll(data, "documentTypes"),
        facilitiesOf(data, facilityId),
        listAll(data, "reminderStates", { where: byFacility }),
        wants(query, "resident")
          ? listAll(data, "residents", { where: { ...byFacility, status: ["active", "on_leave", "hospital"] } })
          : [],
        wants(query, "staff")
          ? listAll(data, "staff", { where: { ...byFacility, status: ["active", "on_leave"] } })
          : [],
      ]);
      const subjects: TComplianceSubject[] = [
        ...residents.filter((r) => residentCounts(r, today)).map(residentSubject),
        ...staff.filter((s) => fileKeptIn(user(), s, facilityId) && staffCounts(s)).map(staffSubject),
        ...(wants(query, "facility") ? facilities.filter(facilityCounts).map(facilitySubject) : []),
      ].filter((s) => !ids || ids.has(s.id));
      const documentWhere: TWhere = {
        ...byFacility,
        current: true,
        ...(query.subject ? { subject: query.subject } : {}),
      };
      const documents = ids
        ? await listOneOf(data, "documents", "subjectId", [...ids], documentWhere)
        : await listAll(data, "documents", { where: documentWhere });
      return { today, subjects: complianceOf(subjects, types, documents, today, waiversOf(states)) };
    },

    async facilityStats(raw: TFacilityStatsQuery): Promise<TFacilityStats[]> {
      const { facilityIds } = parseFacilityStatsQuery(raw);
      const asked = facilityIds ? new Set(facilityIds) : null;
      const homes = (await listAll(data, "facilities")).filter((f) => !asked || asked.has(f.id));
      const ids = homes.map((f) => f.id);
      if (ids.length === 0) return [];
      const todayOf = new Map(homes.map((f) => [f.id, todayIn(f.timeZone)]));
      const me = user();
      const seesResidents = can(me, "residents", "read");
      const seesStaff = can(me, "staff", "read");
      const seesDocuments = can(me, "documents", "read");
      const [residents, staff] = await Promise.all([
        seesResidents ? listOneOf(data, "residents", "facilityId", ids, { status: [...LIVING_STATUSES] }) : [],
        seesStaff ? listOneOf(data, "staff", "facilityId", ids, { status: ["active", "on_leave"] }) : [],
      ]);
      // Compliance of each home on its own today (homes sharing a time zone share one question).
      const zones = seesDocuments ? [...new Set(homes.map((f) => f.timeZone))] : [];
      const reports = await Promise.all(
        zones.map((zone) => this.compliance({ today: todayIn(zone) }).then((r) => ({ zone, r }))),
      );
      const zoneOf = new Map(homes.map((f) => [f.id, f.timeZone]));
      const compliance = complianceByHome(
        reports.flatMap(({ zone, r }) =>
          r.subjects.filter((s) => s.facilityId !== null && zoneOf.get(s.facilityId) === zone),
        ),
      );
      const census = censusByHome(residents, (id) => todayOf.get(id) ?? "");
      return homes.map((f) => ({
        facilityId: f.id,
        census: seesResidents ? (census.get(f.id)?.census ?? 0) : null,
        plannedMoveIns: seesResidents ? (census.get(f.id)?.plannedMoveIns ?? 0) : null,
        staff: seesStaff ? staff.filter((s) => facilitiesOfRecord(collections.staff, s).includes(f.id)).length : null,
        compliance: seesDocuments
          ? (compliance.get(f.id) ?? {
              status: "complete",
              counts: { complete: 0, missing: 0, expiring: 0, expired: 0 },
            })
          : null,
      }));
    },

    async scheduleWeek(raw: TScheduleWeekQuery): Promise<TScheduleWeek> {
      const query = parseScheduleWeekQuery(raw);
      const me = assertCan(user(), "schedules", "read");
      const home = await data.get("facilities", query.facilityId);
      const timeZone = home.timeZone;
      const dates = weekDates(query.weekStart);
      const publishedOnly = seesPublishedOnly(me, collections.shifts);
      // Without staff (or residents) read, this backend cannot read them: the people are then only those
      // the shifts name, unnamed, and the nights uncounted (the server reads them for every rota reader).
      const seesStaff = can(me, "staff", "read");
      const [shifts, working, residents, requirements] = await Promise.all([
        listAll(data, "shifts", { where: { facilityId: query.facilityId, date: dates } }),
        seesStaff
          ? listAll(data, "staff", { where: { facilityId: query.facilityId, status: ["active", "on_leave"] } })
          : [],
        can(me, "residents", "read") ? listAll(data, "residents", { where: { facilityId: query.facilityId } }) : [],
        listAll(data, "trainingRequirements"),
      ]);
      const known = new Set(working.map((s) => s.id));
      const named = [...new Set(shifts.map((s) => s.staffId))].filter((id) => !known.has(id));
      const others = await Promise.all(
        named.map((id) =>
          seesStaff
            ? data.get("staff", id).catch(() => null)
            : { ...UNNAMED_COLLEAGUE, id, facilityId: query.facilityId },
        ),
      );
      const staff = [...working, ...others.filter((s) => s !== null)];
      const ids = staff.map((s) => s.id);
      // Only the homes this user may read are seen here; the server sees every home's busy time.
      const seesDocuments = !publishedOnly && can(me, "documents", "read");
      const [entries, elsewhere, homes, types, documents] = await Promise.all([
        seesStaff ? listOneOf(data, "trainingEntries", "staffId", ids) : [],
        publishedOnly || options.busyElsewhere ? [] : listOneOf(data, "shifts", "staffId", ids),
        listAll(data, "facilities"),
        seesDocuments ? listAll(data, "documentTypes", { where: { subject: "staff" } }) : [],
        seesDocuments ? listOneOf(data, "documents", "subjectId", ids, { subject: "staff", current: true }) : [],
      ]);
      const zoneOf = new Map(homes.map((f) => [f.id, f.timeZone]));
      // The homes listed are those the user may see: their names may be given.
      const nameOf = new Map(homes.map((f) => [f.id, f.name]));
      const busy = publishedOnly
        ? []
        : options.busyElsewhere
          ? await options.busyElsewhere(query)
          : busyTimeElsewhere(
              query.facilityId,
              query.weekStart,
              elsewhere,
              (id) => zoneOf.get(id) ?? timeZone,
              (id) => nameOf.get(id),
            );
      return assembleScheduleWeek({
        query,
        timeZone,
        today: todayIn(timeZone),
        shifts: [...shifts].sort(
          (a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id.localeCompare(b.id),
        ),
        staff,
        requirements,
        entries,
        residents,
        ...(seesDocuments ? { nightDocuments: { types, documents } } : {}),
        busyElsewhere: busy,
        withIssues: !publishedOnly,
        seesStaffDetails: seesStaff,
      });
    },

    async residentMatches(raw: TResidentMatchesQuery): Promise<TResidentMatches> {
      const query = parseResidentMatchesQuery(raw);
      // The admission and edit forms' check: whoever may write residents asks it.
      assertCan(user(), "residents", "write");
      // Only the user's homes are readable here; other homes' matches are the server's to count.
      const residents = await listAll(data, "residents", { search: query.lastName });
      return {
        matches: residents
          .filter((r) => r.id !== query.excludeId && sameResident(r, query))
          .map((r) => ({ id: r.id, facilityId: r.facilityId, name: listName(r), status: r.status })),
        elsewhere: 0,
      };
    },

    async referralMatches(raw: TReferralMatchesQuery): Promise<TReferralMatches> {
      const keys = parseReferralMatchesQuery(raw);
      assertCan(user(), "referrals", "read");
      if (!hasProspectKeys(keys)) return { matches: [], elsewhere: [] };
      if (options.referralMatches) return options.referralMatches(raw);
      const [referrals, facilities, agents] = await Promise.all([
        listAll(data, "referrals"),
        listAll(data, "facilities"),
        listAll(data, "referralAgents", { includeArchived: true }),
      ]);
      const homes = new Map(facilities.map((f) => [f.id, f]));
      const agentNames = new Map(agents.map((a) => [a.id, a.name]));
      return referralMatchesOf(referrals, keys, {
        canSee: () => true,
        facility: (id) => homes.get(id),
        agentName: (id) => agentNames.get(id),
      });
    },

    async agentStats(raw: TAgentStatsQuery): Promise<TAgentStats[]> {
      const query = parseAgentStatsQuery(raw);
      const me = assertCan(user(), "referrals", "read");
      const seesFees = can(me, "fees", "read");
      const [referrals, fees, terms] = await Promise.all([
        listOneOf(data, "referrals", "agentId", query.agentIds),
        seesFees ? listOneOf(data, "referralFees", "agentId", query.agentIds) : null,
        seesFees ? listOneOf(data, "agentFeeTerms", "agentId", query.agentIds) : [],
      ]);
      return agentStatsOf(query.agentIds, referrals, fees, query.year, { terms, moveIns: referrals });
    },

    async sourceStats(raw: TSourceStatsQuery): Promise<TSourceStats[]> {
      const { facilityId } = parseSourceStatsQuery(raw);
      const me = assertCan(user(), "referrals", "read");
      if (facilityId) await data.get("facilities", facilityId);
      const byFacility: TWhere = facilityId ? { facilityId } : {};
      const [referrals, fees] = await Promise.all([
        listAll(data, "referrals", { where: byFacility }),
        can(me, "fees", "read") ? listAll(data, "referralFees", { where: byFacility }) : null,
      ]);
      const paid = fees?.filter((f) => f.kind === "payment").reduce((sum, f) => sum + (f.amountCents ?? 0), 0);
      return sourceStatsOf(referrals, paid ?? null);
    },

    async derivedReminders(raw: TRemindersQuery): Promise<TRemindersAnswer> {
      const query = parseRemindersQuery(raw);
      const { facilityId, today } = query;
      const byFacility: TWhere = facilityId ? { facilityId } : {};
      // Only what the role may read: paperwork of the people it sees, rent past due with rent read.
      const me = user();
      const kinds = documentSubjectsFor(me);
      const seesRent = can(me, "rent", "read") && can(me, "residents", "read");
      const [types, facilities, residents, staff, documents, accounts, states] = await Promise.all([
        listAll(data, "documentTypes"),
        facilitiesOf(data, facilityId),
        // Every resident, for the names on rent past due; only those in care count for documents.
        kinds.includes("resident") || seesRent ? listAll(data, "residents", { where: byFacility }) : [],
        kinds.includes("staff")
          ? listAll(data, "staff", { where: { ...byFacility, status: ["active", "on_leave"] } })
          : [],
        kinds.length > 0 ? listAll(data, "documents", { where: { ...byFacility, current: true } }) : [],
        seesRent ? listAll(data, "rentAccounts", { where: byFacility }) : [],
        listAll(data, "reminderStates", { where: byFacility }),
      ]);
      const names = new Map(residents.map((r) => [r.id, listName(r)]));
      const homeNames = new Map(facilities.map((f) => [f.id, f.name]));
      const [staffInput, rotas, referrals] = await Promise.all([
        can(me, "staff", "read") ? staffReminderInput(data, me, facilityId, today) : null,
        can(me, "schedules", "write") ? rotaReminderInput(data, facilities, today) : null,
        can(me, "referrals", "read") ? referralReminderInput(data, me, byFacility) : null,
      ]);
      const all = deriveReminders({
        ...(staffInput ? { staff: staffInput } : {}),
        ...(rotas ? { rotas } : {}),
        ...(referrals ? { referrals } : {}),
        today,
        subjects: [
          ...(kinds.includes("resident") ? residents.filter((r) => residentCounts(r, today)).map(residentSubject) : []),
          ...staff.filter((s) => fileKeptIn(me, s, facilityId) && staffCounts(s)).map(staffSubject),
          ...(kinds.includes("facility") ? facilities.filter(facilityCounts).map(facilitySubject) : []),
        ],
        types,
        documents,
        rentAccounts: accounts.flatMap((a) => {
          const residentName = names.get(a.residentId);
          return residentName ? [{ ...a, residentName }] : [];
        }),
        states,
      });
      return answerReminders(all, query, (id) => homeNames.get(id) ?? id);
    },
  };
}
