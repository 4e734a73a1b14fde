/**
 * What a refused field says, in words written for the staff instead of zod's ("Too big: expected number
 * to be <=300"): one error map for every schema, so the web form, the server and the Firebase write
 * say the same. A field whose range means something gives its own message (`ZBetween`).
 */
import { z } from "zod";

function plural(n: unknown, word: string): string {
  return `${String(n)} ${word}${n === 1 ? "" : "s"}`;
}

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        if (issue.input === undefined || issue.input === null) return "Required";
        if (issue.expected === "number") return "Enter a number";
        if (issue.expected === "boolean") return "Tick or untick it";
        return "Not a valid value";
      case "too_small":
        if (issue.origin === "string")
          return issue.minimum === 1 ? "Required" : `At least ${plural(issue.minimum, "character")}`;
        if (issue.origin === "array") return `Choose at least ${String(issue.minimum)}`;
        if (issue.origin === "number") return `Must be at least ${String(issue.minimum)}`;
        return undefined;
      case "too_big":
        if (issue.origin === "string") return `At most ${plural(issue.maximum, "character")}`;
        if (issue.origin === "array") return `At most ${String(issue.maximum)}`;
        if (issue.origin === "number") return `Must be at most ${String(issue.maximum)}`;
        return undefined;
      case "not_multiple_of":
        return "Use whole numbers";
      case "invalid_value":
        return "Choose one";
      case "invalid_format":
        return issue.format === "email" ? "Enter a valid e-mail address" : "Not in the expected form";
      default:
        return undefined;
    }
  },
});

/** A number `label` must hold between `min` and `max` ("Pulse must be between 20 and 250"). */
export function ZBetween(label: string, min: number, max: number, whole = false) {
  const range = `${label} must be between ${min} and ${max}`;
  const base = z.number({ error: (issue) => (issue.input === undefined ? "Required" : `${label} must be a number`) });
  return (whole ? base.int(`${label} must be a whole number`) : base).min(min, range).max(max, range);
}
