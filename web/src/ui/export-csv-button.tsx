/**
 * "Export CSV" for a list: reads every page the filters match (not only the one shown), shows how many
 * rows so far, and saves the file; a failure is one toast and no half-written file.
 */
import { useState } from "react";
import { reportError } from "../lib/report-error.ts";
import { collectCsv, downloadCsv, type TCsvColumn } from "./csv-export.ts";

export interface TExportCsvButtonProps<T> {
  fileName: string;
  columns: readonly TCsvColumn<T>[];
  /** One page of rows after `cursor` (undefined = the first), with the next page's cursor. */
  page: (cursor: string | undefined) => Promise<{ items: readonly T[]; nextCursor: string | null }>;
  disabled?: boolean;
}

export function ExportCsvButton<T>({ fileName, columns, page, disabled = false }: TExportCsvButtonProps<T>) {
  const [exporting, setExporting] = useState<number | null>(null);
  async function run() {
    setExporting(0);
    try {
      downloadCsv(fileName, await collectCsv(columns, page, setExporting));
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(null);
    }
  }
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void run()}
      disabled={disabled || exporting !== null}
    >
      {exporting === null ? "Export CSV" : `Exporting… ${exporting}`}
    </button>
  );
}
