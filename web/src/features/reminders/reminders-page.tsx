/**
 * `/reminders`, the home page after sign-in: one list of what needs doing for the header's facility,
 * soonest first, grouped Overdue / Today / This week / Later. Derived reminders (missing, expiring and
 * expired documents, reappraisals, rent past due) come from the insights port; manual ones are records.
 * Done and snooze keep a `reminderStates` record for a derived reminder and change a manual one; both
 * can be undone from "Snoozed and done". The navigation's count reads the same derived-reminders query.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { listAll } from "@care/core/list-all";
import type { DataPort } from "@care/core/ports/data.port";
import type { TDerivedReminder } from "@care/core/ports/insights.port";
import { groupReminders, localToday, reminderStateId } from "@care/core/rules/reminders.rules";
import { csvFileName } from "../../lib/facility-scope.ts";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { useDerivedReminders } from "../../lib/reminder-count.ts";
import { reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { downloadCsv, toCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { ListFilters, SearchFilter, SelectFilter } from "../../ui/list-filters.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { ReminderFormDialog } from "./reminder-form-dialog.tsx";
import {
  dueText,
  filterItems,
  fromDerived,
  fromManual,
  KIND_LABELS,
  linkPath,
  nextOccurrence,
  sortItems,
  type TManualReminder,
  type TReminderItem,
  type TReminderKind,
  type TReminderSort,
} from "./reminder-items.ts";
import { SnoozeDialog } from "./snooze-dialog.tsx";
import "../../ui/area-page.css";
import "./reminders.css";

/** Rows shown per group before "Show more". */
const GROUP_PAGE = 50;
/** Done manual reminders listed under "Snoozed and done" (the latest by due date). */
const DONE_SHOWN = 50;

/** The manual reminders of a facility ("" = every one the user may see): every open one, the latest done ones. */
async function loadManual(data: DataPort, facilityId: string) {
  const where: Record<string, string> = facilityId ? { facilityId } : {};
  const [open, done] = await Promise.all([
    listAll(data, "reminders", {
      where: { ...where, status: "open" },
      orderBy: { field: "dueDate", direction: "asc" },
    }),
    data.list("reminders", {
      where: { ...where, status: "done" },
      orderBy: { field: "dueDate", direction: "desc" },
      limit: DONE_SHOWN,
    }),
  ]);
  return { open, done: done.items };
}

