/**
 * Phone numbers, checked and written one way everywhere (libphonenumber-js): a number of the United
 * States or Canada as "(559) 555-0100", any other with its country code, "+44 20 7946 0958". "call me"
 * or a number too short or long for its country is refused with a message that shows the form.
 */
import parsePhoneNumber from "libphonenumber-js/min";
import { z } from "zod";

const PHONE_MESSAGE = "Enter a phone number such as (559) 555-0100, or +44 20 7946 0958 abroad";

/** The number written the portal's way, or null when it is not a phone number. */
export function formatPhone(text: string): string | null {
  const parsed = parsePhoneNumber(text, { defaultCountry: "US" });
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.countryCallingCode === "1" ? parsed.formatNational() : parsed.formatInternational();
}

function phone(text: string, ctx: z.RefinementCtx): string {
  const formatted = formatPhone(text);
  if (formatted === null) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return formatted;
}

/** A required phone number. */
export const ZPhone = z.string().trim().min(1, "Required").max(40, "At most 40 characters").transform(phone);

/** An optional phone number; an empty field is stored as absent. */
export const ZOptionalPhone = z
  .string()
  .trim()
  .max(40, "At most 40 characters")
  .optional()
  .transform((text, ctx) => (text === undefined || text === "" ? undefined : phone(text, ctx)));
