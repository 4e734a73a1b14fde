/**
 * How the time an override was given reads (a shift published over a missing clearance), shared by the
 * rota and the inspection packet.
 */
const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "Nov 29, 2026, 10:05 AM" for a stored ISO time; the text as stored when it is no time. */
export function overrideWhen(at: string | undefined): string {
  const time = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? (at ?? "") : WHEN.format(time);
}
