/**
 * The CSV file of each collection in a full data export, for an office manager's spreadsheet: one
 * column per field of the collection (headed by its label from field-labels.ts) and per metadata field;
 * beside each field naming another record, that record's name (`CsvNames`: the collections exported
 * before it); codes by their declared labels, else in words (csv-labels.ts); money in dollars; times
 * in the home's time zone, named in the header; lists and objects as readable text ("Name: Byron King,
 * Relationship: son; …"), never JSON; every cell guarded against formulas. Rendered batch by batch, so a large collection never becomes one string. The JSON-lines
 * entries beside it stay the machine format import reads. Also the guard the web app's list exports use.
 */
import Papa from "papaparse";
import { z } from "zod";
import type { CollectionDef } from "../collection.ts";
import { DEFAULT_TIME_ZONE, META_FIELDS } from "../common.schema.ts";
import { FIELD_LABELS } from "../field-labels.ts";
import { collections, isCollectionName, type TCollectionName } from "../registry.ts";
import { wallClockOf } from "../rules/date-only.rules.ts";
import { recordName } from "../rules/record-name.rules.ts";
import { codeInWords, codeLabel, declaredLabels } from "./csv-labels.ts";

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
  /** Each home's time zone, and the group's (its first home's in the header's order). */
  private readonly zones = new Map<string, string>();
  private first: { sortOrder: number; id: string; zone: string } | null = null;

  /** Keeps the names of a batch of `collection`'s records (and a home's time zone). */
  remember(collection: TCollectionName, records: readonly Record<string, unknown>[]): void {
    for (const record of records) {
      const name = recordName(record);
      if (name !== null) this.names.set(`${collection}/${String(record.id)}`, name);
      if (collection === "facilities" && typeof record.timeZone === "string") {
        const home = { sortOrder: Number(record.sortOrder ?? 0), id: String(record.id), zone: record.timeZone };
        this.zones.set(home.id, home.zone);
        if (
          !this.first ||
          home.sortOrder < this.first.sortOrder ||
          (home.sortOrder === this.first.sortOrder && home.id < this.first.id)
        )
          this.first = home;
      }
    }
  }

  /** The group's time zone (for records of no home): its first home's, as the web app's "today". */
  groupZone(): string {
    return this.first?.zone ?? DEFAULT_TIME_ZONE;
  }

  /** The one time zone of every home, or null when they differ. */
  oneZone(): string | null {
    const zones = new Set(this.zones.values());
    return zones.size <= 1 ? this.groupZone() : null;
  }

  /** The time zone a record's times are written in: its home's, else the group's. */
  zoneOf(def: CollectionDef, record: Record<string, unknown>): string {
    if (def.name === "facilities" && typeof record.timeZone === "string") return record.timeZone;
    const home = facilityFieldOf(def);
    const id = home ? record[home] : undefined;
    return (typeof id === "string" ? this.zones.get(id) : undefined) ?? this.groupZone();
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

/** The schema inside optional, nullable, default and (with `lists`) array wrappers. */
function innerSchema(schema: unknown, lists = false): z.ZodType | undefined {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 6; depth++) {
    if (lists && current instanceof z.ZodArray) {
      current = current.element as z.ZodType;
      continue;
    }
    const inner = (current as unknown as { unwrap?: () => z.ZodType }).unwrap;
    const def = (current as unknown as { def?: { innerType?: z.ZodType } }).def;
    const next =
      current instanceof z.ZodArray ? undefined : typeof inner === "function" ? inner.call(current) : def?.innerType;
    if (!next) break;
    current = next;
  }
  return current;
}

const META_TIMES = new Set(["createdAt", "updatedAt", "archivedAt"]);

/** Whether a field holds an instant (written as a time in a zone), not a calendar date or text. */
function isTime(def: CollectionDef, field: string): boolean {
  return META_TIMES.has(field) || innerSchema(def.schema.shape[field]) instanceof z.ZodISODateTime;
}

/**
 * The time zone named in a time column's header: the homes' one zone; the facilities' own CSV and an
 * export of homes in several zones say "home's time zone" (the facilities' Time zone column names it,
 * and elsewhere each time names its zone).
 */
