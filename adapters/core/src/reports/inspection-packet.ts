/**
 * The inspection packet of one home: what a licensing visit asks for, on paper in one click — every
 * resident's and staff member's required documents with their status and dates, the home's own papers
 * (license, fire clearance… as its documents checklist knows them), staff criminal record
 * clearances and TB screening, training against the requirements, the night coverage of the next four
 * weeks against Title 22 §87415 (§87705 with dementia), and the home's personnel in the shape of the
 * state's LIC 500 Personnel Report. Assembled from answers every backend already gives (compliance,
 * the training report, the schedule weeks) and the home's people, by this pure function.
 */
import type { TArea } from "../collections/areas.ts";
import type { TClearanceStatus } from "../collections/staff.collection.ts";
import type { TComplianceReport, TComplianceStatus, TScheduleWeek } from "../ports/insights.port.ts";
import { withStaffDetails } from "../insights/schedule-week.ts";
import { addDays, wallClockInstant, wallClockOf } from "../rules/date-only.rules.ts";
import { listName } from "../rules/person-name.rules.ts";
import {
  checkWeek,
  coversHome,
  nightRequirement,
  nightShortfall,
  shiftHours,
  shiftInstants,
  weekStartOf,
  type TScheduleIssue,
} from "../rules/schedule.rules.ts";
import type { TReportStaff, TTrainingReport } from "./training.report.ts";

/** The areas a role reads to open a packet. */
export const PACKET_NEEDS: readonly TArea[] = ["reports", "residents", "staff", "documents", "schedules"];

/** The nights a packet looks ahead: four weeks from today. */
export const PACKET_NIGHTS = 28;

/** The Mondays of the weeks the packet's nights fall in (today's week and the next four). */
export function packetWeeks(today: string): string[] {
  const first = weekStartOf(today);
  return Array.from({ length: 5 }, (_, i) => addDays(first, 7 * i)).filter(
    (w) => w <= addDays(today, PACKET_NIGHTS - 1),
  );
}

/** A required document as the packet lists it. */
export interface TPacketItem {
  typeName: string;
  status: TComplianceStatus;
  expiryDate?: string;
  waiverReason?: string;
}

/**
 * A night not covered as §87415 asks: the schedule rule's issue (its night, times, rule and what the
 * night needs) and what is missing, a line per stretch of the night: "nobody on duty", or
 * "00:00–06:00: nobody awake" when it changes during the night.
 */
export type TPacketNightGap = TScheduleIssue & { missing: string[] };

export interface TInspectionPacket {
  home: {
    id: string;
    name: string;
    licenseNumber?: string | undefined;
    address?: string | undefined;
    administrator?: string | undefined;
    licensedCapacity?: number | undefined;
  };
  today: string;
  /** The last night checked. */
  through: string;
  /** The home's own required documents (its license, fire clearance…), as its documents checklist judges them. */
  homeDocuments: { status: TComplianceStatus; items: TPacketItem[] };
  residents: {
    id: string;
    name: string;
    room?: string | undefined;
    admissionDate: string;
    status: TComplianceStatus;
    items: TPacketItem[];
  }[];
  staff: {
    id: string;
    name: string;
    position: string;
    hireDate?: string | undefined;
    clearanceStatus: TClearanceStatus;
    clearanceDate?: string | undefined;
    /** The TB screening (or health screening with TB) requirement, when the home requires one. */
    tb: TPacketItem | null;
    status: TComplianceStatus;
    items: TPacketItem[];
    /** Training requirements short or overdue: "Annual training: 12 of 20 h (overdue)". */
    trainingShort: string[];
  }[];
  nights: { checked: number; gaps: TPacketNightGap[] };
  /** Shifts of the period published over a missing clearance: who, when, the override's reason. */
  overrides: {
    shiftId: string;
    name: string;
    date: string;
    start: string;
    end: string;
    reason: string;
    by?: string | undefined;
    at?: string | undefined;
  }[];
  /** LIC 500: everyone working at the home, with their scheduled hours of the four weeks. */
  personnel: {
    id: string;
    name: string;
    position: string;
    hireDate?: string | undefined;
    hoursScheduled: number;
    /** The shift they work most often, "07:00–15:00". */
    usualShift: string | null;
    clearanceStatus: TClearanceStatus;
    /** Their TB screening, when their file is kept here and the home requires one. */
    tb: TPacketItem | null;
  }[];
}

