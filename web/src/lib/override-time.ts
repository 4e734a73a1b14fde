/**
 * How the time an override was given reads (a shift published over a missing clearance), shared by the
 * rota and the inspection packet: in the home's time zone, the zone named.
 */
import { instantText } from "./date-time.ts";

/** "Nov 29, 2026, 3:20 AM PST" for a stored ISO time in the home's zone; the text as stored when it is no time. */
export function overrideWhen(at: string | undefined, timeZone: string): string {
  const time = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? (at ?? "") : instantText(new Date(time), timeZone);
}
