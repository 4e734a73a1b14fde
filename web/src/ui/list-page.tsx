/**
 * The frame of every list page (All Residents, Staff Directory, Facilities…): the header with the scope
 * and the count, the add and export actions, the filters, the table, and the two empty states — nothing
 * matches the filters (with a way to clear them), or nothing is recorded yet (with the way to add one).
 * A list page declares its query, columns and words; this draws the rest.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { TListState } from "../lib/list-state.ts";
import type { TRecordList } from "../lib/records/use-records.ts";
import { DataTable, type TDataColumn, type TSort } from "./data-table.tsx";
import { ExportCsvButton, type TExportCsvButtonProps } from "./export-csv-button.tsx";
import { ListEmpty, ListFilters, SearchFilter, SelectFilter } from "./list-filters.tsx";
import { PageHeader, countText } from "./page-header.tsx";

/** A filter of the list: one of `labels`, or `anyLabel` for all. */
export interface TSelectSpec<F> {
  key: keyof F & string;
  label: string;
  anyLabel: string;
  labels: Readonly<Record<string, string>>;
}

export interface TListPageProps<T extends { id: string }, F extends Record<string, string>, S> {
  title: string;
  intro?: string;
  /** "Facility:" and what the list shows, e.g. "Tull" or "All facilities". */
  scope?: { label: string; value: string };
  /** The list read (`useRecordList`): its page, count, pagination and export. */
  list: TRecordList<T>;
  /** The rows shown, when they add to the list's records (defaults to the records). */
  rows?: readonly T[];
  /** What one and many records are called, for the count after the scope. */
  noun?: readonly [string, string];
  /** The add button, when the user may add. */
  add?: { label: string; to: string } | undefined;
  /** The CSV export of everything the filters match. */
  exportCsv?: Pick<TExportCsvButtonProps<T>, "fileName" | "columns"> & Partial<Pick<TExportCsvButtonProps<T>, "page">>;
  /** The search box, filters and sort the list is read with. */
  state: TListState<F, S>;
  /** The search box's label and hint, e.g. "Search by name" / "Last, first or preferred name". */
  search: { label: string; placeholder: string };
  selects?: readonly TSelectSpec<F>[];
  /** The table's caption and columns. */
  table: { caption: string; columns: TDataColumn<T>[] };
  empty: { noMatch: { title: string; text: ReactNode; clearLabel: string }; none: { title: string; text: ReactNode } };
  /** Between the header and the filters (e.g. a switch to another view of the same records). */
  headerExtra?: ReactNode;
  /** Under the table (e.g. a link to Help). */
  children?: ReactNode;
}

export function ListPage<T extends { id: string }, F extends Record<string, string>, S extends TSort>({
  title,
  intro,
  scope,
  list,
  rows = list.items,
  noun,
  add,
  exportCsv,
  state,
  search,
  selects = [],
  table,
  empty,
  headerExtra,
  children,
}: TListPageProps<T, F, S>) {
  const { filtered } = state;
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
        scope={scope && { ...scope, extra: noun ? countText(list.total, noun, filtered) : undefined }}
        actions={
          <>
            {addLink}
            {exportCsv && <ExportCsvButton page={list.exportPage} {...exportCsv} disabled={rows.length === 0} />}
          </>
        }
      />
      {headerExtra}
      <ListFilters>
        <SearchFilter {...search} value={state.searchText} onChange={state.setSearchText} />
        {selects.map((select) => (
          <SelectFilter
            key={select.key}
            label={select.label}
            anyLabel={select.anyLabel}
            labels={select.labels}
            value={state.filters[select.key] ?? ""}
            onChange={(value) => state.setFilter(select.key, value as F[keyof F & string])}
          />
        ))}
      </ListFilters>
      <DataTable
        {...table}
        rows={rows}
        getRowId={(row) => row.id}
        loading={list.loading}
        pagination={list.pagination}
        sort={state.orderBy}
        onSortChange={(next) => state.setOrderBy(next as S)}
        empty={
          filtered ? (
            <ListEmpty
              title={empty.noMatch.title}
              action={
                <button type="button" className="button button--secondary" onClick={state.clear}>
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
