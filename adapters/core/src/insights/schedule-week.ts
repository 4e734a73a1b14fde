/**
 * InsightsPort.scheduleWeek from what a backend read: the query checked, then the home's week assembled
 * the same way on every backend — its people (with whether each may work independently, from the
 * training rules), the census of its nights and the checks of `rules/schedule.rules.ts`.
 */
import { AppError } from "../app-error.ts";
import { ZDateOnly, ZId } from "../common.schema.ts";
import type { TRecordOf } from "../registry.ts";
import type { TRotaListing, TRotaMember, TScheduleWeek, TScheduleWeekQuery } from "../ports/insights.port.ts";
import { headingName } from "../rules/person-name.rules.ts";
import {
  checkWeek,
  isNightShift,
  missingNightDocuments,
  nightCensus,
  shiftInstants,
  weekDates,
  weekStartOf,
  type TBusyTime,
  type TCensusResidentLike,
  type TRotaPerson,
  type TRotaStaffLike,
  type TShiftLike,
} from "../rules/schedule.rules.ts";
import type { TRotaWeek } from "../rules/reminders.rules.ts";
import type { TDocumentLike, TDocumentTypeLike } from "../rules/compliance.rules.ts";
import { addDays } from "../rules/date-only.rules.ts";
import { independence, type TTrainingEntryLike, type TTrainingRequirementLike } from "../rules/training.rules.ts";
import { z } from "zod";

const ZScheduleWeekQuery = z.object({
  facilityId: ZId,
  weekStart: ZDateOnly.refine((date) => weekStartOf(date) === date, "A week starts on a Monday"),
});

/** The query, or VALIDATION naming the field. */
export function parseScheduleWeekQuery(raw: unknown): TScheduleWeekQuery {
  const parsed = ZScheduleWeekQuery.safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
    throw new AppError("VALIDATION", "The schedule request is not valid.", { fields });
  }
  return parsed.data;
}

export interface TScheduleWeekParts {
  query: TScheduleWeekQuery;
  timeZone: string;
  /** The home's today, for the training that counts. */
  today: string;
  shifts: TRecordOf<"shifts">[];
  /** Staff working at the home, and anyone a shift of the week names. */
  staff: readonly TRotaStaffLike[];
  requirements: readonly TTrainingRequirementLike[];
  /** The ledgers of those staff. */
  entries: readonly (TTrainingEntryLike & { staffId: string })[];
  residents: readonly TCensusResidentLike[];
  /**
   * The staff document types and those people's current documents, for the night-duty check (first aid,
   * TB screening); absent when the user may not read documents: then not checked.
   */
  nightDocuments?: {
    types: readonly (TDocumentTypeLike & { nightDuty: boolean })[];
    documents: readonly TDocumentLike[];
  };
  busyElsewhere: readonly TBusyTime[];
  /** Compute the checks (for users who may change the rota). */
  withIssues: boolean;
  /**
   * The reader may read staff: the people carry what the checks read of their file (clearance,
   * training, employment dates). Without it they carry their name, position and home alone.
   */
  seesStaffDetails: boolean;
}

