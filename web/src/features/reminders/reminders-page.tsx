/**
 * `/reminders`, the home page after sign-in: what needs doing for the header's facility, grouped by
 * person, home or kind with counts ("Okafor, Margaret — 7 missing documents"), the group with the
 * oldest due date first, each group opened to its items a page at a time. Derived reminders (missing,
 * expiring and expired documents, reappraisals, rent past due) come from the insights port, which
 * answers the groups and pages their items; manual ones are records, shown as one group of their own.
 * A derived reminder ends when the data changes (the document uploaded, the rent paid) or by a waiver
 * with a reason; it can be snoozed, never marked done. Snoozes, waivers and done manual reminders are
 * listed under "Snoozed, waived and done", where they can be undone.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { MAX_REMINDER_PAGE } from "@care/core/insights/insights-query.schema";
import { listAll } from "@care/core/list-all";
import type { TSessionUser } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type {
  InsightsPort,
  TDerivedReminder,
  TDerivedReminderKind,
  TReminderGrouping,
  TReminderGroupSummary,
  TRemindersQuery,
  TReminderView,
} from "@care/core/ports/insights.port";
import { isOverdue, reminderStateId } from "@care/core/rules/reminders.rules";
import { csvFileName } from "../../lib/facility-scope.ts";
import { facilityName, facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData, useInsights, useSession } from "../../lib/ports.tsx";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { usePortQuery, useShownPages } from "../../lib/records/use-records.ts";
import { REMINDER_ITEMS_PAGE, useDerivedReminders } from "../../lib/reminder-count.ts";
import { reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { downloadCsv, toCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { ListFilters, SearchFilter, SelectFilter } from "../../ui/list-filters.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { ReminderFormDialog } from "./reminder-form-dialog.tsx";
import {
  DERIVED_KINDS,
  dueText,
  filterItems,
  fromDerived,
  fromManual,
  groupContents,
  KIND_LABELS,
  linkPath,
  maySnooze,
  mayWaive,
  nextOccurrence,
  type TManualReminder,
  type TReminderItem,
  type TReminderKind,
} from "./reminder-items.ts";
import { SnoozeDialog } from "./snooze-dialog.tsx";
import { WaiveDialog } from "./waive-dialog.tsx";
import "../../ui/area-page.css";
import "./reminders.css";

/** Groups listed before "Show more groups". */
const GROUPS_SHOWN = 30;
/** Done manual reminders listed under "Snoozed, waived and done" (the latest by due date). */
const DONE_SHOWN = 50;
/** The group of manual reminders, whatever the grouping. */
const MANUAL_GROUP = "manual";

const GROUPING_LABELS: Record<TReminderGrouping, string> = { person: "Person", home: "Home", kind: "Kind" };
const VIEW_LABELS: Record<TReminderView, string> = { open: "To do", settled: "Snoozed, waived and done" };

/** The derived kind a Kind filter asks for (none for "manual" or every kind). */
const DERIVED_KIND_OF = Object.fromEntries(
  Object.entries(DERIVED_KINDS).map(([derived, kind]) => [kind, derived as TDerivedReminderKind]),
) as Partial<Record<TReminderKind, TDerivedReminderKind>>;

/**
 * The manual reminders of a facility ("" = every one the user may see): every open one, the latest done
 * ones. Export CSV reads them again with the purpose `export`, so the audit log records the export.
 */
async function loadManual(data: DataPort, facilityId: string, purpose?: "export") {
  const where: Record<string, string> = facilityId ? { facilityId } : {};
  const [open, done] = await Promise.all([
    listAll(data, "reminders", {
      where: { ...where, status: "open" },
      orderBy: { field: "dueDate", direction: "asc" },
      ...(purpose ? { purpose } : {}),
    }),
    data.list("reminders", {
      where: { ...where, status: "done" },
      orderBy: { field: "dueDate", direction: "desc" },
      limit: DONE_SHOWN,
      ...(purpose ? { purpose } : {}),
    }),
  ]);
  return { open, done: done.items };
}

