/**
 * The fields of a collection that only the `writeCheckedRecord` Cloud Function writes on Firebase: a
 * browser's create of such a record, or its change of those fields, goes through the function, which
 * checks the whole record with its schema (and with other records, where the registry says so) and
 * writes it with the Admin SDK; the rules refuse the browser's own (rules-generator.ts).
 *
 * Two reasons put a field here. The registry's `access.checkedFields`: a write checked against other
 * stored records (a fee entry against its referral's ledger), which rules cannot add up. And the lists
 * below, Firebase's own: a list of objects too costly for the rules to check item by item within the
 * 1,000 expressions a request may evaluate (docs/firebase.md, "The rules' cost"): a training
 * requirement's ten parts, each with its categories and its hours.
 */
import type { CollectionDef } from "@care/core/collection";

/** Lists checked by the function's schema check, as the rules cannot afford to check them. */
const SCHEMA_CHECKED_FIELDS: Readonly<Record<string, readonly string[]>> = { trainingRequirements: ["parts"] };

/** The fields only the `writeCheckedRecord` function writes, or undefined when a browser writes the whole record. */
export function checkedFieldsOf(def: CollectionDef): readonly string[] | undefined {
  return def.access.checkedFields ?? SCHEMA_CHECKED_FIELDS[def.name];
}