function zoneHeader(name: TCollectionName, names: CsvNames | undefined): string {
  const zone = names ? names.oneZone() : DEFAULT_TIME_ZONE;
  return name === "facilities" || zone === null ? "home's time zone" : zone;
}

function headerOf(name: TCollectionName, field: string, names?: CsvNames): string {
  const base = plainHeaderOf(name, field);
  return isTime(collections[name], field) ? `${base} (${zoneHeader(name, names)})` : base;
}

function plainHeaderOf(name: TCollectionName, field: string): string {
  const labels = FIELD_LABELS[name] as Record<string, string>;
  if (field.endsWith(NAME_SUFFIX) && !labels[field]) {
    const linkField = field.slice(0, -NAME_SUFFIX.length);
    return `${labels[linkField] ?? linkField} name`;
  }
  const label = labels[field] ?? META_LABELS[field as (typeof META_FIELDS)[number]] ?? field;
  // Some labels say their unit already ("Monthly rate ($)").
  return isMoney(field) && !label.includes("($)") ? `${label} ($)` : label;
}

/** The codes of an enum field, or of a list of them (through optional, nullable and default), or null. */
function enumValues(schema: unknown): readonly string[] | null {
  const inner = innerSchema(schema, true);
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : null;
}

/**
 * Lists and objects as text a person reads: items by "; ", an object's fields as "Key: value", by ", ";
 * codes by their labels, from `schema` (the field's) where it declares them.
 */
function readableText(value: unknown, schema?: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value))
    return value
      .map((item) => readableText(item, innerSchema(schema, true)))
      .filter(Boolean)
      .join("; ");
  if (typeof value === "object") {
    const object = innerSchema(schema);
    const shape = object instanceof z.ZodObject ? (object.shape as Record<string, unknown>) : {};
    const keys = Object.keys(shape);
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .filter(([, v]) => v !== null && v !== undefined && v !== "")
      .map(([key, v]) => {
        const label = declaredLabels(keys)?.[key] ?? codeInWords(key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
        return `${label}: ${readableText(v, shape[key])}`;
      })
      .join(", ");
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  const codes = enumValues(schema);
  return codes?.includes(String(value)) ? codeLabel(String(value), codes) : String(value);
}

/** An instant as a spreadsheet reads it in `zone`: "2026-11-29 08:15", with the zone's name when asked. */
export function timeInZone(iso: string, zone: string, withZone = false): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  const { date, time } = wallClockOf(instant, zone);
  return withZone ? `${date} ${time} ${zone}` : `${date} ${time}`;
}

function cellOf(def: CollectionDef, field: string, record: Record<string, unknown>, names?: CsvNames): string {
  if (field.endsWith(NAME_SUFFIX) && !(field in def.schema.shape))
    return safeCsvCell(names?.nameOf(def, field.slice(0, -NAME_SUFFIX.length), record));
  const value = record[field];
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return safeCsvCell(readableText(value, def.schema.shape[field]));
  if (typeof value === "number" && isMoney(field)) return safeCsvCell(value / 100);
  if (typeof value === "string" && isTime(def, field)) {
    const zone = names?.zoneOf(def, record) ?? DEFAULT_TIME_ZONE;
    // Homes in several zones: each time names its own (the facilities' CSV has a Time zone column).
    const several = names !== undefined && names.oneZone() === null && def.name !== "facilities";
    return safeCsvCell(timeInZone(value, zone, several));
  }
  if (typeof value === "string") return safeCsvCell(readableText(value, def.schema.shape[field]));
  return safeCsvCell(value as string | number | boolean);
}

/** A byte order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/**
 * The header line of a collection's CSV (with its line break). `names`: the homes exported so far,
 * whose time zone the time columns name (the group's default zone without it).
 */
export function csvHeaderLine(name: TCollectionName, names?: CsvNames): string {
  return `${Papa.unparse([csvFields(name).map((field) => safeCsvCell(headerOf(name, field, names)))], { newline: "\r\n" })}\r\n`;
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
