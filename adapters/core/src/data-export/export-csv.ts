/**
 * The CSV file of each collection in a full data export, for spreadsheets: one column per field of
 * the collection (headed by its label from field-labels.ts) and per metadata field, money in dollars,
 * lists and objects as JSON text (keys sorted), every cell guarded against formulas. Rendered batch by batch, so a large collection
 * never becomes one string. Also the guard the web app's list exports use.
 */
import Papa from "papaparse";
import { META_FIELDS } from "../common.schema.ts";
import { FIELD_LABELS } from "../field-labels.ts";
import { canonicalJson } from "./export-format.ts";
import { collections, type TCollectionName } from "../registry.ts";

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

/** The fields of a collection's CSV, in column order: the record's id first, its fields, the rest of the metadata. */
export function csvFields(name: TCollectionName): string[] {
  return ["id", ...Object.keys(collections[name].schema.shape), ...META_FIELDS.filter((field) => field !== "id")];
}

/** Money is kept in cents (`…Cents`); a spreadsheet gets dollars, as the reports' CSVs do ("4250.5"). */
const isMoney = (field: string) => field.endsWith("Cents");

function headerOf(name: TCollectionName, field: string): string {
  const labels = FIELD_LABELS[name] as Record<string, string>;
  const label = labels[field] ?? META_LABELS[field as (typeof META_FIELDS)[number]] ?? field;
  return isMoney(field) ? `${label} ($)` : label;
}

function cellOf(field: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return safeCsvCell(canonicalJson(value));
  if (typeof value === "number" && isMoney(field)) return safeCsvCell(value / 100);
  return safeCsvCell(value as string | number | boolean);
}

/** A byte order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/** The header line of a collection's CSV (with its line break). */
export function csvHeaderLine(name: TCollectionName): string {
  return `${Papa.unparse([csvFields(name).map((field) => safeCsvCell(headerOf(name, field)))], { newline: "\r\n" })}\r\n`;
}

/** CSV lines of a batch of records (each line with its line break); empty for no records. */
export function csvLines(name: TCollectionName, records: readonly Record<string, unknown>[]): string {
  if (records.length === 0) return "";
  const fields = csvFields(name);
  return `${Papa.unparse(
    records.map((record) => fields.map((field) => cellOf(field, record[field]))),
    { newline: "\r\n" },
  )}\r\n`;
}
