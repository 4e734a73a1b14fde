/** Field types shared by every record schema: dates, money, ids and the record metadata. */
import { z } from "zod";
// Every schema's refusals in the staff's words (a side effect: the error map is global to zod).
import "./zod-messages.ts";

/** A calendar date without time, `YYYY-MM-DD`; the same day in every time zone. */
export const ZDateOnly = z
  .string()
  .min(1, "Required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a whole date with a four-digit year (as YYYY-MM-DD)")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "Not a real date");

/** Where a home is: the time zone its "today", due dates and rent months are counted in. */
export const DEFAULT_TIME_ZONE = "America/Los_Angeles";

/** Whether `name` is an IANA time zone this runtime knows ("America/Los_Angeles"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.includes("/") || name === "UTC";
  } catch {
    return false;
  }
}

/** An IANA time zone name. */
export const ZTimeZone = z.string().max(64).refine(isTimeZone, "Choose a time zone such as America/Los_Angeles");

/** A UTC timestamp in ISO 8601. */
export const ZTimestamp = z.iso.datetime();

/** Money in integer cents; never floating point. */
export const ZCents = z.number().int("Amount must be whole cents").min(-1_000_000_000_00).max(1_000_000_000_00);

/** The longest record id. */
export const MAX_ID_LENGTH = 64;

/** A record id: URL-safe, at most 64 characters. */
export const ZId = z
  .string()
  .min(1)
  .max(MAX_ID_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _ only");

/**
 * Text from a query string (a search, a group's id, a name being typed): at most `max` characters and
 * no control characters, so `?group=%00` is a 400 rather than a question no record can answer.
 */
export const ZQueryText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .regex(/^\P{Cc}*$/u, "Control characters (such as a NUL byte) are not allowed");

/** The furthest a paged query may skip: far beyond any real list, small enough to stay exact. */
export const MAX_QUERY_OFFSET = 1_000_000;

export const ZEmail = z.email("Enter a valid e-mail address").max(254);

/** A required, trimmed, single-line text. */
export const ZText = (max = 200) => z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);
/** An optional text; empty strings are stored as absent. */
export const ZOptionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((s) => (s === "" ? undefined : s));

/** Metadata every stored record carries; set by the adapter, never by the client. */
export const ZRecordMeta = z.object({
  id: ZId,
  version: z.number().int().positive(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  archivedAt: ZTimestamp.nullable(),
});
export type TRecordMeta = z.infer<typeof ZRecordMeta>;

export const META_FIELDS = ["id", "version", "createdAt", "updatedAt", "createdBy", "updatedBy", "archivedAt"] as const;

/**
 * The metadata of a record `userId` creates at `now` (an ISO time, or the Date a database takes): its
 * first version, created and last saved then by them, not archived. Every backend creates records so.
 */
export function newRecordMeta<T>(userId: string, now: T) {
  return { version: 1, createdAt: now, updatedAt: now, createdBy: userId, updatedBy: userId, archivedAt: null };
}
