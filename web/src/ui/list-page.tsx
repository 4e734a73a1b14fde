/**
 * The frame of every list page (All Residents, Staff Directory, Facilities…): the header with the scope
 * and the count, the add and export actions, the filters, the table, and the two empty states — nothing
 * matches the filters (with a way to clear them), or nothing is recorded yet (with the way to add one).
 * A list page declares its query, columns and words; this draws the rest.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { DataTable, type TDataTableProps } from "./data-table.tsx";
import { ExportCsvButton, type TExportCsvButtonProps } from "./export-csv-button.tsx";
import { ListEmpty, ListFilters } from "./list-filters.tsx";
import { PageHeader, countText } from "./page-header.tsx";

export interface TListPageProps<T> {
  title: string;
  intro?: string;
  /** "Facility:" and what the list shows, e.g. "Tull" or "All facilities". */
  scope?: { label: string; value: string };
  /** How many records the filters match, and what one and many of them are called. */
  count?: { total: number | null; noun: readonly [string, string] };
  /** The add button, when the user may add. */
  add?: { label: string; to: string } | undefined;
  exportCsv?: Omit<TExportCsvButtonProps<T>, "disabled">;
  /** The search box and filters. */
  filters: ReactNode;
  /** Whether a search or filter narrows the list (then "no match" instead of "none recorded"). */
  filtered: boolean;
  onClearFilters: () => void;
  table: Omit<TDataTableProps<T>, "empty">;
  empty: { noMatch: { title: string; text: ReactNode; clearLabel: string }; none: { title: string; text: ReactNode } };
  /** Under the table (e.g. a link to Help). */
  children?: ReactNode;
}

export function ListPage<T>({
  title,
  intro,
  scope,
  count,
  add,
  exportCsv,
  filters,
  filtered,
  onClearFilters,
  table,
  empty,
  children,
}: TListPageProps<T>) {
  const addLink = add && (
    <Link className="button" to={add.to}>
      {add.label}
    </Link>
  );
  return (
    <article className="page" aria-labelledby="page-title">
      <PageHeader
        title={title}
        intro={intro}
        scope={scope && { ...scope, extra: count ? countText(count.total, count.noun, filtered) : undefined }}
        actions={
          <>
            {addLink}
            {exportCsv && <ExportCsvButton {...exportCsv} disabled={table.rows.length === 0} />}
          </>
        }
      />
      <ListFilters>{filters}</ListFilters>
      <DataTable
        {...table}
        empty={
          filtered ? (
            <ListEmpty
              title={empty.noMatch.title}
              action={
                <button type="button" className="button button--secondary" onClick={onClearFilters}>
                  {empty.noMatch.clearLabel}
                </button>
              }
            >
              {empty.noMatch.text}
            </ListEmpty>
          ) : (
            <ListEmpty title={empty.none.title} action={addLink}>
              {empty.none.text}
            </ListEmpty>
          )
        }
      />
      {children}
    </article>
  );
}