export function RemindersPage() {
  const data = useData();
  const { facilities } = useFacilities();
  const [facilityId] = useSelectedFacility();
  const today = localToday();
  const derived = useDerivedReminders(facilityId, today);
  const manual = usePortQuery(["reminders", "manual", facilityId], ({ data }) => loadManual(data, facilityId), {
    reads: ["reminders"],
  });
  const loading = derived.isFetching || manual.isFetching;
  const failed = derived.isError || manual.isError;
  const [kind, setKind] = useState<TReminderKind | "">("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<TReminderSort>("due");
  const [shown, setShown] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [snoozing, setSnoozing] = useState<TReminderItem | null>(null);
  const [editing, setEditing] = useState<TManualReminder | "new" | null>(null);

  /** When the lists were last read: an action's refresh makes it later. */
  const readAt = Math.max(derived.dataUpdatedAt, manual.dataUpdatedAt);
  /**
   * Set by an action to when the lists it acted on were read: once newer ones have loaded, focus that
   * left with a removed row goes to the heading. (The next render is too early: the row may still be
   * there, and its removal comes with the refresh.)
   */
  const refocusAfter = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (refocusAfter.current === undefined || loading || readAt <= refocusAfter.current) return;
    refocusAfter.current = undefined;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.getElementById("page-title")?.focus();
  });

  // Another facility or filter starts every group at its first rows again.
  useEffect(() => setShown({}), [facilityId, kind, search, sort]);

  // Each facility's lists are their own queries: another facility's are never shown while these load.
  const loaded =
    derived.data && manual.data
      ? { derived: derived.data, manualOpen: manual.data.open, manualDone: manual.data.done }
      : null;
  const nameOf = useCallback((id: string) => facilityName(facilities, id), [facilities]);

  const items = useMemo(() => {
    if (!loaded) return [];
    return [
      ...loaded.derived.map((r) => fromDerived(r, today)),
      ...loaded.manualOpen.map((r) => fromManual(r, today)),
      ...loaded.manualDone.map((r) => fromManual(r, today)),
    ];
  }, [loaded, today]);

  const matching = useMemo(
    () => sortItems(filterItems(items, { kind, search }), sort, nameOf),
    [items, kind, search, sort, nameOf],
  );
  const active = matching.filter((item) => item.state === "open");
  const settled = matching.filter((item) => item.state !== "open");
  const groups = groupReminders(active, today);
  const filtered = Boolean(kind || search.trim());
  const scope = facilityId ? nameOf(facilityId) : "All facilities";

  /** Runs one action on a row; a stale or duplicate write reloads the list with a message. */
  async function act(item: TReminderItem, action: () => Promise<string>) {
    setBusy(item.rowId);
    refocusAfter.current = readAt;
    try {
      toast.success(await action());
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") {
        toast.error("Someone else changed this reminder just now. The list shows where it stands.", {
          id: "reminder-conflict",
        });
      } else reportError(error);
    } finally {
      setBusy(null);
      setSnoozing(null);
    }
  }

  /** Records a derived reminder as done or snoozed: its state record, made on first use. */
  async function settleDerived(reminder: TDerivedReminder, state: "done" | "snoozed", until?: string) {
    if (reminder.stateRecord)
      await data.update(
        "reminderStates",
        reminder.stateRecord.id,
        { state, snoozedUntil: until ?? null },
        reminder.stateRecord.version,
      );
    else
      await data.create(
        "reminderStates",
        { facilityId: reminder.facilityId, key: reminder.key, state, ...(until ? { snoozedUntil: until } : {}) },
        { id: reminderStateId(reminder.key) },
      );
  }

  function markDone(item: TReminderItem) {
    void act(item, async () => {
      if (item.source.type === "derived") {
        await settleDerived(item.source.reminder, "done");
        return `Done: ${item.title}`;
      }
      const { record } = item.source;
      if (record.repeat === "none") {
        await data.update(
          "reminders",
          record.id,
          { status: "done", lastDoneOn: today, snoozedUntil: null },
          record.version,
        );
        return `Done: ${item.title}`;
      }
      const next = nextOccurrence(record, today);
      await data.update(
        "reminders",
        record.id,
        { dueDate: next, lastDoneOn: today, snoozedUntil: null },
        record.version,
      );
      return `Done. Next due ${next}`;
    });
  }

  function snooze(item: TReminderItem, until: string) {
    void act(item, async () => {
      if (item.source.type === "derived") {
        await settleDerived(item.source.reminder, "snoozed", until);
      } else {
        await data.update("reminders", item.source.record.id, { snoozedUntil: until }, item.source.record.version);
      }
      return `Snoozed until ${until}`;
    });
  }

  function undo(item: TReminderItem) {
    void act(item, async () => {
      if (item.source.type === "derived") {
        const state = item.source.reminder.stateRecord;
        if (state) await data.remove("reminderStates", state.id, state.version);
      } else {
        const { record } = item.source;
        const patch = record.status === "done" ? { status: "open" as const } : { snoozedUntil: null };
        await data.update("reminders", record.id, patch, record.version);
      }
      return `Back on the list: ${item.title}`;
    });
  }

  function exportCsv() {
    const groupOf = new Map(groups.flatMap((g) => g.items.map((item) => [item.rowId, g.label] as const)));
    const columns: TCsvColumn<TReminderItem>[] = [
      { header: "Group", value: (r) => groupOf.get(r.rowId) ?? (r.state === "done" ? "Done" : "Snoozed") },
      { header: "Due date", value: (r) => r.dueDate },
      { header: "Kind", value: (r) => KIND_LABELS[r.kind] },
      { header: "Title", value: (r) => r.title },
      { header: "Details", value: (r) => r.detail },
      { header: "Facility", value: (r) => nameOf(r.facilityId) },
      { header: "Snoozed until", value: (r) => (r.state === "snoozed" ? r.snoozedUntil : "") },
    ];
    const rows = [...groups.flatMap((g) => g.items), ...settled];
    downloadCsv(csvFileName("reminders", facilityId, today), toCsv(rows, columns));
  }

  const rowProps = { today, busy, nameOf, onDone: markDone, onSnooze: setSnoozing, onUndo: undo };

  return (
    <article className="page reminders-page" aria-labelledby="page-title" aria-busy={loading}>
      <PageHeader
        title="Reminders"
        scope={{
          label: "Facility:",
          value: scope,
          extra: loaded && ` · ${active.length} to do${filtered ? " matching" : ""}`,
        }}
        actions={
          <>
            <button type="button" className="button" onClick={() => setEditing("new")}>
              New reminder
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={exportCsv}
              disabled={matching.length === 0}
            >
              Export CSV
            </button>
          </>
        }
      />

      <ListFilters>
        <SearchFilter
          label="Search by title"
          value={search}
          onChange={setSearch}
          placeholder="Name, form or word in the title"
        />
        <SelectFilter label="Kind" anyLabel="Every kind" value={kind} onChange={setKind} labels={KIND_LABELS} />
        <label className="list-filters__field">
          <span>Sort by</span>
          <select value={sort} onChange={(event) => setSort(event.target.value as TReminderSort)}>
            <option value="due">Due date</option>
            <option value="title">Title</option>
            <option value="facility">Facility</option>
          </select>
        </label>
      </ListFilters>

      {loading && !loaded && (
        <p className="page-loading" role="status">
          Loading reminders…
        </p>
      )}

      {!loaded && failed && (
        <section className="empty-state card" aria-labelledby="reminders-failed">
          <h2 id="reminders-failed">Reminders could not be loaded</h2>
          <p>Check the connection and try again.</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              void derived.refetch();
              void manual.refetch();
            }}
          >
            Try again
          </button>
        </section>
      )}

      {loaded && active.length === 0 && (
        <section className="empty-state card" aria-labelledby="reminders-empty">
          {filtered ? (
            <>
              <h2 id="reminders-empty">No reminders match</h2>
              <p>Nothing to do in {scope} matches this search and kind. Clear them to see everything.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSearch("");
                  setKind("");
                }}
              >
                Clear search and kind
              </button>
            </>
          ) : (
            <>
              <h2 id="reminders-empty">Nothing needs doing right now</h2>
              <p>
                When a document is missing or about to expire, rent is past due or a reappraisal comes due in {scope},
                it appears here with its date. Add your own with New reminder.
              </p>
              <p className="empty-state__links">
                <button type="button" className="button" onClick={() => setEditing("new")}>
                  New reminder
                </button>
                <Link className="button button--secondary" to={paths.help.href("reminders")}>
                  How this page works
                </Link>
              </p>
            </>
          )}
        </section>
      )}

      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => {
          const limit = shown[group.id] ?? GROUP_PAGE;
          const headingId = `reminders-${group.id}`;
          return (
            <section
              key={group.id}
              className={`reminder-group reminder-group--${group.id}`}
              aria-labelledby={headingId}
            >
              <h2 id={headingId} className="reminder-group__title">
                {group.label} <span className="reminder-group__count">({group.items.length})</span>
              </h2>
              <ul className="reminder-list">
                {group.items.slice(0, limit).map((item) => (
                  <ReminderRow key={item.rowId} item={item} {...rowProps} onEdit={setEditing} />
                ))}
              </ul>
              {group.items.length > limit && (
                <button
                  type="button"
                  className="button button--secondary reminder-group__more"
                  onClick={() => setShown((s) => ({ ...s, [group.id]: limit + GROUP_PAGE }))}
                >
                  Show more ({group.items.length - limit} left)
                </button>
              )}
            </section>
          );
        })}

      {settled.length > 0 && (
        <details className="reminder-settled">
          <summary>
            <h2 className="reminder-settled__title">Snoozed and done ({settled.length})</h2>
          </summary>
          <ul className="reminder-list">
            {settled.slice(0, shown["settled"] ?? GROUP_PAGE).map((item) => (
              <ReminderRow key={item.rowId} item={item} {...rowProps} onEdit={setEditing} />
            ))}
          </ul>
          {settled.length > (shown["settled"] ?? GROUP_PAGE) && (
            <button
              type="button"
              className="button button--secondary reminder-group__more"
              onClick={() => setShown((s) => ({ ...s, settled: (s["settled"] ?? GROUP_PAGE) + GROUP_PAGE }))}
            >
              Show more ({settled.length - (shown["settled"] ?? GROUP_PAGE)} left)
            </button>
          )}
        </details>
      )}

      <SnoozeDialog
        title={snoozing?.title ?? null}
        today={today}
        busy={busy !== null}
        onSnooze={(until) => snoozing && snooze(snoozing, until)}
        onClose={() => setSnoozing(null)}
      />
      <ReminderFormDialog
        open={editing !== null}
        record={editing === "new" ? null : editing}
        defaults={{ facilityId, dueDate: today }}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </article>
  );
}

