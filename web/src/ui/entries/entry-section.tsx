/**
 * One section of a record's entries (a resident's diagnoses or vitals, a staff member's training): its
 * entries in one or more tables, an add button, edit and archive on each row (archive asks first), and
 * the entry form in place.
 */
import { useState, type ComponentType } from "react";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import type { TListQuery } from "@care/core/list-query";
import type { TCollectionName, TRecordOf } from "@care/core/registry";
import { useData } from "../../lib/ports.tsx";
import { useShownRecords } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { DataTable, type TDataColumn } from "../data-table.tsx";
import type { TEntryFormProps, TEntryOwner } from "./use-entry-form.tsx";
import "./entries.css";

/** Entries shown at first, and added by each "Show more". */
const SECTION_PAGE_SIZE = 100;

export interface TEntryGroup<T> {
  title: string;
  filter: (entry: T) => boolean;
  /** Shown when the group has no entries. */
  empty: string;
  /** Show the group in the reverse of the list's order (e.g. past appointments, latest first). */
  reverse?: boolean;
}

export interface TEntrySectionProps<N extends TCollectionName> {
  collection: N;
  /** Section heading, e.g. "Vitals". */
  title: string;
  /** Singular, for buttons and questions: "vitals entry". */
  noun: string;
  addLabel: string;
  /** Whose entries: the field naming them and its value (`{ field: "residentId", id }`). */
  owner: TEntryOwner;
  facilityId: string;
  columns: TDataColumn<TRecordOf<N>>[];
  /** Short text naming an entry in the archive question. */
  describe: (entry: TRecordOf<N>) => string;
  Form: ComponentType<TEntryFormProps<N>>;
  orderBy?: TListQuery["orderBy"];
  /** Sub-tables (e.g. active / stopped); one table of everything when absent. */
  groups?: TEntryGroup<TRecordOf<N>>[];
  empty: string;
  /** Open the form of a new entry at once (a link asked for it, e.g. "Record vitals" on the face sheet). */
  startAdding?: boolean;
  /** Told when the form closes (saved or cancelled). */
  onFormClosed?: () => void;
  /** Whether the user may add, edit and archive entries (default true). */
  canEdit?: boolean;
}

export function EntrySection<N extends TCollectionName>(props: TEntrySectionProps<N>) {
  const { collection, owner } = props;
  const canEdit = props.canEdit ?? true;
  const sortField = props.orderBy?.field;
  const sortDirection = props.orderBy?.direction ?? "asc";
  const data = useData();
  const shown = useShownRecords(
    collection,
    {
      where: { [owner.field]: owner.id },
      ...(sortField ? { orderBy: { field: sortField, direction: sortDirection } } : {}),
    },
    SECTION_PAGE_SIZE,
  );
  const entries = shown.items;
  const loading = shown.loading;
  /** undefined = no form; null = a new entry; a record = editing it. */
  const [editing, setEditingState] = useState<TRecordOf<N> | null | undefined>(props.startAdding ? null : undefined);
  const setEditing = (entry: TRecordOf<N> | null | undefined) => {
    setEditingState(entry);
    if (entry === undefined) props.onFormClosed?.();
  };
  const [archiving, setArchiving] = useState<TRecordOf<N> | null>(null);
  const [busy, setBusy] = useState(false);

  const headingId = `section-${collection}`;

  async function archive(entry: TRecordOf<N>) {
    setBusy(true);
    try {
      await data.remove(collection, entry.id, entry.version);
      toast.success(`The ${props.noun} was archived`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") {
        toast.error(`Someone changed this ${props.noun} meanwhile; it was not archived. The newer version is shown.`, {
          id: "error-CONFLICT",
        });
      } else reportError(error);
    } finally {
      setBusy(false);
      setArchiving(null);
    }
  }

  const columns: TDataColumn<TRecordOf<N>>[] = [...props.columns];
  if (canEdit)
    columns.push({
      id: "actions",
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { label: "Actions" },
      cell: ({ row }) => (
        <span className="entry-section__row-actions">
          <button type="button" className="button button--secondary" onClick={() => setEditing(row.original)}>
            Edit<span className="visually-hidden"> {props.describe(row.original)}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={() => setArchiving(row.original)}>
            Archive<span className="visually-hidden"> {props.describe(row.original)}</span>
          </button>
        </span>
      ),
    });

  const tables: TEntryGroup<TRecordOf<N>>[] = props.groups ?? [{ title: "", filter: () => true, empty: props.empty }];
  const Form = props.Form;
  return (
    <section className="card entry-section" aria-labelledby={headingId}>
      <div className="entry-section__header">
        <h2 id={headingId}>{props.title}</h2>
        {canEdit && editing === undefined && (
          <button type="button" className="button" onClick={() => setEditing(null)}>
            {props.addLabel}
          </button>
        )}
      </div>
      {editing !== undefined && (
        <Form
          key={editing?.id ?? "new"}
          owner={owner}
          facilityId={props.facilityId}
          record={editing}
          onSaved={() => setEditing(undefined)}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {tables.map((group) => (
        <div key={group.title} className="entry-section__group">
          {group.title && <h3>{group.title}</h3>}
          <DataTable
            caption={`${props.title}${group.title ? `: ${group.title}` : ""}`}
            columns={columns}
            rows={group.reverse ? entries.filter(group.filter).reverse() : entries.filter(group.filter)}
            getRowId={(entry) => entry.id}
            loading={loading}
            empty={<p>{group.empty}</p>}
          />
        </div>
      ))}
      {shown.hasMore && (
        <p>
          <button type="button" className="button button--secondary" disabled={loading} onClick={shown.showMore}>
            Show more {props.title.toLowerCase()}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={archiving !== null}
        title={`Archive this ${props.noun}?`}
        confirmLabel="Archive"
        danger
        busy={busy}
        onConfirm={() => archiving && void archive(archiving)}
        onCancel={() => setArchiving(null)}
      >
        <p>
          {archiving ? props.describe(archiving) : ""} will no longer be shown. It stays in the record and the audit
          log.
        </p>
      </ConfirmDialog>
    </section>
  );
}
