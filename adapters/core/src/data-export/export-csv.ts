/**
 * The CSV file of each collection in a full data export, for an office manager's spreadsheet: one
 * column per field of the collection (headed by its label from field-labels.ts) and per metadata field;
 * beside each field naming another record, that record's name (`CsvNames`: the collections exported
 * before it); codes in words ("full_code" → "Full code"); money in dollars; lists and objects as
 * readable text ("Name: Byron King, Relationship: son; …"), never JSON; every cell guarded against
 * formulas. Rendered batch by batch, so a large collection never becomes one string. The JSON-lines
 * entries beside it stay the machine format import reads. Also the guard the web app's list exports use.
 */
import Papa from "papaparse";
import { z } from "zod";
import type { CollectionDef } from "../collection.ts";
import { META_FIELDS } from "../common.schema.ts";
import { FIELD_LABELS } from "../field-labels.ts";
import { collections, isCollectionName, type TCollectionName } from "../registry.ts";
import { recordName } from "../rules/record-name.rules.ts";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell value made safe for spreadsheets (OWASP CSV injection guard): the text `=1+1` becomes `'=1+1`.
 * A number stays a number (-25 is a credit, not a formula).
 */
export function safeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  if (typeof value === "number") return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const META_LABELS: Record<(typeof META_FIELDS)[number], string> = {
  id: "Id",
  version: "Version",
  createdAt: "Created",
  updatedAt: "Updated",
  createdBy: "Created by",
  updatedBy: "Updated by",
  archivedAt: "Archived",
};

/** The suffix of the column that names the record a field links to (`residentId` → `residentIdName`). */
const NAME_SUFFIX = "Name";

/** The field naming a facility-scoped record's home (`facilityId`), else null. */
function facilityFieldOf(def: CollectionDef): string | null {
  return def.scope.kind === "facility" && def.name !== "facilities" ? def.scope.field : null;
}

/** The link fields of a collection whose targets are records of the registry (not files): a name column follows each. */
function namedLinkFields(def: CollectionDef): string[] {
  const fields: string[] = [];
  const home = facilityFieldOf(def);
  if (home) fields.push(home);
  for (const link of def.links ?? []) {
    if (link.id.part !== undefined) continue;
    const targets = "collection" in link.to ? [link.to] : Object.values(link.to.targets);
    if (targets.some((target) => isCollectionName(target.collection)) && !fields.includes(link.id.field))
      fields.push(link.id.field);
  }
  return fields;
}

/** The fields of a collection's CSV, in column order: the record's id first, its fields (each link followed by its target's name), the rest of the metadata. */
export function csvFields(name: TCollectionName): string[] {
  const linked = namedLinkFields(collections[name]);
  return [
    "id",
    ...Object.keys(collections[name].schema.shape).flatMap((field) =>
      linked.includes(field) ? [field, `${field}${NAME_SUFFIX}`] : [field],
    ),
    ...META_FIELDS.filter((field) => field !== "id"),
  ];
}

/**
 * The names of the records exported so far, by collection and id, for the name columns of the
 * collections exported after them (the registry lists a link's target first). Both exports (the
 * server's and the browser's) remember every collection after writing it, so their CSVs agree.
 */
export class CsvNames {
  private readonly names = new Map<string, string>();

  /** Keeps the names of a batch of `collection`'s records. */
  remember(collection: TCollectionName, records: readonly Record<string, unknown>[]): void {
    for (const record of records) {
      const name = recordName(record);
      if (name !== null) this.names.set(`${collection}/${String(record.id)}`, name);
    }
  }

  /** The name of the record `field` of `record` links to, when known. */
  nameOf(def: CollectionDef, field: string, record: Record<string, unknown>): string | undefined {
    const id = record[field];
    if (typeof id !== "string") return undefined;
    if (field === facilityFieldOf(def)) return this.names.get(`facilities/${id}`);
    const link = def.links?.find((l) => l.id.field === field && l.id.part === undefined);
    if (!link) return undefined;
    const target =
      "collection" in link.to ? link.to.collection : link.to.targets[String(record[link.to.by.field])]?.collection;
    // A link within the collection itself (a referral's duplicate) is left unnamed: the server
    // writes a collection batch by batch, the browser at once, and both must write the same bytes.
    return target && target !== def.name ? this.names.get(`${target}/${id}`) : undefined;
  }
}

/** Money is kept in cents (`…Cents`); a spreadsheet gets dollars, as the reports' CSVs do ("4250.5"). */
const isMoney = (field: string) => field.endsWith("Cents");

function headerOf(name: TCollectionName, field: string): string {
  const labels = FIELD_LABELS[name] as Record<string, string>;
  if (field.endsWith(NAME_SUFFIX) && !labels[field]) {
    const linkField = field.slice(0, -NAME_SUFFIX.length);
    return `${labels[linkField] ?? linkField} name`;
  }
  const label = labels[field] ?? META_LABELS[field as (typeof META_FIELDS)[number]] ?? field;
  // Some labels say their unit already ("Monthly rate ($)").
  return isMoney(field) && !label.includes("($)") ? `${label} ($)` : label;
}

/** A code in words: "full_code" → "Full code", "on_leave" → "On leave". */
export function codeInWords(code: string): string {
  const words = code.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The enum's values of a field's schema (through optional, nullable and default), or null. */
function enumValues(schema: unknown): readonly string[] | null {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof z.ZodEnum) return current.options as string[];
    const inner = (current as unknown as { unwrap?: () => z.ZodType }).unwrap;
    const def = (current as unknown as { def?: { innerType?: z.ZodType } }).def;
    current = typeof inner === "function" ? inner.call(current) : def?.innerType;
  }
  return null;
}

/** Lists and objects as text a person reads: items by "; ", an object's fields as "Key: value", by ", ". */
function readableText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(readableText).filter(Boolean).join("; ");
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .filter(([, v]) => v !== null && v !== undefined && v !== "")
      .map(([key, v]) => `${codeInWords(key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase())}: ${readableText(v)}`)
      .join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function cellOf(def: CollectionDef, field: string, record: Record<string, unknown>, names?: CsvNames): string {
  if (field.endsWith(NAME_SUFFIX) && !(field in def.schema.shape))
    return safeCsvCell(names?.nameOf(def, field.slice(0, -NAME_SUFFIX.length), record));
  const value = record[field];
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return safeCsvCell(readableText(value));
  if (typeof value === "number" && isMoney(field)) return safeCsvCell(value / 100);
  if (typeof value === "string" && enumValues(def.schema.shape[field])?.includes(value))
    return safeCsvCell(codeInWords(value));
  return safeCsvCell(value as string | number | boolean);
}

/** A byte order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/** The header line of a collection's CSV (with its line break). */
export function csvHeaderLine(name: TCollectionName): string {
  return `${Papa.unparse([csvFields(name).map((field) => safeCsvCell(headerOf(name, field)))], { newline: "\r\n" })}\r\n`;
}

/**
 * CSV lines of a batch of records (each line with its line break); empty for no records. `names`
 * fills the name columns (empty without it).
 */
export function csvLines(name: TCollectionName, records: readonly Record<string, unknown>[], names?: CsvNames): string {
  if (records.length === 0) return "";
  const def: CollectionDef = collections[name];
  const fields = csvFields(name);
  return `${Papa.unparse(
    records.map((record) => fields.map((field) => cellOf(def, field, record, names))),
    { newline: "\r\n" },
  )}\r\n`;
}