export interface TInspectionPacketInput {
  home: TInspectionPacket["home"] & { timeZone: string };
  today: string;
  residents: readonly {
    id: string;
    firstName: string;
    lastName: string;
    preferredName?: string | null | undefined;
    room?: string | null | undefined;
    admissionDate: string;
  }[];
  /** Everyone working at the home (their own staff and those of other homes who also work here). */
  staff: readonly (TReportStaff & {
    clearanceStatus: TClearanceStatus;
    clearanceDate?: string | null | undefined;
  })[];
  compliance: TComplianceReport;
  training: TTrainingReport;
  weeks: readonly TScheduleWeek[];
}

const TB = /\bTB\b|tuberculosis|health screening/i;

function itemsOf(requirements: TComplianceReport["subjects"][number]["requirements"]): TPacketItem[] {
  return requirements
    .filter((r) => r.required)
    .map((r) => ({
      typeName: r.formCode ? `${r.formCode} ${r.typeName}` : r.typeName,
      status: r.status,
      ...(r.expiryDate ? { expiryDate: r.expiryDate } : {}),
      ...(r.waiverReason ? { waiverReason: r.waiverReason } : {}),
    }));
}

const byName = <T extends { name: string; id: string }>(a: T, b: T) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;

export function inspectionPacketOf(input: TInspectionPacketInput): TInspectionPacket {
  const { today } = input;
  const through = addDays(today, PACKET_NIGHTS - 1);
  const subjects = new Map(input.compliance.subjects.map((s) => [`${s.subject}|${s.subjectId}`, s]));
  const residents = input.residents
    .filter((r) => r.admissionDate <= today)
    .map((r) => {
      const compliance = subjects.get(`resident|${r.id}`);
      return {
        id: r.id,
        name: listName(r),
        room: r.room ?? undefined,
        admissionDate: r.admissionDate,
        status: compliance?.status ?? ("complete" as const),
        items: itemsOf(compliance?.requirements ?? []),
      };
    })
    .sort(byName);
  const training = new Map(input.training.staff.map((s) => [s.staffId, s]));
  const ownStaff = input.staff.filter((s) => s.facilityId === input.home.id);
  const staff = ownStaff
    .map((s) => {
      const compliance = subjects.get(`staff|${s.id}`);
      const items = itemsOf(compliance?.requirements ?? []);
      return {
        id: s.id,
        name: listName(s),
        position: s.position,
        hireDate: s.hireDate ?? undefined,
        clearanceStatus: s.clearanceStatus,
        clearanceDate: s.clearanceDate ?? undefined,
        tb: items.find((i) => TB.test(i.typeName)) ?? null,
        status: compliance?.status ?? ("complete" as const),
        items,
        trainingShort: (training.get(s.id)?.requirements ?? [])
          .filter((r) => r.state === "short" || r.state === "overdue")
          .map(
            (r) =>
              `${r.name}: ${r.hours} of ${r.required} h, ${r.shortBy} h to go${r.state === "overdue" ? " (overdue)" : ""}`,
          ),
      };
    })
    .sort(byName);

  // The nights of the four weeks, by the schedule rules over each week's shifts and census. A week's
  // check ends at Monday 00:00, so a Sunday night comes in two pieces (one from each week): a night is
  // named by its evening and its pieces joined.
  const nights = new Map<string, TScheduleIssue>();
  // Shifts booked on a night but not counted (no clearance): named on that night's gap, never dropped.
  const notCounted = new Map<string, Set<string>>();
  for (const week of input.weeks)
    for (const issue of checkWeek({
      weekStart: week.weekStart,
      timeZone: week.timeZone,
      shifts: week.shifts,
      busyElsewhere: [],
      people: week.people.filter(withStaffDetails),
      census: week.census,
    })) {
      if (issue.code === "not-counted" && issue.date !== undefined && issue.from !== undefined) {
        const night = issue.from < "12:00" ? addDays(issue.date, -1) : issue.date;
        notCounted.set(night, (notCounted.get(night) ?? new Set()).add(issue.message.replace(` ${issue.date} `, " ")));
      }
      if (issue.code !== "night-rule" || issue.date === undefined || issue.from === undefined) continue;
      const morning = issue.from < "12:00";
      const night = morning ? addDays(issue.date, -1) : issue.date;
      if (night < today || night > through) continue;
      const known = nights.get(night);
      if (!known) nights.set(night, { ...issue, date: night });
      else if (morning) known.to = issue.to;
      else known.from = issue.from;
    }
  const onDuty = nightStaffing(input.weeks);
  const gaps = [...nights.values()]
    .sort((a, b) => (a.date! < b.date! ? -1 : 1))
    .map((gap) => ({ ...gap, missing: [...onDuty.missing(gap), ...(notCounted.get(gap.date!) ?? [])] }));
  // A week's answer starts the day before it (its first night reaches in): each shift once.
  const shifts = [
    ...new Map(
      input.weeks.flatMap((w) =>
        w.shifts
          .filter((s) => s.date >= today && s.date <= through)
          .map((s) => [s.id, { ...s, timeZone: w.timeZone }] as const),
      ),
    ).values(),
  ];
  const tbOf = new Map(staff.map((s) => [s.id, s.tb]));
  const personnel = input.staff
    .map((s) => {
      const mine = shifts.filter((shift) => shift.staffId === s.id);
      const counts = new Map<string, number>();
      for (const shift of mine)
        counts.set(`${shift.start}–${shift.end}`, (counts.get(`${shift.start}–${shift.end}`) ?? 0) + 1);
      const usual = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
      const tb = tbOf.get(s.id);
      return {
        id: s.id,
        name: listName(s),
        position: s.position,
        hireDate: s.hireDate ?? undefined,
        hoursScheduled: Math.round(mine.reduce((sum, shift) => sum + shiftHours(shift, shift.timeZone), 0) * 100) / 100,
        usualShift: usual ? usual[0] : null,
        clearanceStatus: s.clearanceStatus,
        tb: tb ?? null,
      };
    })
    .sort(byName);
  const nameOf = new Map(input.weeks.flatMap((w) => w.people).map((p) => [p.id, p.name]));
  const overrides = shifts
    .filter((s) => s.overrideReason)
    .sort((a, b) => (a.date + a.start < b.date + b.start ? -1 : 1))
    .map((s) => ({
      shiftId: s.id,
      name: nameOf.get(s.staffId) ?? "Someone",
      date: s.date,
      start: s.start,
      end: s.end,
      reason: s.overrideReason!,
      by: s.overrideBy,
      at: s.overrideAt,
    }));
  const { timeZone: _, ...home } = input.home;
  const own = subjects.get(`facility|${input.home.id}`);
  const homeDocuments = {
    status: own?.status ?? ("complete" as const),
    items: itemsOf(own?.requirements ?? []),
  };
  return {
    home,
    today,
    through,
    homeDocuments,
    residents,
    staff,
    nights: { checked: PACKET_NIGHTS, gaps },
    personnel,
    overrides,
  };
}