/** The manual reminders the page's search and view show. */
function manualRows(
  manual: Awaited<ReturnType<typeof loadManual>>,
  { today, search, view }: { today: string; search: string; view: TReminderView },
): TReminderItem[] {
  const rows = [...manual.open, ...manual.done].map((r) => fromManual(r, today));
  return filterItems(rows, { kind: "", search }).filter((item) =>
    view === "open" ? item.state === "open" : item.state !== "open",
  );
}

/** Every derived reminder of a query, page by page (for the CSV). */
async function allDerived(insights: InsightsPort, query: TRemindersQuery): Promise<TDerivedReminder[]> {
  const items: TDerivedReminder[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await insights.derivedReminders({ ...query, offset, limit: MAX_REMINDER_PAGE });
    items.push(...page.items);
    offset = page.nextOffset;
  }
  return items;
}

/** The first page of a group's items, read with the groups at `updatedAt`. */
type TInitialItems = { page: { items: TDerivedReminder[]; next: number | null }; updatedAt: number };

/** A group on the page: one of the server's, or the manual reminders. */
type TShownGroup =
  | { source: "derived"; summary: TReminderGroupSummary }
  | { source: "manual"; summary: TReminderGroupSummary; items: TReminderItem[] };

export function RemindersPage() {
  const data = useData();
  const insights = useInsights();
  const { facilities } = useFacilities();
  const [facilityId] = useSelectedFacility();
  // Today in the selected home (the group's first home when all are shown), not the browser's.
  const today = facilityToday(facilities, facilityId);
  const [kind, setKind] = useState<TReminderKind | "">("");
  const [search, setSearch] = useState("");
  const [groupBy, setGroupBy] = useState<TReminderGrouping>("person");
  const [view, setView] = useState<TReminderView>("open");
  const [opened, setOpened] = useState<Record<string, boolean>>({});
  const [groupsShown, setGroupsShown] = useState(GROUPS_SHOWN);
  const [busy, setBusy] = useState<string | null>(null);
  const [snoozing, setSnoozing] = useState<TReminderItem | null>(null);
  const [waiving, setWaiving] = useState<TReminderItem | null>(null);
  const session = useSession();
  const [editing, setEditing] = useState<TManualReminder | "new" | null>(null);

  const derivedKind = kind ? DERIVED_KIND_OF[kind] : undefined;
  const wantsDerived = kind !== "manual";
  const wantsManual = kind === "" || kind === "manual";
  // Only what differs from the defaults, so the default view shares the navigation count's query.
  const options = {
    ...(groupBy !== "person" ? { groupBy } : {}),
    ...(view !== "open" ? { view } : {}),
    ...(derivedKind ? { kind: derivedKind } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const query: TRemindersQuery = { ...(facilityId ? { facilityId } : {}), today, ...options };
  const derived = useDerivedReminders(facilityId, today, options);
  const manual = usePortQuery(["reminders", "manual", facilityId], ({ data }) => loadManual(data, facilityId), {
    reads: ["reminders"],
  });
  const loading = derived.isFetching || manual.isFetching;
  const failed = derived.isError || manual.isError;
  const nameOf = (id: string) => facilityName(facilities, id);

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

  // Another facility, grouping or filter starts with the first group open and the first groups shown.
  useEffect(() => {
    setOpened({});
    setGroupsShown(GROUPS_SHOWN);
  }, [facilityId, kind, search, groupBy, view]);

  const manualItems = useMemo(
    () => (manual.data && wantsManual ? manualRows(manual.data, { today, search, view }) : []),
    [manual.data, wantsManual, today, search, view],
  );

  const loaded = derived.data !== undefined && manual.data !== undefined;
  const groups: TShownGroup[] = useMemo(() => {
    const shown: TShownGroup[] =
      wantsDerived && derived.data ? derived.data.groups.map((summary) => ({ source: "derived", summary })) : [];
    if (manualItems.length > 0) {
      const firstDueDate = manualItems.reduce((min, i) => (i.dueDate < min ? i.dueDate : min), manualItems[0]!.dueDate);
      const summary: TReminderGroupSummary = {
        id: MANUAL_GROUP,
        label: "Your own reminders",
        count: manualItems.length,
        overdue: manualItems.filter((i) => i.dueDate < today).length,
        firstDueDate,
        kinds: {},
      };
      const at = shown.findIndex((g) => g.summary.firstDueDate > firstDueDate);
      shown.splice(at === -1 ? shown.length : at, 0, { source: "manual", summary, items: manualItems });
    }
    return shown;
  }, [wantsDerived, derived.data, manualItems, today]);

  const total = (wantsDerived ? (derived.data?.total ?? 0) : 0) + manualItems.length;
  const filtered = Boolean(kind || search.trim());
  const { scope } = useFacilityScope();
  const isOpen = (id: string, index: number) => opened[id] ?? index === 0;

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
      setWaiving(null);
    }
  }

  function markDone(item: TReminderItem) {
    if (item.source.type !== "manual") return;
    const { record } = item.source;
    void act(item, async () => {
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
        const reminder = item.source.reminder;
        // A run-out snooze of this occurrence is moved on; otherwise the snooze is made.
        if (reminder.stateRecord)
          await data.update(
            "reminderStates",
            reminder.stateRecord.id,
            { state: "snoozed", snoozedUntil: until },
            reminder.stateRecord.version,
          );
        else
          await data.create(
            "reminderStates",
            { facilityId: reminder.facilityId, key: reminder.key, state: "snoozed", snoozedUntil: until },
            { id: reminderStateId(reminder.facilityId, reminder.key) },
          );
      } else {
        await data.update("reminders", item.source.record.id, { snoozedUntil: until }, item.source.record.version);
      }
      return `Snoozed until ${until}`;
    });
  }

  function waive(item: TReminderItem, reason: string) {
    if (item.source.type !== "derived" || !item.source.reminder.waiverKey) return;
    const reminder = item.source.reminder;
    const key = item.source.reminder.waiverKey;
    void act(item, async () => {
      // A missing document's snooze has the requirement's key: it becomes the waiver.
      if (reminder.stateRecord && reminder.key === key)
        await data.update(
          "reminderStates",
          reminder.stateRecord.id,
          { state: "waived", reason, snoozedUntil: null },
          reminder.stateRecord.version,
        );
      else
        await data.create(
          "reminderStates",
          { facilityId: reminder.facilityId, key, state: "waived", reason },
          { id: reminderStateId(reminder.facilityId, key) },
        );
      return `Waived: ${item.title}`;
    });
  }

  function undo(item: TReminderItem) {
    void act(item, async () => {
      if (item.source.type === "derived") {
        const state = item.source.reminder.stateRecord;
        if (state) await data.remove("reminderStates", state.id, state.version);
        return item.state === "waived" ? `Waiver removed: ${item.title}` : `Back on the list: ${item.title}`;
      }
      const { record } = item.source;
      const patch = record.status === "done" ? { status: "open" as const } : { snoozedUntil: null };
      await data.update("reminders", record.id, patch, record.version);
      return `Back on the list: ${item.title}`;
    });
  }

  const [exporting, setExporting] = useState(false);

  /** The CSV of everything the page's query and filters match, every group's items. */
  async function exportCsv() {
    setExporting(true);
    try {
      const [derivedRows, exportedManual] = await Promise.all([
        wantsDerived ? allDerived(insights, query).then((all) => all.map((r) => fromDerived(r, today))) : [],
        // Read even when only derived reminders are wanted: this read records the export in the audit log.
        loadManual(data, facilityId, "export").then((m) => (wantsManual ? manualRows(m, { today, search, view }) : [])),
      ]);
      const rows = [...derivedRows, ...exportedManual].sort((a, b) =>
        a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0,
      );
      const columns: TCsvColumn<TReminderItem>[] = [
        { header: "Due date", value: (r) => r.dueDate },
        { header: "Expires", value: (r) => r.expiryDate ?? "" },
        { header: "Kind", value: (r) => KIND_LABELS[r.kind] },
        { header: "Title", value: (r) => r.title },
        { header: "Details", value: (r) => r.detail },
        { header: "Facility", value: (r) => nameOf(r.facilityId) },
        { header: "State", value: (r) => stateText(r) },
      ];
      downloadCsv(csvFileName("reminders", facilityId, today), toCsv(rows, columns));
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  }

  const rowProps = {
    today,
    busy,
    nameOf,
    onDone: markDone,
    // Snooze, Waive and Undo only where the backends would take them (the same core rule).
    user: session ?? null,
    onSnooze: setSnoozing,
    onWaive: setWaiving,
    onUndo: undo,
    onEdit: setEditing,
  };

  return (
    <article className="page reminders-page" aria-labelledby="page-title" aria-busy={loading}>
      <PageHeader
        title="Reminders"
        scope={{
          label: "Facility:",
          value: scope,
          extra:
            loaded &&
            ` · ${total} ${view === "open" ? "to do" : "snoozed, waived or done"}${filtered ? " matching" : ""}`,
        }}
        actions={
          <>
            <button type="button" className="button" onClick={() => setEditing("new")}>
              New reminder
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportCsv()}
              disabled={total === 0 || exporting}
            >
              {exporting ? "Exporting…" : "Export CSV"}
            </button>
          </>
        }
      />

      <ListFilters>
        <SearchFilter label="Search" value={search} onChange={setSearch} placeholder="Name or form" />
        <SelectFilter label="Kind" anyLabel="Every kind" value={kind} onChange={setKind} labels={KIND_LABELS} />
        <label className="list-filters__field">
          <span>Group by</span>
          <select value={groupBy} onChange={(event) => setGroupBy(event.target.value as TReminderGrouping)}>
            {Object.entries(GROUPING_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="list-filters__field">
          <span>Show</span>
          <select value={view} onChange={(event) => setView(event.target.value as TReminderView)}>
            {Object.entries(VIEW_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
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

      {loaded && total === 0 && (
        <section className="empty-state card" aria-labelledby="reminders-empty">
          {filtered ? (
            <>
              <h2 id="reminders-empty">No reminders match</h2>
              <p>Nothing in {scope} matches this search and kind. Clear them to see everything.</p>
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
          ) : view === "settled" ? (
            <>
              <h2 id="reminders-empty">Nothing snoozed, waived or done</h2>
              <p>Reminders you snooze, documents you waive and your own reminders marked done are listed here.</p>
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

      {loaded && groups.length > 0 && (
        <ul className="reminder-groups" aria-label={`Reminders by ${GROUPING_LABELS[groupBy].toLowerCase()}`}>
          {groups.slice(0, groupsShown).map((group, index) => (
            <ReminderGroup
              key={`${group.source}:${group.summary.id}`}
              group={group}
              groupBy={groupBy}
              query={query}
              open={isOpen(group.summary.id, index)}
              initial={
                derived.data && group.summary.id === derived.data.groups[0]?.id
                  ? {
                      page: { items: derived.data.items, next: derived.data.nextOffset },
                      updatedAt: derived.dataUpdatedAt,
                    }
                  : undefined
              }
              showHome={!facilityId && groupBy === "person"}
              settled={view === "settled"}
              onToggle={() => setOpened((o) => ({ ...o, [group.summary.id]: !isOpen(group.summary.id, index) }))}
              rowProps={rowProps}
            />
          ))}
        </ul>
      )}
      {loaded && groups.length > groupsShown && (
        <button
          type="button"
          className="button button--secondary reminder-group__more"
          onClick={() => setGroupsShown((n) => n + GROUPS_SHOWN)}
        >
          Show more groups ({groups.length - groupsShown} left)
        </button>
      )}

      <SnoozeDialog
        title={snoozing?.title ?? null}
        today={today}
        busy={busy !== null}
        onSnooze={(until) => snoozing && snooze(snoozing, until)}
        onClose={() => setSnoozing(null)}
      />
      <WaiveDialog
        title={waiving?.title ?? null}
        busy={busy !== null}
        onWaive={(reason) => waiving && waive(waiving, reason)}
        onClose={() => setWaiving(null)}
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

type TRowProps = {
  today: string;
  busy: string | null;
  nameOf: (facilityId: string) => string;
  /** The signed-in user, whose role decides which of Snooze, Waive and Undo a row offers. */
  user: TSessionUser | null;
  onDone: (item: TReminderItem) => void;
  onSnooze: (item: TReminderItem) => void;
  onWaive: (item: TReminderItem) => void;
  onUndo: (item: TReminderItem) => void;
  onEdit: (record: TManualReminder) => void;
};

/** One group: its heading (a button that opens it) and, when open, its items a page at a time. */
function ReminderGroup({
  group,
  groupBy,
  query,
  open,
  initial,
  showHome,
  settled,
  onToggle,
  rowProps,
}: {
  group: TShownGroup;
  groupBy: TReminderGrouping;
  query: TRemindersQuery;
  open: boolean;
  /** The group's first page of items when it came with the groups. */
  initial: TInitialItems | undefined;
  showHome: boolean;
  /** Snoozed, waived and done reminders: how urgent they were is not shown. */
  settled: boolean;
  onToggle: () => void;
  rowProps: TRowProps;
}) {
  const { summary } = group;
  const listId = `reminder-group-${summary.id.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const contents =
    group.source === "manual" || groupBy === "kind"
      ? `${summary.count} reminder${summary.count === 1 ? "" : "s"}`
      : groupContents(summary.kinds);
  return (
    <li className={`reminder-group${summary.overdue > 0 && !settled ? " reminder-group--overdue" : ""}`}>
      <h2 className="reminder-group__heading">
        <button
          type="button"
          className="reminder-group__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
        >
          <span className="reminder-group__arrow" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
          <span className="reminder-group__label">
            {summary.label}
            {showHome && summary.facilityId && (
              <span className="reminder-group__home"> · {rowProps.nameOf(summary.facilityId)}</span>
            )}
          </span>
          <span className="reminder-group__contents">— {contents}</span>
          {!settled && (
            <span className="reminder-group__due">
              {summary.overdue > 0 ? `${summary.overdue} overdue` : dueText(summary.firstDueDate, rowProps.today)}
            </span>
          )}
        </button>
      </h2>
      {open && (
        <div id={listId}>
          {group.source === "manual" ? (
            <ManualItems items={group.items} rowProps={rowProps} />
          ) : (
            <DerivedItems query={query} group={summary.id} initial={initial} rowProps={rowProps} />
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A derived group's items, read a page at a time from the insights port. The first group's first page
 * came with the groups (`initial`), so it is drawn with them: nothing below it moves when it arrives.
 */
function DerivedItems({
  query,
  group,
  initial,
  rowProps,
}: {
  query: TRemindersQuery;
  group: string;
  initial?: TInitialItems;
  rowProps: TRowProps;
}) {
  const shown = useShownPages(
    ["insights", "derivedReminderItems", query, group],
    async ({ insights }, from: number | undefined) => {
      const page = await insights.derivedReminders({ ...query, group, offset: from ?? 0, limit: REMINDER_ITEMS_PAGE });
      return { items: page.items, next: page.nextOffset };
    },
    { reads: INSIGHT_READS, ...(initial ? { initial } : {}) },
  );
  const items = shown.items.map((r) => fromDerived(r, rowProps.today));
  return (
    <>
      {items.length === 0 && shown.loading && (
        <p className="page-loading" role="status">
          Loading…
        </p>
      )}
      <ul className="reminder-list">
        {items.map((item) => (
          <ReminderRow key={item.rowId} item={item} {...rowProps} />
        ))}
      </ul>
      {shown.hasMore && (
        <button
          type="button"
          className="button button--secondary reminder-group__more"
          disabled={shown.loading}
          onClick={shown.showMore}
        >
          {shown.loading ? "Loading…" : "Show more"}
        </button>
      )}
    </>
  );
}

/** The manual reminders' group, a page at a time. */
function ManualItems({ items, rowProps }: { items: TReminderItem[]; rowProps: TRowProps }) {
  const [limit, setLimit] = useState(REMINDER_ITEMS_PAGE);
  return (
    <>
      <ul className="reminder-list">
        {items.slice(0, limit).map((item) => (
          <ReminderRow key={item.rowId} item={item} {...rowProps} />
        ))}
      </ul>
      {items.length > limit && (
        <button
          type="button"
          className="button button--secondary reminder-group__more"
          onClick={() => setLimit((n) => n + REMINDER_ITEMS_PAGE)}
        >
          Show more ({items.length - limit} left)
        </button>
      )}
    </>
  );
}

/** "Snoozed until …", "Waived: …", "Done on …" or the due text. */
function stateText(item: TReminderItem): string {
  switch (item.state) {
    case "snoozed":
      return `Snoozed until ${item.snoozedUntil ?? ""}`;
    case "waived":
      return `Waived: ${item.waiverReason ?? ""}`;
    case "done":
      return `Done${item.source.type === "manual" && item.source.record.lastDoneOn ? ` on ${item.source.record.lastDoneOn}` : ""}`;
    case "open":
      return "To do";
  }
}

function ReminderRow({
  item,
  today,
  busy,
  nameOf,
  user,
  onDone,
  onSnooze,
  onWaive,
  onUndo,
  onEdit,
}: TRowProps & { item: TReminderItem }) {
  const path = linkPath(item);
  const titleId = `reminder-${item.rowId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const disabled = busy !== null;
  const overdue = item.state === "open" && isOverdue(item, today);
  // A document still valid is to renew by its due date; it is overdue only once it has expired.
  const renewal = item.expiryDate !== undefined && item.expiryDate >= today && item.dueDate <= today;
  const manual = item.source.type === "manual" ? item.source.record : null;
  const markable = maySnooze(user, item);
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
        {item.state === "open" && item.kind === "missing" ? (
          // A missing document is due from admission: "missing since" says more than "326 days overdue".
          <>
            Missing <span className="reminder-row__date">since {item.dueDate}</span>
          </>
        ) : item.state === "open" && renewal ? (
          <>
            Renew by {item.dueDate}
            <span className="reminder-row__date">Expires {item.expiryDate}</span>
          </>
        ) : item.state === "open" ? (
          <>
            {dueText(item.dueDate, today)}
            <span className="reminder-row__date">
              {item.expiryDate ? "Act by " : ""}
              {item.dueDate}
            </span>
          </>
        ) : (
          stateText(item)
        )}
      </p>
      <div className="reminder-row__actions" role="group" aria-label={`Actions for ${item.title}`}>
        {item.state === "open" ? (
          <>
            {manual && (
              <button type="button" className="button" disabled={disabled} onClick={() => onDone(item)}>
                Done
              </button>
            )}
            {markable && (
              <button
                type="button"
                className="button button--secondary"
                disabled={disabled}
                onClick={() => onSnooze(item)}
              >
                Snooze
              </button>
            )}
            {mayWaive(user, item) && (
              <button
                type="button"
                className="button button--secondary"
                disabled={disabled}
                onClick={() => onWaive(item)}
              >
                Waive
              </button>
            )}
          </>
        ) : (
          markable && (
            <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onUndo(item)}>
              {item.state === "waived" ? "Remove waiver" : "Undo"}
            </button>
          )
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