function ReminderRow({
  item,
  today,
  busy,
  nameOf,
  onDone,
  onSnooze,
  onUndo,
  onEdit,
}: {
  item: TReminderItem;
  today: string;
  busy: string | null;
  nameOf: (facilityId: string) => string;
  onDone: (item: TReminderItem) => void;
  onSnooze: (item: TReminderItem) => void;
  onUndo: (item: TReminderItem) => void;
  onEdit: (record: TManualReminder) => void;
}) {
  const path = linkPath(item);
  const titleId = `reminder-${item.rowId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const disabled = busy !== null;
  const overdue = item.state === "open" && item.dueDate < today;
  const manual = item.source.type === "manual" ? item.source.record : null;
  return (
    <li className={`reminder-row reminder-row--${item.state}`} aria-labelledby={titleId}>
      <div className="reminder-row__main">
        <p id={titleId} className="reminder-row__title">
          {item.title}
        </p>
        <p className="reminder-row__meta">
          <span className={`reminder-kind reminder-kind--${item.kind}`}>{KIND_LABELS[item.kind]}</span>
          <span>{nameOf(item.facilityId)}</span>
          {manual && manual.repeat !== "none" && <span>Repeats {manual.repeat}</span>}
        </p>
        {item.detail && <p className="reminder-row__detail">{item.detail}</p>}
      </div>
      <p className={overdue ? "reminder-row__due reminder-row__due--overdue" : "reminder-row__due"}>
        {item.state === "open" && (
          <>
            {dueText(item.dueDate, today)}
            <span className="reminder-row__date">{item.dueDate}</span>
          </>
        )}
        {item.state === "snoozed" && `Snoozed until ${item.snoozedUntil ?? ""}`}
        {item.state === "done" && `Done${manual?.lastDoneOn ? ` on ${manual.lastDoneOn}` : ""}`}
      </p>
      <div className="reminder-row__actions" role="group" aria-label={`Actions for ${item.title}`}>
        {item.state === "open" ? (
          <>
            <button type="button" className="button" disabled={disabled} onClick={() => onDone(item)}>
              Done
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={disabled}
              onClick={() => onSnooze(item)}
            >
              Snooze
            </button>
          </>
        ) : (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onUndo(item)}>
            Undo
          </button>
        )}
        {path && (
          <Link className="button button--secondary" to={path}>
            Open
          </Link>
        )}
        {manual && item.state === "open" && (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onEdit(manual)}>
            Edit
          </button>
        )}
      </div>
    </li>
  );
}
