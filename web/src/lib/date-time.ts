/**
 * Moments (instants) as the portal shows them: always with their time zone named ("Nov 26, 2026,
 * 6:28 AM PST"), in the home's zone where the page has one, else the viewer's own. A time without its
 * zone is ambiguous for a group whose homes and staff sit in different zones.
 */

/** "Nov 26, 2026, 6:28 AM PST": an instant in `timeZone` (absent: the browser's), its zone named. */
export function instantText(at: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    ...(timeZone ? { timeZone } : {}),
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(at));
}

/** "Tuesday, December 1, 2026 at 2:05 PM PST": a deadline, written out, its zone named. */
export function deadlineText(at: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    ...(timeZone ? { timeZone } : {}),
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(at));
}
