/**
 * One subject's document configuration (residents, facilities or staff): the types in their order with
 * what each requires, add and edit in a dialog, move up/down, mark reviewed, retire, the retired ones on
 * request, the California default set when the list is empty, search and CSV. Administrators write;
 * everyone else reads. A subject's list is short (tens of types), so it is read whole and paged here.
 */
import { can, isGroupWide } from "@care/core/rules/access.rules";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { isHomeSubject, typeExpires, type TDocumentSubject } from "@care/core/collections/documents.collection";
import { listAll } from "@care/core/list-all";
import type { DataPort } from "@care/core/ports/data.port";
import { localToday } from "@care/core/rules/date-only.rules";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { downloadCsv, toCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { DataTable, type TDataColumn, type TSort } from "../../ui/data-table.tsx";
import { ListFilters, SearchFilter } from "../../ui/list-filters.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { DocTypeDialog, type TDocTypeRecord } from "./doc-type-dialog.tsx";
import {
  SUBJECT_LABELS,
  appliesToLabel,
  defaultSetOf,
  leadTimeLabel,
  moveOps,
  nextSortOrder,
  validityLabel,
} from "./doc-type-rules.ts";
import "./doc-config.css";

/** One subject's document types in their order (retired ones too, when asked) and the group's homes. */
async function loadConfiguration(data: DataPort, subject: TDocumentSubject, includeArchived: boolean) {
  const [all, facilities] = await Promise.all([
    listAll(data, "documentTypes", {
      where: { subject },
      orderBy: { field: "sortOrder", direction: "asc" },
      includeArchived,
    }),
    listAll(data, "facilities"),
  ]);
  return {
    types: all.filter((t) => t.archivedAt === null),
    retired: all.filter((t) => t.archivedAt !== null),
    facilities,
  };
}

const NOTHING_LOADED: Awaited<ReturnType<typeof loadConfiguration>> = { types: [], retired: [], facilities: [] };

export interface TDocTypesPageProps {
  subject: TDocumentSubject;
  title: string;
  intro: string;
}

export function DocTypesPage({ subject, title, intro }: TDocTypesPageProps) {
  const data = useData();
  const session = useSession();
  // Document types belong to the whole group: changed by users who may change documents in every home.
  const isAdmin = Boolean(session && can(session, "documents", "write") && isGroupWide(session));
  const label = SUBJECT_LABELS[subject];
  const [showRetired, setShowRetired] = useState(false);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<TSort>({ field: "sortOrder", direction: "asc" });
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [dialog, setDialog] = useState<{ editing: TDocTypeRecord | undefined } | null>(null);
  const [retiring, setRetiring] = useState<TDocTypeRecord | null>(null);
  const [busy, setBusy] = useState(false);
  /** After a move, the button to give focus back to once the list has reloaded. */
  const focusAfter = useRef<{ id: string; direction: -1 | 1 } | null>(null);

  const configuration = usePortQuery(
    ["docConfig", subject, showRetired],
    ({ data }) => loadConfiguration(data, subject, showRetired),
    { reads: ["documentTypes", "facilities"], keepPrevious: true },
  );
  const { types, retired, facilities } = configuration.data ?? NOTHING_LOADED;
  const loading = configuration.isFetching;

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || loading) return;
    focusAfter.current = null;
    const buttons = [
      document.querySelector<HTMLButtonElement>(`[data-move="${target.id}:${target.direction}"]`),
      document.querySelector<HTMLButtonElement>(`[data-move="${target.id}:${-target.direction}"]`),
    ];
    buttons.find((b) => b && !b.disabled)?.focus();
  }, [types, loading]);

  const nameOf = useCallback((id: string) => facilities.find((f) => f.id === id)?.name ?? id, [facilities]);

  const text = search.trim().toLowerCase();
  const visible = useMemo(() => {
    const matching = text
      ? types.filter((t) => [t.name, t.formCode ?? "", t.description ?? ""].some((s) => s.toLowerCase().includes(text)))
      : types;
    if (sort.field === "sortOrder" && sort.direction === "asc") return matching;
    const sorted = [...matching].sort((a, b) =>
      sort.field === "name" ? a.name.localeCompare(b.name) : a.sortOrder - b.sortOrder,
    );
    return sort.direction === "desc" ? sorted.reverse() : sorted;
  }, [types, text, sort]);
  // Moving is only meaningful in the configured order of the whole list.
  const canMove = isAdmin && !text && sort.field === "sortOrder" && sort.direction === "asc";

  useEffect(() => setPageNumber(1), [text, sort, pageSize]);
  const pageCount = Math.max(1, Math.ceil(visible.length / pageSize));
  const page = Math.min(pageNumber, pageCount);
  const rows = visible.slice((page - 1) * pageSize, page * pageSize);

  async function move(record: TDocTypeRecord, direction: -1 | 1) {
    const index = types.findIndex((t) => t.id === record.id);
    const ops = moveOps(types, index, direction);
    if (ops.length === 0) return;
    setBusy(true);
    try {
      await data.commit(ops);
      focusAfter.current = { id: record.id, direction };
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error("Someone else changed this list meanwhile; it was reloaded. Try the move again.", {
          id: "error-CONFLICT",
        });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }

  async function markReviewed(record: TDocTypeRecord) {
    setBusy(true);
    try {
      await data.update("documentTypes", record.id, { needsReview: false }, record.version);
      toast.success(`${record.name} is marked reviewed.`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error(`Someone else changed ${record.name} meanwhile; the list was reloaded.`, { id: "error-CONFLICT" });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }

  async function retire(record: TDocTypeRecord) {
    setBusy(true);
    try {
      await data.remove("documentTypes", record.id, record.version);
      toast.success(`${record.name} was retired.`);
      setRetiring(null);
    } catch (error) {
      setRetiring(null);
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error(`Someone else changed ${record.name} meanwhile; the list was reloaded.`, { id: "error-CONFLICT" });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }

  async function loadDefaults() {
    setBusy(true);
    let created = 0;
    try {
      for (const { id, ...input } of defaultSetOf(subject)) {
        try {
          await data.create("documentTypes", input, { id });
          created += 1;
        } catch (error) {
          // Already there (loaded before, perhaps retired since): keep it as it is.
          if (!(isAppError(error) && error.code === "CONFLICT")) throw error;
        }
      }
      toast.success(
        created > 0
          ? `Loaded ${created} California default type${created === 1 ? "" : "s"}; review each for your home.`
          : "The California defaults were already loaded; retired ones stay retired.",
      );
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const columns = useMemo<TDataColumn<TDocTypeRecord>[]>(() => {
    const list: TDataColumn<TDocTypeRecord>[] = [];
    if (canMove)
      list.push({
        id: "order",
        header: "Order",
        cell: ({ row }) => {
          const index = types.findIndex((t) => t.id === row.original.id);
          return (
            <span className="doc-config__move">
              <button
                type="button"
                className="button button--secondary doc-config__move-button"
                data-move={`${row.original.id}:-1`}
                disabled={busy || index <= 0}
                onClick={() => void move(row.original, -1)}
                aria-label={`Move ${row.original.name} up`}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="button button--secondary doc-config__move-button"
                data-move={`${row.original.id}:1`}
                disabled={busy || index >= types.length - 1}
                onClick={() => void move(row.original, 1)}
                aria-label={`Move ${row.original.name} down`}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </span>
          );
        },
      });
    list.push(
      {
        id: "name",
        header: "Name",
        meta: { sortField: "name" },
        cell: ({ row }) => (
          <span className="doc-config__name">
            <strong>{row.original.name}</strong>
            {row.original.needsReview && <span className="doc-config__review">Review for your home</span>}
            {row.original.description && <span className="doc-config__description">{row.original.description}</span>}
          </span>
        ),
      },
      { id: "formCode", header: "Form code", cell: ({ row }) => row.original.formCode ?? "—" },
      {
        id: "required",
        header: "Required",
        cell: ({ row }) => (row.original.required ? "Required" : "Optional"),
      },
      {
        id: "validity",
        header: "Valid for",
        cell: ({ row }) => validityLabel(row.original.validityMonths, typeExpires(row.original)),
      },
      { id: "leadTime", header: "Remind", cell: ({ row }) => leadTimeLabel(row.original.leadTimeDays) },
    );
    // An agent's papers belong to the whole group: their types apply to no particular home.
    if (isHomeSubject(subject))
      list.push({
        id: "appliesTo",
        header: "Applies to",
        cell: ({ row }) => appliesToLabel(row.original.facilityIds, nameOf),
      });
    if (isAdmin)
      list.push({
        id: "actions",
        header: "Actions",
        cell: ({ row }) => (
          <span className="doc-config__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setDialog({ editing: row.original })}
            >
              Edit<span className="visually-hidden"> {row.original.name}</span>
            </button>
            {row.original.needsReview && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void markReviewed(row.original)}
              >
                Mark reviewed<span className="visually-hidden"> {row.original.name}</span>
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setRetiring(row.original)}
            >
              Retire<span className="visually-hidden"> {row.original.name}</span>
            </button>
          </span>
        ),
      });
    return list;
    // move/markReviewed read the current list through `types`, a dependency here.
  }, [canMove, isAdmin, busy, types, nameOf]);

  function exportCsv() {
    const csvColumns: TCsvColumn<TDocTypeRecord>[] = [
      { header: "Order", value: (t) => types.indexOf(t) + 1 },
      { header: "Name", value: (t) => t.name },
      { header: "Form code", value: (t) => t.formCode },
      { header: "Description", value: (t) => t.description },
      { header: "Required", value: (t) => (t.required ? "Required" : "Optional") },
      {
        header: "Validity (months)",
        value: (t) => t.validityMonths ?? (typeExpires(t) ? "Date on the document" : "Never expires"),
      },
      { header: "Lead time (days)", value: (t) => t.leadTimeDays },
      ...(isHomeSubject(subject)
        ? [{ header: "Applies to", value: (t: TDocTypeRecord) => appliesToLabel(t.facilityIds, nameOf) }]
        : []),
      { header: "Review for your home", value: (t) => (t.needsReview ? "Yes" : "No") },
    ];
    downloadCsv(`${subject}-document-types-${localToday()}.csv`, toCsv(visible, csvColumns));
  }

  const empty = text ? (
    <div className="doc-config__empty">
      <h2>No document types match</h2>
      <p>
        No {label.one} document type matches “{search.trim()}”. Clear the search to see them all.
      </p>
      <button type="button" className="button button--secondary" onClick={() => setSearch("")}>
        Clear search
      </button>
    </div>
  ) : (
    <div className="doc-config__empty">
      <h2>No {label.one} document types configured</h2>
      {isAdmin ? (
        <>
          <p>
            Start from the California RCFE default set (each type marked “review for your home”) or add your own types
            one by one.
          </p>
          <div className="doc-config__empty-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void loadDefaults()}>
              {busy ? "Loading…" : "Load the California default set"}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDialog({ editing: undefined })}
            >
              Add document type
            </button>
          </div>
        </>
      ) : (
        <p>An administrator sets up the documents each {label.one} file must hold; ask yours to configure them.</p>
      )}
    </div>
  );

  return (
    <article className="page doc-config" aria-labelledby="page-title">
      <PageHeader
        title={title}
        intro={intro}
        actions={
          <>
            {isAdmin && (
              <button type="button" className="button" onClick={() => setDialog({ editing: undefined })}>
                Add document type
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={exportCsv}
              disabled={visible.length === 0}
            >
              Export CSV
            </button>
          </>
        }
      >
        {!isAdmin && session && (
          <p className="doc-config__readonly">Only administrators change this list; you can read and export it.</p>
        )}
      </PageHeader>

      <ListFilters>
        <SearchFilter label="Search" value={search} onChange={setSearch} placeholder="Name, form code or description" />
        <label className="form-field__check doc-config__retired-toggle">
          <input type="checkbox" checked={showRetired} onChange={(event) => setShowRetired(event.target.checked)} />
          Show retired
        </label>
      </ListFilters>
      {isAdmin && !canMove && types.length > 1 && (
        <p className="doc-config__hint">Clear the search and sort by order to move types up or down.</p>
      )}

      <DataTable
        caption={`${label.title} document types`}
        columns={columns}
        rows={rows}
        getRowId={(t) => t.id}
        loading={loading}
        sort={sort}
        onSortChange={setSort}
        pagination={{
          pageNumber: page,
          pageSize,
          hasPrevious: page > 1,
          hasNext: page < pageCount,
          onPrevious: () => setPageNumber(page - 1),
          onNext: () => setPageNumber(page + 1),
          onPageSizeChange: setPageSize,
        }}
        empty={empty}
      />
      {types.length > 0 && sort.field !== "sortOrder" && (
        <p className="doc-config__hint">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setSort({ field: "sortOrder", direction: "asc" })}
          >
            Back to the configured order
          </button>
        </p>
      )}

      {showRetired && (
        <section className="doc-config__retired card" aria-labelledby="retired-title">
          <h2 id="retired-title">Retired {label.one} document types</h2>
          <p>
            Documents already uploaded for a retired type stay on their records; the type no longer counts for
            compliance or reminders. Retiring cannot be undone here: to use such a type again, add it anew.
          </p>
          {retired.length === 0 ? (
            <p>No retired types.</p>
          ) : (
            <ul>
              {retired.map((t) => (
                <li key={t.id}>
                  {t.name}
                  {t.formCode && ` (${t.formCode})`} — retired {t.archivedAt?.slice(0, 10)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <p>
        <Link to={paths.help.href("document-configuration")}>How document configuration works</Link>
      </p>

      {dialog && (
        <DocTypeDialog
          subject={subject}
          editing={dialog.editing}
          newSortOrder={nextSortOrder(types)}
          facilities={facilities.map((f) => ({ id: f.id, name: f.name, active: f.active }))}
          existing={[...types, ...retired]}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={retiring !== null}
        title={`Retire ${retiring?.name ?? ""}?`}
        confirmLabel="Retire type"
        danger
        busy={busy}
        onConfirm={() => retiring && void retire(retiring)}
        onCancel={() => setRetiring(null)}
      >
        <p>
          It leaves the checklists, compliance badges and reminders. Documents already uploaded for it stay on their
          records.
        </p>
      </ConfirmDialog>
    </article>
  );
}
