/**
 * Who lives in a home, and whether another resident fits: the census of a day counts the residents
 * living there (active, on leave or in hospital) whose admission has happened; a resident admitted for
 * a later day is a planned move-in, shown as such and counted from that day. A home's licensed
 * capacity bounds the beds taken or promised: an admission (or a move, or a readmission) past it is
 * refused unless an administrator records an approved exception with a reason. A discharge dated
 * after the home's today is a planned discharge: the resident keeps their living status and their
 * discharge date, and counts as living there until that day (`effectiveStatus`).
 */
import { AppError } from "../app-error.ts";
import type { TResidentStatus } from "../collections/residents.collection.ts";

/** The statuses of a resident who lives in the home (or holds their bed while away). */
export const LIVING_STATUSES: readonly TResidentStatus[] = ["active", "on_leave", "hospital"];

type TStay = { status: TResidentStatus; admissionDate: string; dischargeDate?: string | null | undefined };

/**
 * The status a resident has on `today` (the home's date): their stored status, except that a living
 * resident whose planned discharge date has come is discharged from that day on. Every consumer that
 * asks "does this resident still live here" on a day asks this (census, night coverage, the screens).
 */
export function effectiveStatus(resident: TStay, today: string): TResidentStatus {
  const leftOn = resident.dischargeDate;
  if (LIVING_STATUSES.includes(resident.status) && leftOn != null && leftOn <= today) return "discharged";
  return resident.status;
}

/** The day a resident still living in the home is planned to leave (a discharge after `today`), if any. */
export function leavingOn(resident: TStay, today: string): string | null {
  const leftOn = resident.dischargeDate;
  return LIVING_STATUSES.includes(resident.status) && leftOn != null && leftOn > today ? leftOn : null;
}

/** Whether the resident is in the home's census on `today` (the home's date). */
export function inCensus(resident: TStay, today: string): boolean {
  return LIVING_STATUSES.includes(effectiveStatus(resident, today)) && resident.admissionDate <= today;
}

/** Whether the resident is admitted for a later day than the home's `today`. */
export function isPlannedMoveIn(resident: TStay, today: string): boolean {
  return LIVING_STATUSES.includes(effectiveStatus(resident, today)) && resident.admissionDate > today;
}

/** Whether a resident takes (or is promised) one of the home's beds. */
export function holdsBed(resident: Pick<TStay, "status">): boolean {
  return LIVING_STATUSES.includes(resident.status);
}

/**
 * Whether a write makes a resident newly hold a bed in a home: an admission, a move to another home,
 * or a readmission. Edits of a resident who already holds a bed there do not count again.
 */
export function takesNewBed(
  after: { facilityId: string; status: TResidentStatus },
  before?: { facilityId: string; status: TResidentStatus },
): boolean {
  if (!holdsBed(after)) return false;
  return !before || before.facilityId !== after.facilityId || !holdsBed(before);
}

/**
 * VALIDATION when a home has no bed left for one more resident: `taken` counts the others holding or
 * promised a bed. Nothing when the home has room, records no capacity, or an exception is approved.
 */
export function capacityRefusal(
  home: { name: string; licensedCapacity?: number | undefined },
  taken: number,
  exception: string | undefined,
): AppError | null {
  const capacity = home.licensedCapacity;
  if (capacity === undefined || taken < capacity || exception) return null;
  return new AppError("VALIDATION", `${home.name} has no licensed bed left.`, {
    fields: {
      facilityId: `${home.name} is licensed for ${capacity} resident${capacity === 1 ? "" : "s"} and ${taken} ${
        taken === 1 ? "bed is" : "beds are"
      } taken or promised. Someone who may change the home's settings can admit over capacity by recording the approved exception.`,
    },
  });
}

/**
 * VALIDATION when someone without write on facilities (`mayApprove`: an administrator or house manager
 * by default) sets or changes an over-capacity exception.
 */
export function exceptionRefusal(
  mayApprove: boolean,
  after: string | undefined,
  before: string | undefined,
): AppError | null {
  if (mayApprove || after === before) return null;
  return new AppError(
    "VALIDATION",
    "Only someone who may change the home's settings can approve an exception to the licensed capacity.",
    {
      fields: { capacityException: "Only someone who may change the home's settings can approve an exception" },
    },
  );
}

/** Counts the residents of each home: in the census on the home's today, and planned move-ins. */
export function censusByHome(
  residents: readonly (TStay & { facilityId: string })[],
  todayOf: (facilityId: string) => string,
): Map<string, { census: number; plannedMoveIns: number }> {
  const counts = new Map<string, { census: number; plannedMoveIns: number }>();
  for (const resident of residents) {
    const today = todayOf(resident.facilityId);
    const entry = counts.get(resident.facilityId) ?? { census: 0, plannedMoveIns: 0 };
    if (inCensus(resident, today)) entry.census += 1;
    else if (isPlannedMoveIn(resident, today)) entry.plannedMoveIns += 1;
    counts.set(resident.facilityId, entry);
  }
  return counts;
}

/** What `homeOn` needs of a resident's history event (a `residentEvents` record fits). */
interface TMoveEventLike {
  type: string;
  facilityId: string;
  date: string;
  createdAt?: string;
}

/**
 * The home a resident lived at on `date`, from their transfers: a transfer out of a home on a day
 * counts that day at the new home (the "transferred in" event's), a day before their first transfer at
 * the home they left first, and a resident never transferred at their current home. A census of a
 * past month counts a transferred resident at the home they were in then, not where they are now.
 */
export function homeOn(events: readonly TMoveEventLike[], currentFacilityId: string, date: string): string {
  const ordered = [...events].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.createdAt ?? "").localeCompare(b.createdAt ?? ""),
  );
  const arrived = ordered.filter((e) => e.type === "transfer_in" && e.date <= date).at(-1);
  if (arrived) return arrived.facilityId;
  return ordered.find((e) => e.type === "transfer_out")?.facilityId ?? currentFacilityId;
}
