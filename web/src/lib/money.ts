/**
 * Typed money and percents to integers without floating point: "1,234.5" → 123450 cents, "87.5%" →
 * 8750 basis points. Amount and percent fields parse through here, so "0.1 + 0.2" style drift never
 * reaches a stored amount.
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

/** Basis points for a percent a person typed ("50", "87.5%", "12.25"), or an error message. */
export function parsePercent(input: string): { basisPoints: number } | { error: string } {
  const text = input.trim().replace(/%$/, "").trim();
  if (text === "") return { error: "Enter a percent" };
  if (/^\d*\.\d{3,}$/.test(text)) return { error: "At most two digits after the point" };
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return { error: /^\d{4,}/.test(text) ? "At most 100%" : "Enter a percent like 50 or 87.5" };
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints > 10_000 ? { error: "At most 100%" } : { basisPoints };
}

/** Basis points as the percent text a form field shows ("87.5"), the inverse of `parsePercent`. */
export function basisPointsToPercentInput(basisPoints: number): string {
  return String(basisPoints / 100);
}
