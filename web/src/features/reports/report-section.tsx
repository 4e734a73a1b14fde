/**
 * One part of a report: its heading, a chart (when it has one) with the table of its numbers beside it,
 * and the table's CSV. Columns are declared once for both the screen and the CSV (`TReportColumn`).
 * The table stays a table on a phone (it scrolls sideways, the first column held), since its rows are
 * figures to compare down a column, not records to open.
 */
import type { ReactNode } from "react";
import { ExportCsvButton } from "../../ui/export-csv-button.tsx";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import { monthShort } from "./report-range.ts";
import type { TReportView } from "./report-frame.tsx";

export interface TReportColumn<T> {
  /** The column's name in full: the CSV's header, and the screen's when there is no `short`. */
  header: string;
  /** A shorter header on screen, so a wide table fits a laptop ("Vacant" for "Vacant beds"); the full one is its title and what a screen reader says. */
  short?: string;
  /** The CSV's value (numbers as numbers, money in dollars). */
  value: (row: T) => string | number | null | undefined;
  /** What the screen shows, when not the value itself ("50%", "$1,200.00", a link). */
  show?: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/** The first column of a table by month: "Jan 2026" on screen, `2026-01` in the CSV. */
export function monthColumn<T extends { month: string }>(): TReportColumn<T> {
  return { header: "Month", value: (r) => r.month, show: (r) => monthShort(r.month) };
}

export interface TReportSectionProps<T> {
  /** The section's heading (also the table's caption). */
  title: string;
  /** A sentence under the heading: what is counted and how. */
  note?: ReactNode;
  chart?: ReactNode;
  columns: readonly TReportColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => string;
  /** A totals row, set apart under the rows, named by `label` in the first column ("All homes"). */
  total?: { row: T; label: string };
  /** The CSV file's name ("census-by-home-tull-2026-01-01-2026-03-31.csv"). */
  csvName: string;
  empty: ReactNode;
}

export function ReportSection<T>({
  title,
  note,
  chart,
  columns,
  rows,
  rowId,
  total,
  csvName,
  empty,
}: TReportSectionProps<T>) {
  const shown = total ? [...rows, total.row] : rows;
  const csvColumns: TCsvColumn<T>[] = columns.map((c, i) => ({
    header: c.header,
    value: (row) => (total && i === 0 && row === total.row ? total.label : c.value(row)),
  }));
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section className={`card report-section${chart ? " report-section--chart" : ""}`} aria-labelledby={id}>
      <div className="report-section__head">
        <h2 id={id}>{title}</h2>
        <div className="no-print">
          <ExportCsvButton
            fileName={csvName}
            columns={csvColumns}
            page={() => Promise.resolve({ items: shown, nextCursor: null })}
            disabled={rows.length === 0}
          />
        </div>
      </div>
      {note && <p className="report-section__note">{note}</p>}
      <div className="report-section__body">
        {chart && rows.length > 0 && chart}
        {rows.length === 0 ? (
          <div className="report-table__empty">{empty}</div>
        ) : (
          <div className="report-table" tabIndex={0} role="region" aria-label={`${title} (table)`}>
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.header}
                      scope="col"
                      className={c.numeric ? "report-table__number" : undefined}
                      title={c.short ? c.header : undefined}
                    >
                      {c.short ? (
                        <>
                          <span aria-hidden="true">{c.short}</span>
                          <span className="visually-hidden">{c.header}</span>
                        </>
                      ) : (
                        c.header
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ReportRow key={rowId(row)} row={row} columns={columns} />
                ))}
              </tbody>
              {total && (
                <tfoot>
                  <ReportRow row={total.row} columns={columns} label={total.label} />
                </tfoot>
              )}
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The part every report has: a row per home and, under them, all homes together (the answer's
 * `total`, which has the homes' figures without their id, name and go-live date). Its CSV is
 * "…-by-home-….csv".
 */
export function ByHomeSection<T extends { facilityId: string; name: string; goLiveDate?: string | null }>({
  view,
  note,
  columns,
  homes,
  total,
}: {
  view: TReportView;
  note?: ReactNode;
  columns: readonly TReportColumn<T>[];
  homes: readonly T[];
  total: Omit<T, "facilityId" | "name" | "goLiveDate">;
}) {
  return (
    <ReportSection
      title="By home"
      note={note}
      columns={columns}
      rows={homes}
      rowId={(r) => r.facilityId}
      total={{ row: { ...total, facilityId: "", name: "", goLiveDate: null } as T, label: "All homes" }}
      csvName={view.csvName("by-home")}
      empty={<p>No homes to report on.</p>}
    />
  );
}

/** A table of the range's months (first column `monthColumn`), with its chart; its CSV is "…-<csv>-….csv". */
export function ByMonthSection<T extends { month: string }>({
  view,
  csv = "by-month",
  ...section
}: Pick<TReportSectionProps<T>, "title" | "note" | "chart" | "columns" | "rows"> & {
  view: TReportView;
  csv?: string;
}) {
  return (
    <ReportSection
      {...section}
      rowId={(r) => r.month}
      csvName={view.csvName(csv)}
      empty={<p>No months in the range.</p>}
    />
  );
}

function ReportRow<T>({ row, columns, label }: { row: T; columns: readonly TReportColumn<T>[]; label?: string }) {
  return (
    <tr>
      {columns.map((c, i) => {
        const content = i === 0 && label !== undefined ? label : c.show ? c.show(row) : (c.value(row) ?? "—");
        const Cell = i === 0 ? "th" : "td";
        return (
          <Cell
            key={c.header}
            scope={i === 0 ? "row" : undefined}
            className={c.numeric ? "report-table__number" : undefined}
          >
            {content}
          </Cell>
        );
      })}
    </tr>
  );
}
