/**
 * Schedules (`/staff/schedules`): the weekly rota of the header's home — staff rows × seven days, shifts
 * as blocks with their times, position and duty; add by an empty cell's "+", edit by a block; copy the
 * previous week (skipping people no longer working), publish the week (staff without schedule write see
 * only published shifts), print. The checks of the week (double bookings in any home, clearances,
 * employment dates, overtime, supervision, coverage by day and Title 22's night rule) come with the week
 * from the InsightsPort, computed from stored data, and follow every change. On a desktop a shift is
 * dragged to another person or day to move it, or copied with Ctrl (⌥ on a Mac) held. With "Select
 * Facility", the homes' weeks are shown side by side (`schedules-board.tsx`).
 */
import { useEffect, useMemo, useState, type DragEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { DEFAULT_SHIFT_TEMPLATES } from "@care/core/collections/schedules.collection";
import { ZDateOnly } from "@care/core/common.schema";
import { listAll } from "@care/core/list-all";
import type { TScheduleWeek } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import type { TWriteOp } from "@care/core/ports/data.port";
import { addDays, wallClockOf } from "@care/core/rules/date-only.rules";
import {
  shiftHours,
  weekHours,
  weekStartOf,
  type TScheduleIssue,
  type TWeekHours,
} from "@care/core/rules/schedule.rules";
import { useCan, useMayDo } from "../../lib/access.ts";
import { facilityToday } from "../../lib/facilities.tsx";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { useAllRecords, usePortQuery } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { printPage } from "../../ui/print.ts";
import { downloadCsv, toCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { ShiftDialog } from "./shift-dialog.tsx";
import { shiftBatches } from "./shift-batches.ts";
import {
  dayLabel,
  daysOf,
  DUTY_LABELS,
  DUTY_MARKS,
  SEVERITY_LABELS,
  WEEK_READS,
  weekLabel,
  weekStatusText,
  shiftCount,
} from "./schedule-format.ts";
import { countsText, panelIssues } from "./schedule-issues.ts";
import { HomesBoard } from "./schedules-board.tsx";
import { PublishWeekDialog } from "./publish-week-dialog.tsx";
import { ShiftOverrides } from "./shift-overrides.tsx";
import "./schedules.css";

type TShiftRecord = TRecordOf<"shifts">;

export function SchedulesPage() {
  const { facilityId, facilities, nameOf } = useFacilityScope();
  const [, selectFacility] = useSelectedFacility();
  const [search, setSearch] = useSearchParams();
  // A link to one home's week (a reminder's Open) chooses that home in the header, then leaves the address.
  const linkedHome = search.get("home");
  useEffect(() => {
    if (!linkedHome) return;
    selectFacility(linkedHome);
    const week = search.get("week");
    setSearch(week ? { week } : {}, { replace: true });
  }, [linkedHome, search, selectFacility, setSearch]);
  const today = facilityToday(facilities, facilityId);
  const asked = search.get("week");
  const askedIsDate = asked !== null && ZDateOnly.safeParse(asked).success;
  const weekStart = askedIsDate ? weekStartOf(asked) : weekStartOf(today);
  // A week in the address that is no date (a mistyped or cut link) is said once; this week is shown.
  useEffect(() => {
    if (asked === null || askedIsDate || linkedHome) return;
    toast.error(`"${asked}" in the address is not a date, so this week is shown.`, { id: "schedules-week" });
    setSearch({}, { replace: true });
  }, [asked, askedIsDate, linkedHome, setSearch]);
  const goTo = (week: string) => setSearch({ week }, { replace: true });
  // "Select Facility": every home this user may see.
  const mine = useSession()?.facilityIds ?? null;
  const homes = facilityId
    ? [facilityId]
    : facilities.map((f) => f.id).filter((id) => mine === null || mine.includes(id));
  const mayEdit = useCan()("schedules", "write");
  return (
    <article className="page schedules" aria-labelledby="page-title">
      <PageHeader
        title="Schedules"
        intro={
          mayEdit
            ? "Each home's weekly rota with its checks: double bookings in any home, clearances, overtime, and hours without the staff California's rules ask for."
            : "Each home's weekly rota, as published: who works when."
        }
      >
        <nav className="schedules__weeks no-print" aria-label="Week">
          <button type="button" className="button button--secondary" onClick={() => goTo(addDays(weekStart, -7))}>
            ← Previous week
          </button>
          <button type="button" className="button button--secondary" onClick={() => goTo(weekStartOf(today))}>
            This week
          </button>
          <button type="button" className="button button--secondary" onClick={() => goTo(addDays(weekStart, 7))}>
            Next week →
          </button>
          <label className="schedules__jump">
            Week of
            <input
              type="date"
              value={weekStart}
              onChange={(event) => event.target.value && goTo(weekStartOf(event.target.value))}
            />
          </label>
        </nav>
        <p className="schedules__week-label">{weekLabel(weekStart)}</p>
      </PageHeader>
      {facilityId ? (
        <HomeWeek facilityId={facilityId} name={nameOf(facilityId)} weekStart={weekStart} />
      ) : (
        <HomesBoard homes={homes} nameOf={nameOf} weekStart={weekStart} onOpen={selectFacility} />
      )}
      <p className="no-print">
        <Link to={paths.help.href("schedules")}>How schedules and their checks work</Link>
      </p>
    </article>
  );
}

function HomeWeek(props: { facilityId: string; name: string; weekStart: string }) {
  const { facilityId, weekStart } = props;
  const data = useData();
  const can = useCan();
  const mayEdit = can("schedules", "write");
  const mayOverride = useMayDo()("publishWithOverride");
  const seesStaff = can("staff");
  const week = usePortQuery(
    ["scheduleWeek", facilityId, weekStart],
    ({ insights }) => insights.scheduleWeek({ facilityId, weekStart }),
    { reads: WEEK_READS, keepPrevious: true },
  );
  const templates = useAllRecords("shiftTemplates", { where: { facilityId } }, { enabled: mayEdit });
  const [dialog, setDialog] = useState<{ editing?: TShiftRecord; staffId?: string; date: string } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The shift being dragged and the cell it is over (`staffId|date`), for moving or copying by mouse.
  const [dragging, setDragging] = useState<TShiftRecord | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const answer = week.data;
  const days = daysOf(weekStart);
  const inWeek = useMemo(
    () => (answer?.shifts ?? []).filter((s) => s.date >= weekStart && s.date <= days[6]!),
    [answer, weekStart, days],
  );
  const drafts = inWeek.filter((s) => !s.published);
  const published = inWeek.length > 0 && drafts.length === 0;
  const headingId = `week-${facilityId}`;

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error("Someone changed this week meanwhile; it was reloaded. Try again.", { id: "error-CONFLICT" });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const copyPrevious = () =>
    run(async () => {
      if (!answer) return;
      const previous = await listAll(data, "shifts", {
        where: { facilityId, date: daysOf(addDays(weekStart, -7)) },
      });
      const current = new Set(answer.people.filter((p) => p.current).map((p) => p.id));
      const skipped = new Set<string>();
      const ops: Extract<TWriteOp, { op: "create"; collection: "shifts" }>[] = [];
      // A shift already in this week (copied before, or added by hand) is not added twice.
      const here = new Set(inWeek.map((s) => `${s.staffId}|${s.date}|${s.start}|${s.end}`));
      let already = 0;
      for (const s of previous) {
        if (here.has(`${s.staffId}|${addDays(s.date, 7)}|${s.start}|${s.end}`)) {
          already += 1;
          continue;
        }
        if (!current.has(s.staffId)) {
          skipped.add(s.staffId);
          continue;
        }
        ops.push({
          op: "create",
          collection: "shifts",
          data: {
            facilityId,
            staffId: s.staffId,
            date: addDays(s.date, 7),
            start: s.start,
            end: s.end,
            position: s.position,
            duty: s.duty,
            ...(s.note ? { note: s.note } : {}),
            published: false,
          },
        });
      }
      if (previous.length === 0) {
        toast.error("The previous week has no shifts to copy.");
        return;
      }
      for (const batch of shiftBatches(ops)) await data.commit(batch);
      const names = [...skipped].map(
        (id) => answer.people.find((p) => p.id === id)?.name ?? "someone no longer listed",
      );
      toast.success(
        `Copied ${ops.length} shift${ops.length === 1 ? "" : "s"} from the previous week${
          names.length > 0 ? `; skipped those of ${names.join(", ")} (no longer working here)` : ""
        }${already > 0 ? `; ${already} ${already === 1 ? "was" : "were"} already in this week` : ""}.`,
        { duration: 8000 },
      );
    });

  /** Publishes the drafts: the uncleared's with the override's reason, or left as drafts. */
  const publish = ({ reason, withoutUncleared }: { reason?: string; withoutUncleared?: boolean }) =>
    run(async () => {
      setPublishing(false);
      const left = withoutUncleared ? drafts.filter((s) => unclearedDrafts.includes(s)) : [];
      await data.commit(
        drafts
          .filter((s) => !left.includes(s))
          .map((s) => ({
            op: "update" as const,
            collection: "shifts" as const,
            id: s.id,
            version: s.version,
            patch: { published: true, ...(reason && unclearedDrafts.includes(s) ? { overrideReason: reason } : {}) },
          })),
      );
      toast.success(
        left.length > 0
          ? `Published but for ${shiftCount(left.length)} of someone without a clearance, left as drafts.`
          : `The week is published: staff now see its ${shiftCount(inWeek.length)}.`,
      );
    });

  const dropShift = (shift: TShiftRecord, staffId: string, date: string, copy: boolean) =>
    run(async () => {
      if (!copy && shift.staffId === staffId && shift.date === date) return;
      const where = `${answer?.people.find((p) => p.id === staffId)?.name ?? "them"}, ${dayLabel(date)}`;
      if (copy) {
        await data.create("shifts", {
          facilityId,
          staffId,
          date,
          start: shift.start,
          end: shift.end,
          position: shift.position,
          duty: shift.duty,
          ...(shift.note ? { note: shift.note } : {}),
          published: false,
        });
        toast.success(`Copied the ${shift.start}–${shift.end} shift to ${where} (a draft until published).`);
      } else {
        await data.update("shifts", shift.id, { staffId, date }, shift.version);
        toast.success(`Moved the ${shift.start}–${shift.end} shift to ${where}.`);
      }
    });

  /** A cell a dragged shift may be dropped on: a current person's day. */
  const dropProps = (staffId: string, date: string) => {
    const key = `${staffId}|${date}`;
    const copying = (event: DragEvent) => event.ctrlKey || event.altKey || event.metaKey;
    return {
      className: dropTarget === key ? "schedule-grid__drop" : undefined,
      onDragOver: (event: DragEvent) => {
        if (!dragging) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = copying(event) ? "copy" : "move";
        setDropTarget(key);
      },
      onDragLeave: () => setDropTarget((current) => (current === key ? null : current)),
      onDrop: (event: DragEvent) => {
        if (!dragging) return;
        event.preventDefault();
        setDragging(null);
        setDropTarget(null);
        void dropShift(dragging, staffId, date, copying(event));
      },
    };
  };

  const addUsualTemplates = () =>
    run(async () => {
      await data.commit(
        DEFAULT_SHIFT_TEMPLATES.map((t) => ({
          op: "create" as const,
          collection: "shiftTemplates" as const,
          data: { ...t, facilityId },
        })),
      );
      toast.success("Day, Evening and Night were added; choose one when adding a shift.");
    });

  const issues = answer?.issues ?? [];
  const byShift = new Map<string, TScheduleIssue[]>();
  for (const issue of issues)
    for (const id of [issue.shiftId, issue.otherShiftId]) if (id) byShift.set(id, [...(byShift.get(id) ?? []), issue]);
  // Their shifts in other homes, as the home's wall-clock times, on the day they start.
  const busyOn = (staffId: string, date: string) =>
    (answer?.busyElsewhere ?? [])
      .filter((b) => b.staffId === staffId)
      .map((b) => {
        const start = wallClockOf(b.from, answer!.timeZone);
        return { ...b, date: start.date, start: start.time, end: wallClockOf(b.to, answer!.timeZone).time };
      })
      .filter((b) => b.date === date);
  const rows = (answer?.people ?? []).filter((p) => p.current || inWeek.some((s) => s.staffId === p.id));
  // Drafts of someone without a clearance: published only over an override (with its reason).
  const unclearedDrafts = drafts.filter(
    (s) => !s.overrideReason && (byShift.get(s.id) ?? []).some((i) => i.code === "no-clearance"),
  );
  const unclearedNames = [
    ...new Set(unclearedDrafts.map((s) => answer?.people.find((p) => p.id === s.staffId)?.name ?? "Someone")),
  ];

  return (
    <section className="card schedule-week" aria-labelledby={headingId}>
      {mayEdit && <style>{"@media print { @page { size: landscape; } }"}</style>}
      <div className="schedule-week__header">
        <h2 id={headingId}>{props.name}</h2>
        {answer && (
          <p className={`schedule-week__status${published ? " schedule-week__status--published" : ""}`}>
            {weekStatusText(inWeek.length, drafts.length, mayEdit)}
          </p>
        )}
      </div>
      {mayEdit && (
        <div className="schedule-week__actions no-print">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy || !answer}
            onClick={() => void copyPrevious()}
          >
            Copy the previous week
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || drafts.length === 0}
            onClick={() => setPublishing(true)}
          >
            Publish the week
          </button>
          <button type="button" className="button button--secondary" onClick={printPage}>
            Print
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!answer || inWeek.length === 0}
            onClick={() => answer && exportWeek(answer, props.name, inWeek)}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!answer || inWeek.length === 0}
            onClick={() => answer && exportPayroll(answer, props.name)}
          >
            Hours for payroll (CSV)
          </button>
          {templates.data?.length === 0 && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void addUsualTemplates()}
            >
              Add the usual shift templates
            </button>
          )}
        </div>
      )}
      {mayEdit && rows.length > 0 && (
        <p className="schedule-week__hint no-print">
          Drag a shift to another person or day to move it; hold Ctrl (⌥ Option on a Mac) as you drop to copy it.
        </p>
      )}
      {!answer ? (
        <p role="status">{week.isError ? "The week could not be loaded." : "Loading…"}</p>
      ) : (
        <>
          <div className="schedule-grid__scroll">
            <table className="schedule-grid">
              <caption className="visually-hidden">
                Shifts at {props.name}, {weekLabel(weekStart)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Staff</th>
                  {days.map((date) => (
                    <th scope="col" key={date}>
                      {dayLabel(date)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={8}>
                      Nobody works at {props.name} yet. <Link to={paths.staff.add.href()}>Add New Staff</Link>
                    </td>
                  </tr>
                )}
                {rows.map((person) => (
                  <tr key={person.id}>
                    <th scope="row">
                      {seesStaff ? <Link to={paths.staff.detail.href(person.id)}>{person.name}</Link> : person.name}
                      <span className="schedule-grid__position">
                        {POSITION_LABELS[person.position as keyof typeof POSITION_LABELS] ?? person.position}
                        {person.homeFacilityId !== facilityId ? " · other home" : ""}
                        {person.mayWorkIndependently === false ? " · under direct supervision" : ""}
                      </span>
                    </th>
                    {days.map((date) => (
                      <td
                        key={date}
                        data-day={dayLabel(date)}
                        {...(mayEdit && person.current ? dropProps(person.id, date) : {})}
                      >
                        {inWeek
                          .filter((s) => s.staffId === person.id && s.date === date)
                          .map((s) => (
                            <ShiftBlock
                              key={s.id}
                              shift={s}
                              issues={byShift.get(s.id) ?? []}
                              onOpen={mayEdit ? () => setDialog({ editing: s, date: s.date }) : undefined}
                              onDrag={
                                mayEdit
                                  ? (started) => {
                                      setDragging(started ? s : null);
                                      if (!started) setDropTarget(null);
                                    }
                                  : undefined
                              }
                              personName={person.name}
                            />
                          ))}
                        {busyOn(person.id, date).map((busy) => (
                          <span
                            key={`${busy.from}`}
                            className="schedule-busy"
                            title="A shift in another home of the group: this person is not free then."
                          >
                            {busy.home ? `At ${busy.home}` : "Another home"} {busy.start}–{busy.end}
                          </span>
                        ))}
                        {mayEdit && person.current && (
                          <button
                            type="button"
                            className="schedule-grid__add no-print"
                            onClick={() => setDialog({ staffId: person.id, date })}
                            aria-label={`Add a shift for ${person.name} on ${dayLabel(date)}`}
                          >
                            +
                          </button>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Residents at night</th>
                  {days.map((date) => {
                    const night = answer.census.find((c) => c.date === date);
                    return (
                      <td key={date} data-day={dayLabel(date)}>
                        {night ? `${night.residents}${night.dementia ? " · dementia" : ""}` : "—"}
                      </td>
                    );
                  })}
                </tr>
              </tfoot>
            </table>
          </div>
          <ShiftOverrides shifts={inWeek} people={answer.people} timeZone={answer.timeZone} />
          {mayEdit && <IssuesPanel answer={answer} seesStaff={seesStaff} />}
        </>
      )}
      {dialog && answer && (
        <ShiftDialog
          facilityId={facilityId}
          editing={dialog.editing}
          preset={{ ...(dialog.staffId ? { staffId: dialog.staffId } : {}), date: dialog.date }}
          people={answer.people}
          templates={templates.data ?? []}
          weekPublished={false}
          onClose={() => setDialog(null)}
        />
      )}
      <PublishWeekDialog
        open={publishing}
        busy={busy}
        shifts={inWeek.length}
        checks={answer && issues.length > 0 ? `Its checks: ${countsText(answer)} See them first if you can.` : ""}
        uncleared={unclearedNames}
        mayOverride={mayOverride}
        onPublish={(choice) => void publish(choice)}
        onCancel={() => setPublishing(false)}
      />
    </section>
  );
}

/** The week's shifts as CSV: one line per shift with its real length. */
function exportWeek(answer: TScheduleWeek, home: string, shifts: readonly TShiftRecord[]) {
  const nameOf = (id: string) => answer.people.find((p) => p.id === id)?.name ?? id;
  const columns: TCsvColumn<TShiftRecord>[] = [
    { header: "Date", value: (s) => s.date },
    { header: "Starts", value: (s) => s.start },
    { header: "Ends", value: (s) => s.end },
    { header: "Hours", value: (s) => shiftHours(s, answer.timeZone) },
    { header: "Staff member", value: (s) => nameOf(s.staffId) },
    { header: "Position", value: (s) => POSITION_LABELS[s.position] },
    { header: "Duty", value: (s) => DUTY_LABELS[s.duty] },
    { header: "Published", value: (s) => (s.published ? "Yes" : "No") },
    { header: "Note", value: (s) => s.note },
  ];
  downloadCsv(`schedule-${slug(home)}-${answer.weekStart}.csv`, toCsv(shifts, columns));
}

/** Each person's hours of the week for payroll: here, elsewhere, overtime and double time. */
function exportPayroll(answer: TScheduleWeek, home: string) {
  const nameOf = (id: string) => answer.people.find((p) => p.id === id)?.name ?? id;
  const rows = weekHours(answer).sort((a, b) => nameOf(a.staffId).localeCompare(nameOf(b.staffId)));
  const columns: TCsvColumn<TWeekHours>[] = [
    { header: "Staff member", value: (h) => nameOf(h.staffId) },
    { header: `Hours at ${home}`, value: (h) => h.here },
    { header: "Hours in other homes", value: (h) => h.elsewhere },
    { header: "Days worked", value: (h) => h.days },
    { header: "Daily overtime (over 8)", value: (h) => h.dailyOvertime },
    { header: "Double time (over 12)", value: (h) => h.dailyDoubleTime },
    { header: "Weekly overtime (over 40)", value: (h) => h.weeklyOvertime },
  ];
  downloadCsv(`payroll-hours-${slug(home)}-${answer.weekStart}.csv`, toCsv(rows, columns));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function ShiftBlock(props: {
  shift: TShiftRecord;
  issues: readonly TScheduleIssue[];
  onOpen: (() => void) | undefined;
  /** Called with true when a drag of this block starts and false when it ends; undefined: not draggable. */
  onDrag: ((started: boolean) => void) | undefined;
  personName: string;
}) {
  const { shift, issues } = props;
  const tone = issues.some((i) => i.severity === "error")
    ? " schedule-shift--error"
    : issues.length > 0
      ? " schedule-shift--warning"
      : "";
  const text = (
    <>
      <span className="schedule-shift__time">
        {shift.start}–{shift.end}
      </span>
      {DUTY_MARKS[shift.duty] && <span className="schedule-shift__duty">{DUTY_MARKS[shift.duty]}</span>}
      {!shift.published && <span className="schedule-shift__draft">draft</span>}
    </>
  );
  const label = `${props.personName} ${dayLabel(shift.date)} ${shift.start} to ${shift.end}${issues.length > 0 ? `, ${issues.length} problem${issues.length === 1 ? "" : "s"}` : ""}`;
  return props.onOpen ? (
    <button
      type="button"
      className={`schedule-shift${tone}`}
      onClick={props.onOpen}
      {...(props.onDrag
        ? {
            draggable: true,
            onDragStart: (event: DragEvent) => {
              event.dataTransfer.effectAllowed = "copyMove";
              event.dataTransfer.setData("text/plain", `${props.personName} ${shift.start}–${shift.end}`);
              props.onDrag?.(true);
            },
            onDragEnd: () => props.onDrag?.(false),
          }
        : {})}
      aria-label={`Edit shift: ${label}`}
      title={issues.map((i) => i.message).join("\n") || undefined}
    >
      {text}
    </button>
  ) : (
    <span className={`schedule-shift${tone}`} title={issues.map((i) => i.message).join("\n") || undefined}>
      {text}
    </span>
  );
}

function IssuesPanel({ answer, seesStaff }: { answer: TScheduleWeek; seesStaff: boolean }) {
  const listed = panelIssues(answer);
  const groups = (["error", "warning", "coverage"] as const).map((severity) => ({
    severity,
    items: listed.filter((i) => i.severity === severity),
  }));
  const headingId = `checks-${answer.facilityId}`;
  return (
    <section className="schedule-checks" aria-labelledby={headingId}>
      <h3 id={headingId}>Checks</h3>
      {answer.issues.length === 0 ? (
        <p className="schedule-checks__ok">No problems found in this week.</p>
      ) : (
        groups
          .filter((g) => g.items.length > 0)
          .map((g) => (
            <div key={g.severity} className={`schedule-checks__group schedule-checks__group--${g.severity}`}>
              <h4>
                {SEVERITY_LABELS[g.severity]} ({g.items.length})
              </h4>
              <ul>
                {g.items.map((issue, index) => (
                  <li key={`${issue.code}-${issue.shiftId ?? ""}-${issue.staffId ?? ""}-${issue.date ?? ""}-${index}`}>
                    {issue.message} <span className="schedule-checks__rule">{issue.rule}</span>
                    {issue.staffId && seesStaff && (
                      <>
                        {" "}
                        <Link to={paths.staff.detail.href(issue.staffId)}>Staff page</Link>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))
      )}
    </section>
  );
}
