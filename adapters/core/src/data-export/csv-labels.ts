/**
 * How a stored code reads in an export CSV: by the label the portal declares for it (a role's actions
 * "Record a death", an area "Residents", a referral source, a staff position…), found by the code list
 * the label map covers, else word by word with the usual abbreviations in capitals ("ach" → "ACH",
 * "full_code" → "Full code"). Kept apart from export-csv.ts so that file stays about columns and cells.
 */
import { ACTION_INFO } from "../collections/actions.ts";
import { AREA_LABELS } from "../collections/areas.ts";
import { SOURCE_LABELS } from "../collections/referrals.collection.ts";
import { ACCESS_LEVEL_LABELS } from "../collections/roles.collection.ts";
import { CLEARANCE_LABELS, POSITION_LABELS } from "../collections/staff.collection.ts";
import { MOVE_OUT_REASON_LABELS } from "../reports/census.report.ts";
import { AUDIT_ACTION_LABELS } from "../rules/audit.rules.ts";

/** Every label map the portal declares for a code list (keys: the codes). */
const DECLARED_LABELS: readonly Readonly<Record<string, string>>[] = [
  Object.fromEntries(Object.entries(ACTION_INFO).map(([action, info]) => [action, info.label])),
  AREA_LABELS,
  ACCESS_LEVEL_LABELS,
  AUDIT_ACTION_LABELS,
  SOURCE_LABELS,
  POSITION_LABELS,
  CLEARANCE_LABELS,
  MOVE_OUT_REASON_LABELS,
];

/** Abbreviations a code spells in lower case that a reader expects in capitals. */
const ABBREVIATIONS = new Set(["ach", "dnr", "polst", "tb", "cpr", "prn", "id", "pdf", "iv", "rn", "lvn", "cna"]);

/** A code in words: "full_code" → "Full code", "on_leave" → "On leave", "ach" → "ACH". */
export function codeInWords(code: string): string {
  const words = code
    .replace(/[_-]+/g, " ")
    .trim()
    .split(" ")
    .map((word) => (ABBREVIATIONS.has(word.toLowerCase()) ? word.toUpperCase() : word));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const labelsOfList = new WeakMap<readonly string[], Readonly<Record<string, string>> | null>();

/** The declared labels of a code list (a field's enum options, or an object's keys), when the portal has them. */
export function declaredLabels(codes: readonly string[]): Readonly<Record<string, string>> | null {
  let labels = labelsOfList.get(codes);
  if (labels === undefined) {
    labels =
      DECLARED_LABELS.find(
        (map) => Object.keys(map).length === codes.length && codes.every((code) => map[code] !== undefined),
      ) ?? null;
    labelsOfList.set(codes, labels);
  }
  return labels;
}

/** A code of the list `codes` as it reads: its declared label, else in words. */
export function codeLabel(code: string, codes: readonly string[] | null): string {
  return (codes && declaredLabels(codes)?.[code]) ?? codeInWords(code);
}
