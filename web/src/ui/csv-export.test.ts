import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { safeCsvCell } from "@care/core/data-export/export-csv";
import { collectCsv, toCsv, type TCsvColumn } from "./csv-export.ts";

interface TRow {
  name: string;
  amount: number | null;
}
const columns: TCsvColumn<TRow>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Amount", value: (r) => r.amount },
];

describe("csv export", () => {
  it("prefixes cells a spreadsheet would run as a formula", () => {
    expect(safeCsvCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(safeCsvCell("+1")).toBe("'+1");
    expect(safeCsvCell("-2+3")).toBe("'-2+3");
    expect(safeCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(safeCsvCell("\tcmd")).toBe("'\tcmd");
    expect(safeCsvCell("Ann O'Neil")).toBe("Ann O'Neil");
    expect(safeCsvCell(null)).toBe("");
    expect(safeCsvCell(12)).toBe("12");
  });

  it("quotes commas, quotes and line breaks so the file parses back to the same cells", () => {
    const csv = toCsv([{ name: 'Smith, "Bo"\nJr', amount: 5 }], columns);
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed).toEqual([
      ["Name", "Amount"],
      ['Smith, "Bo"\nJr', "5"],
    ]);
  });

  it("reads every page and writes one header and every row in order", async () => {
    const pages: Record<string, { items: TRow[]; nextCursor: string | null }> = {
      start: { items: [{ name: "A", amount: 1 }], nextCursor: "p2" },
      p2: { items: [{ name: "=B", amount: null }], nextCursor: "p3" },
      p3: { items: [], nextCursor: null },
    };
    const seen: (string | undefined)[] = [];
    const parts = await collectCsv(columns, async (cursor) => {
      seen.push(cursor);
      return pages[cursor ?? "start"]!;
    });
    expect(seen).toEqual([undefined, "p2", "p3"]);
    // No blank line after the header: a spreadsheet would show it as an empty first row.
    expect(parts.join("").split("\r\n")).toEqual(["Name,Amount", "A,1", "'=B,", ""]);
    const parsed = Papa.parse<string[]>(parts.join(""), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ["Name", "Amount"],
      ["A", "1"],
      ["'=B", ""],
    ]);
  });
});
