/**
 * The list table of every area (@tanstack/react-table): header buttons that ask the server to sort,
 * Previous/Next cursor pagination with a page size, loading and empty states, and on phones each row
 * becomes a stacked card whose cells carry their column's name.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import "./data-table.css";

export interface TSort {
  field: string;
  direction: "asc" | "desc";
}

/**
 * A column: `sortField` names the server sort key that its header button asks for; `deskOnly` leaves
 * the column out of a phone's row cards (a detail few need there, e.g. an IP address).
 */
export type TDataColumn<T> = ColumnDef<T> & { meta?: { sortField?: string; label?: string; deskOnly?: boolean } };

export interface TDataTableProps<T> {
  /** What the table lists (read by screen readers, shown above the table). */
  caption: string;
  columns: TDataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  loading: boolean;
  /** Shown instead of the table when there are no rows and nothing is loading. */
  empty: ReactNode;
  sort?: TSort;
  onSortChange?: (sort: TSort) => void;
  pagination?: {
    pageNumber: number;
    pageSize: number;
    pageSizes?: readonly number[];
    hasPrevious: boolean;
    hasNext: boolean;
    onPrevious: () => void;
    onNext: () => void;
    onPageSizeChange: (size: number) => void;
  };
}

function headerLabel<T>(column: TDataColumn<T>): string {
  if (column.meta?.label) return column.meta.label;
  return typeof column.header === "string" ? column.header : "";
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  getRowId,
  loading,
  empty,
  sort,
  onSortChange,
  pagination,
}: TDataTableProps<T>) {
  const table = useReactTable<T>({
    data: rows as T[],
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
  });

  const showEmpty = !loading && rows.length === 0;
  return (
    <div className="data-table" aria-busy={loading}>
      {showEmpty ? (
        <div className="data-table__empty">{empty}</div>
      ) : (
        <div className="data-table__scroll">
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const def = header.column.columnDef as TDataColumn<T>;
                    const field = def.meta?.sortField;
                    const active = field !== undefined && sort?.field === field;
                    const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;
                    const content = flexRender(def.header, header.getContext());
                    return (
                      <th key={header.id} scope="col" aria-sort={ariaSort}>
                        {field && onSortChange ? (
                          <button
                            type="button"
                            className="data-table__sort"
                            onClick={() =>
                              onSortChange({
                                field,
                                direction: active && sort.direction === "asc" ? "desc" : "asc",
                              })
                            }
                          >
                            {content}
                            <span aria-hidden="true" className="data-table__sort-mark">
                              {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                            </span>
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      data-label={headerLabel(cell.column.columnDef as TDataColumn<T>)}
                      className={
                        (cell.column.columnDef as TDataColumn<T>).meta?.deskOnly ? "data-table__desk-only" : undefined
                      }
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {loading && (
            <p className="data-table__loading" role="status">
              Loading…
            </p>
          )}
        </div>
      )}
      {/* Not before the first rows: a pager drawn under an empty table would jump down when they arrive. */}
      {pagination && (rows.length > 0 || (showEmpty && pagination.pageNumber > 1)) && (
        <nav className="data-table__pager" aria-label={`${caption} pages`}>
          <button
            type="button"
            className="button button--secondary"
            disabled={!pagination.hasPrevious || loading}
            onClick={pagination.onPrevious}
          >
            Previous
          </button>
          <span className="data-table__page">Page {pagination.pageNumber}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={!pagination.hasNext || loading}
            onClick={pagination.onNext}
          >
            Next
          </button>
          <label className="data-table__size">
            Rows per page{" "}
            <select
              value={pagination.pageSize}
              onChange={(event) => pagination.onPageSizeChange(Number(event.target.value))}
            >
              {(pagination.pageSizes ?? [25, 50, 100]).map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </nav>
      )}
    </div>
  );
}
