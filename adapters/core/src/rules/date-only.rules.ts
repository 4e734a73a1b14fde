/**
 * Calendar-date arithmetic on `YYYY-MM-DD` strings, in UTC only: a date-only value is the same day in
 * every time zone, so nothing here reads the machine's local time (except `localToday`, which asks
 * for it on purpose).
 */

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function utcMs(year: number, monthIndex: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d.getTime();
}

function fromUtcMs(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, "0")}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** The date `days` calendar days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return fromUtcMs(utcMs(y, m - 1, d) + days * DAY_MS);
}

/**
 * The latest calendar date that is "today" somewhere: UTC's today plus one, since today in California may
 * be tomorrow in UTC. Dates "not in the future" are checked against it on every backend.
 */
export function latestDateAnywhere(now: Date = new Date()): string {
  return addDays(now.toISOString().slice(0, 10), 1);
}

/** The day `days` business days (Monday to Friday) after `date`. */
export function addBusinessDays(date: string, days: number): string {
  let day = date;
  for (let left = days; left > 0;) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return Math.round((utcMs(ty, tm - 1, td) - utcMs(fy, fm - 1, fd)) / DAY_MS);
}

/** Days in a month (1-based month). */
function monthLength(year: number, month: number): number {
  return new Date(utcMs(year, month, 0)).getUTCDate();
}

/**
 * The same day `months` months later, clamped to the month's end: Jan 31 + 1 month = Feb 28 (29 in a
 * leap year); Feb 29 + 12 months = Feb 28.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, monthLength(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The earlier of two dates. */
export function minDate(a: string, b: string): string {
  return a <= b ? a : b;
}

/**
 * The calendar date in a time zone at an instant, `YYYY-MM-DD`: a home's "today" (its due dates, rent
 * months and census are counted in its own time zone, not the server's or the browser's).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClockOf(now.getTime(), timeZone).date;
}

/** The viewer's calendar date as `YYYY-MM-DD` (the browser's or server's local time zone). */
export function localToday(now: Date = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, "0")}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** One formatter per time zone: building one costs far more than using it (a week's schedule asks often). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Offsets already worked out, by zone, then by minute: a week's checks ask for the same minutes again and
 * again, and formatting a date in a zone is the costly part. A zone's map is emptied when it grows large.
 */
const offsets = new Map<string, Map<number, number>>();
const MINUTE = 60_000;

/** How far a time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const minute = Math.floor(instant / MINUTE);
  const known = zone.get(minute);
  if (known !== undefined) return known;
  if (zone.size > 100_000) zone.clear();
  const offset = computeZoneOffsetMs(timeZone, instant);
  zone.set(minute, offset);
  return offset;
}

function computeZoneOffsetMs(timeZone: string, instant: number): number {
  const parts = zoneFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar date begins in a time zone, as a UTC ISO timestamp: the start of a "from"
 * day of a time range chosen in a home's time zone (also on the days clocks change).
 */
export function startOfDayIn(date: string, timeZone: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  let instant = midnightAsUtc - zoneOffsetMs(timeZone, midnightAsUtc);
  // Once more with the offset at the instant found: it differs when clocks changed in between.
  instant = midnightAsUtc - zoneOffsetMs(timeZone, instant);
  return new Date(instant).toISOString();
}

/**
 * The instant a wall-clock time (`HH:MM`) of a calendar date happens in a time zone, in epoch
 * milliseconds. A time skipped when clocks go forward lands an hour later; a time that happens twice
 * when they go back is its first occurrence.
 */
export function wallClockInstant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, first);
}

/** The local calendar date and `HH:MM` of an instant in a time zone. */
export function wallClockOf(instant: number, timeZone: string): { date: string; time: string } {
  const local = new Date(instant + zoneOffsetMs(timeZone, instant)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