const HALF_HOUR = 1_800_000;

/**
 * What an uncovered night lacks. The schedule rule names the gap and what the night needs; this counts,
 * half hour by half hour of the gap, the staff on duty as the rule counts them (`coversHome`) and says
 * which part of the need is not met (`nightShortfall`). Stretches of the night lacking the same are joined.
 */
function nightStaffing(weeks: TInspectionPacketInput["weeks"]) {
  const timeZone = weeks[0]?.timeZone ?? "UTC";
  const people = new Map(
    weeks
      .flatMap((w) => w.people)
      .filter(withStaffDetails)
      .map((p) => [p.id, p]),
  );
  const census = new Map(weeks.flatMap((w) => w.census).map((c) => [c.date, c]));
  const counted = [...new Map(weeks.flatMap((w) => w.shifts).map((s) => [s.id, s])).values()]
    .filter((shift) => coversHome(shift, people.get(shift.staffId)))
    .map((shift) => ({ duty: shift.duty, ...shiftInstants(shift, timeZone) }));

  /** What one half hour lacks, in words (empty when it is covered). */
  function lacking(slot: number, night: string): string[] {
    const on = counted.filter((t) => t.from <= slot && t.to >= slot + HALF_HOUR);
    const { residents, dementia } = census.get(night) ?? { residents: 0, dementia: false };
    return nightShortfall(nightRequirement(residents, dementia), {
      awake: on.filter((t) => t.duty === "awake").length,
      premises: on.filter((t) => t.duty === "on_call_premises").length,
      nearby: on.filter((t) => t.duty === "on_call_nearby").length,
    });
  }

  return {
    missing(gap: TScheduleIssue): string[] {
      const night = gap.date!;
      // The gap's times are of the evening (from noon) or of the next morning.
      const at = (time: string) => wallClockInstant(time < "12:00" ? addDays(night, 1) : night, time, timeZone);
      const stretches: { from: number; to: number; words: string[] }[] = [];
      for (let slot = at(gap.from!), end = at(gap.to!); slot < end; slot += HALF_HOUR) {
        const words = lacking(slot, night);
        const last = stretches.at(-1);
        if (last && last.words.join() === words.join()) last.to = slot + HALF_HOUR;
        else stretches.push({ from: slot, to: slot + HALF_HOUR, words });
      }
      const shown = stretches.filter((s) => s.words.length > 0);
      if (shown.length === 1) return shown[0]!.words;
      const time = (instant: number) => wallClockOf(instant, timeZone).time;
      return shown.map((s) => `${time(s.from)}–${time(s.to)}: ${s.words.join(", ")}`);
    },
  };
}