export function assembleScheduleWeek(parts: TScheduleWeekParts): TScheduleWeek {
  const { query, timeZone, today } = parts;
  const ledger = new Map<string, TTrainingEntryLike[]>();
  for (const entry of parts.entries) ledger.set(entry.staffId, [...(ledger.get(entry.staffId) ?? []), entry]);
  // The night-duty documents matter only to those on a night shift this week (a backend may read only theirs).
  const nightWorkers = nightWorkersOf(parts.shifts);
  const people: (TRotaListing & TRotaPerson)[] = parts.staff
    .map((s) => ({
      id: s.id,
      name: headingName(s),
      position: s.position,
      homeFacilityId: s.facilityId,
      current: s.status !== "terminated",
      hireDate: s.hireDate,
      terminationDate: s.terminationDate,
      clearanceStatus: s.clearanceStatus,
      mayWorkIndependently: independence(parts.requirements, s, ledger.get(s.id) ?? [], today).may,
      ...(parts.nightDocuments && nightWorkers.has(s.id)
        ? {
            missingForNights: missingNightDocuments(
              parts.nightDocuments.types,
              s,
              parts.nightDocuments.documents,
              addDays(query.weekStart, 6),
            ),
          }
        : {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const census = nightCensus(parts.residents, query.weekStart);
  return {
    facilityId: query.facilityId,
    weekStart: query.weekStart,
    timeZone,
    shifts: parts.shifts,
    people: parts.seesStaffDetails ? people : people.map(rotaListingOf),
    busyElsewhere: [...parts.busyElsewhere],
    census,
    issues: parts.withIssues
      ? checkWeek({
          weekStart: query.weekStart,
          timeZone,
          shifts: parts.shifts,
          busyElsewhere: parts.busyElsewhere,
          people,
          census,
        })
      : [],
  };
}

/**
 * What a reader of the rota without Staff read sees of a colleague: the name and where they work, never
 * their clearance, employment dates, training or missing documents.
 */
export function rotaListingOf(member: TRotaMember): TRotaListing {
  const { id, name, position, homeFacilityId, current } = member;
  return { id, name, position, homeFacilityId, current };
}

/**
 * A rota member with what the checks read of their staff file (a Staff reader's answer); false for a
 * listing alone, which no check may count as cleared.
 */
export function withStaffDetails(member: TRotaMember): member is TRotaListing & TRotaPerson {
  return member.clearanceStatus !== undefined && member.mayWorkIndependently !== undefined;
}

/** The people on a night shift among a week's shifts: the only ones the night-duty documents are read for. */
export function nightWorkersOf(shifts: readonly Pick<TShiftLike, "staffId" | "start" | "end">[]): Set<string> {
  return new Set(shifts.filter((s) => isNightShift(s)).map((s) => s.staffId));
}

/** The days whose shifts may overlap a week (a night reaches in from the day before; two for DST). */
export function busyWindow(weekStart: string): { from: string; to: string } {
  return { from: addDays(weekStart, -2), to: addDays(weekStart, 7) };
}

/**
 * The shifts of other homes within a week's window as busy time: who and when, never the shift's id or
 * its note, and the home's name only where `seenName` gives it (the user may see that home). Every
 * backend answers the double-booking check's "elsewhere" with this.
 */
export function busyTimeElsewhere(
  facilityId: string,
  weekStart: string,
  shifts: readonly Pick<TRecordOf<"shifts">, "staffId" | "facilityId" | "date" | "start" | "end">[],
  timeZoneOf: (facilityId: string) => string,
  seenName: (facilityId: string) => string | undefined,
): TBusyTime[] {
  const { from, to } = busyWindow(weekStart);
  return shifts
    .filter((s) => s.facilityId !== facilityId && s.date >= from && s.date <= to)
    .map((s) => {
      const home = seenName(s.facilityId);
      return { staffId: s.staffId, ...shiftInstants(s, timeZoneOf(s.facilityId)), ...(home ? { home } : {}) };
    });
}

/** At most this many homes' coming weeks are checked for the reminders (each check costs a few ms). */
export const MAX_ROTA_REMINDER_HOMES = 20;

/**
 * The coming week's rota of each home given (the homes keeping their rota in the portal), with its errors
 * and coverage gaps, for the derived reminders. People's training is left out (supervision is a warning, not asked
 * here); `shifts` are every shift of these homes' week and the same people's in other homes around it.
 */
export function comingRotas(parts: {
  weekStart: string;
  homes: readonly { id: string; name: string; timeZone: string }[];
  shifts: readonly (TShiftLike & { facilityId: string })[];
  staff: readonly Omit<TRotaStaffLike, "firstName" | "lastName" | "position" | "status" | "facilityId">[];
  residents: readonly (TCensusResidentLike & { facilityId: string })[];
  zoneOf: (facilityId: string) => string;
}): TRotaWeek[] {
  const { weekStart } = parts;
  const dates = new Set(weekDates(weekStart));
  const people = parts.staff.map((s) => ({ ...s, name: "", mayWorkIndependently: true }));
  return parts.homes.flatMap((home) => {
    const mine = parts.shifts.filter((s) => s.facilityId === home.id && dates.has(s.date));
    const staffIds = new Set(mine.map((s) => s.staffId));
    const busyElsewhere = parts.shifts
      .filter((s) => s.facilityId !== home.id && staffIds.has(s.staffId))
      .map((s) => ({ staffId: s.staffId, ...shiftInstants(s, parts.zoneOf(s.facilityId)) }));
    const issues = checkWeek({
      weekStart,
      timeZone: home.timeZone,
      shifts: mine,
      busyElsewhere,
      people: people.filter((p) => staffIds.has(p.id)),
      census: nightCensus(
        parts.residents.filter((r) => r.facilityId === home.id),
        weekStart,
      ),
    }).filter((i) => i.severity !== "warning");
    return [{ facilityId: home.id, facilityName: home.name, weekStart, issues }];
  });
}
