/**
 * CSV export of any list: rows become CSV through papaparse, a cell starting with = + - @ (or a tab or
 * carriage return) is prefixed with ' so a spreadsheet never runs it as a formula, and long lists are
 * read page by page and written in batches instead of being held twice in memory.
 */
import Papa from "papaparse";
import { safeCsvCell } from "@care/core/data-export/export-csv";

export interface TCsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** CSV text of `rows` (with the header line when `header` is true), every cell guarded. */
export function toCsv<T>(rows: readonly T[], columns: readonly TCsvColumn<T>[], header = true): string {
  return Papa.unparse(
    {
      fields: columns.map((c) => safeCsvCell(c.header)),
      data: rows.map((row) => columns.map((c) => safeCsvCell(c.value(row)))),
    },
    { header, newline: "\r\n" },
  );
}

/**
 * Reads every page (`fetchPage(cursor)` until it returns no next cursor) and returns the CSV as Blob
 * parts, one batch per page, so the browser never builds one giant string.
 */
export async function collectCsv<T>(
  columns: readonly TCsvColumn<T>[],
  fetchPage: (cursor: string | undefined) => Promise<{ items: readonly T[]; nextCursor: string | null }>,
  onProgress?: (rowsSoFar: number) => void,
): Promise<string[]> {
  const parts: string[] = [];
  let cursor: string | undefined;
  let rows = 0;
  do {
    const page = await fetchPage(cursor);
    // The header alone comes with a line break; each batch of rows brings its own, so drop it.
    if (parts.length === 0) parts.push(toCsv([], columns, true).replace(/\r\n$/, ""));
    if (page.items.length > 0) parts.push("\r\n" + toCsv(page.items, columns, false));
    rows += page.items.length;
    onProgress?.(rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  parts.push("\r\n");
  return parts;
}

/** Saves CSV text (or parts of it) as a file download; a BOM makes Excel read UTF-8 names correctly. */
export function downloadCsv(fileName: string, csv: string | readonly string[]): void {
  const blob = new Blob(["\uFEFF", ...(typeof csv === "string" ? [csv] : csv)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
