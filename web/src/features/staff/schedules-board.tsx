/**
 * Every home's week side by side, for "Select Facility": one column per home, one row per day, each
 * shift a compact line (who, when, draft or not, problems), each home's status and counts of its checks
 * at the top with a button that opens the home's own week to work on it.
 */
import type { TScheduleWeek } from "@care/core/ports/insights.port";
import type { TScheduleIssue } from "@care/core/rules/schedule.rules";
import { useCan } from "../../lib/access.ts";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { dayLabel, daysOf, DUTY_MARKS, WEEK_READS, weekLabel, weekStatusText } from "./schedule-format.ts";
import { countsText } from "./schedule-issues.ts";

export function HomesBoard(props: {
  homes: readonly string[];
  nameOf: (facilityId: string) => string;
  weekStart: string;
  /** Opens one home's week (chooses it in the header). */
  onOpen: (facilityId: string) => void;
}) {
  const { homes, weekStart, nameOf } = props;
  const mayEdit = useCan()("schedules", "write");
  const weeks = usePortQuery(
    ["scheduleWeeks", homes.join(","), weekStart],
    ({ insights }) => Promise.all(homes.map((facilityId) => insights.scheduleWeek({ facilityId, weekStart }))),
    { reads: WEEK_READS, keepPrevious: true },
  );
  const days = daysOf(weekStart);
  if (!weeks.data)
    return (
      <section className="card">
        <p role="status">{weeks.isError ? "The homes' weeks could not be loaded." : "Loading…"}</p>
      </section>
    );
  const answers = weeks.data;
  return (
    <section className="card schedule-board" aria-labelledby="board-title">
      <h2 id="board-title">Every home, side by side</h2>
      <p className="schedule-board__intro no-print">
        {mayEdit
          ? "Each column is one home's week. Open a home to add, move, copy or publish its shifts and read its checks."
          : "Each column is one home's published week. Open a home to see its week on its own."}
      </p>
      <div className="schedule-grid__scroll">
        <table className="schedule-board__table">
          <caption className="visually-hidden">Shifts at every home, {weekLabel(weekStart)}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {answers.map((answer) => (
                <HomeHead
                  key={answer.facilityId}
                  answer={answer}
                  name={nameOf(answer.facilityId)}
                  mayEdit={mayEdit}
                  onOpen={() => props.onOpen(answer.facilityId)}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((date) => (
              <tr key={date}>
                <th scope="row">{dayLabel(date)}</th>
                {answers.map((answer) => (
                  <DayCell key={answer.facilityId} answer={answer} date={date} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function HomeHead(props: { answer: TScheduleWeek; name: string; mayEdit: boolean; onOpen: () => void }) {
  const { answer, mayEdit } = props;
  const inWeek = answer.shifts.filter((s) => daysOf(answer.weekStart).includes(s.date));
  const drafts = inWeek.filter((s) => !s.published).length;
  return (
    <th scope="col" className="schedule-board__home">
      <span className="schedule-board__name">{props.name}</span>
      <span className="schedule-board__status">{weekStatusText(inWeek.length, drafts, mayEdit)}</span>
      {mayEdit && <span className="schedule-board__counts">{countsText(answer)}</span>}
      <button
        type="button"
        className="button button--secondary no-print"
        onClick={props.onOpen}
        aria-label={`Open ${props.name}'s week`}
      >
        Open
      </button>
    </th>
  );
}

/** One home's day: its shifts in start order, then that day's coverage gaps. */
function DayCell({ answer, date }: { answer: TScheduleWeek; date: string }) {
  const nameOf = (id: string) => answer.people.find((p) => p.id === id)?.name ?? "Someone";
  const problems = (shiftId: string) =>
    answer.issues.filter((i) => i.shiftId === shiftId || i.otherShiftId === shiftId);
  const gaps = answer.issues.filter((i) => i.severity === "coverage" && i.date === date);
  const shifts = answer.shifts.filter((s) => s.date === date);
  return (
    <td>
      {shifts.length === 0 && gaps.length === 0 ? (
        <span className="schedule-board__none">—</span>
      ) : (
        <ul className="schedule-board__shifts">
          {shifts.map((s) => (
            <li key={s.id} className={`schedule-board__shift${tone(problems(s.id))}`} title={titleOf(problems(s.id))}>
              <span className="schedule-board__who">{shortName(nameOf(s.staffId))}</span>{" "}
              <span className="schedule-board__time">
                {s.start}–{s.end}
              </span>
              {DUTY_MARKS[s.duty] && ` · ${DUTY_MARKS[s.duty]}`}
              {!s.published && <span className="schedule-shift__draft"> · draft</span>}
            </li>
          ))}
          {gaps.map((gap) => (
            <li key={`${gap.code}-${gap.from ?? ""}`} className="schedule-board__gap" title={gap.message}>
              {gap.code === "night-rule" ? "Night short" : "Nobody awake"}
              {gap.from && gap.to ? ` ${gap.from}–${gap.to}` : ""}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}

const tone = (issues: readonly TScheduleIssue[]) =>
  issues.some((i) => i.severity === "error")
    ? " schedule-board__shift--error"
    : issues.length > 0
      ? " schedule-board__shift--warning"
      : "";

const titleOf = (issues: readonly TScheduleIssue[]) => issues.map((i) => i.message).join("\n") || undefined;

/** "Ana Diaz" → "Ana D." (the column is narrow; the home's own week shows full names). */
function shortName(name: string): string {
  const [first, ...rest] = name.split(" ");
  const last = rest.at(-1);
  return last ? `${first} ${last[0]}.` : (first ?? name);
}
