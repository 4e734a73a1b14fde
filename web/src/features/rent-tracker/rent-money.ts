/**
 * Typed dollars to integer cents without floating point: "1,234.5" → 123450. The form's amount field
 * parses through here, so "0.1 + 0.2" style drift never reaches a stored amount.
 */

/** Cents for a dollar amount a person typed, or an error message saying what to fix. */
export function parseDollars(input: string): { cents: number } | { error: string } {
  const text = input.trim().replace(/^\$/, "").replaceAll(",", "").trim();
  if (text === "") return { error: "Enter an amount" };
  const match = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!match) {
    if (/^-/.test(text)) return { error: "Enter an amount above zero" };
    if (/^\d*\.\d{3,}$/.test(text)) return { error: "At most two digits after the point" };
    return { error: "Enter an amount like 1250 or 1,250.00" };
  }
  const dollars = match[1] === "" ? 0 : Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return { cents: dollars * 100 + cents };
}

/** Cents as the plain dollar text a form field shows ("1250.00"), the inverse of `parseDollars`. */
export function centsToDollarsInput(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
