/**
 * The rota today, for a phone (`/staff/schedules/today`, the bottom bar's "On duty"): per home the user
 * may see (or the one chosen in the header), who is on duty now and who comes on next, from the published
 * shifts only, in the home's own time zone. A shift of someone without a clearance is shown as
 * scheduled but not counted, as the week's checks say.
 */
import { Link } from "react-router-dom";
import type { TScheduleWeek } from "@care/core/ports/insights.port";
import { addDays } from "@care/core/rules/date-only.rules";
import { notCleared, shiftInstants, weekStartOf } from "@care/core/rules/schedule.rules";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { facilityToday } from "../../lib/facilities.tsx";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { paths } from "../../lib/paths.ts";
import { useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { dayLabel, DUTY_LABELS, WEEK_READS } from "./schedule-format.ts";
import "./schedules.css";

type TShift = TScheduleWeek["shifts"][number];

export function SchedulesTodayPage() {
  const { facilityId, facilities, nameOf } = useFacilityScope();
  const mine = useSession()?.facilityIds ?? null;
  const homes = facilityId
    ? [facilityId]
    : facilities.map((f) => f.id).filter((id) => mine === null || mine.includes(id));
  return (
    <article className="page schedules-today" aria-labelledby="page-title">
      <PageHeader title="On duty today" intro="Who is on duty now and who comes on next in each home, as published." />
      {homes.map((id) => (
        <HomeToday key={id} facilityId={id} name={nameOf(id)} today={facilityToday(facilities, id)} />
      ))}
      <p>
        <Link to={paths.staff.schedules.href()}>The whole week</Link>
      </p>
    </article>
  );
}

/** This week's answer, and next week's too on a Sunday (whose night and next shift reach into Monday). */
function useWeeks(facilityId: string, today: string) {
  const weekStart = weekStartOf(today);
  const reachesNext = addDays(today, 1) === addDays(weekStart, 7);
  const nextStart = addDays(weekStart, 7);
  const current = usePortQuery(
    ["scheduleWeek", facilityId, weekStart],
    ({ insights }) => insights.scheduleWeek({ facilityId, weekStart }),
    { reads: WEEK_READS },
  );
  const next = usePortQuery(
    ["scheduleWeek", facilityId, nextStart],
    ({ insights }) => insights.scheduleWeek({ facilityId, weekStart: nextStart }),
    { reads: WEEK_READS, enabled: reachesNext },
  );
  return { current, next, reachesNext };
}

function HomeToday(props: { facilityId: string; name: string; today: string }) {
  const { current, next, reachesNext } = useWeeks(props.facilityId, props.today);
  const headingId = `today-${props.facilityId}`;
  const answers = [current.data, reachesNext ? next.data : undefined].filter((a): a is TScheduleWeek => !!a);
  const loading = !current.data || (reachesNext && !next.data);
  const failed = current.isError || next.isError;
  return (
    <section className="card schedule-today" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.name}</h2>
      {loading ? (
        <p role="status">{failed ? "The rota could not be loaded." : "Loading…"}</p>
      ) : (
        <NowAndNext answers={answers} />
      )}
    </section>
  );
}

function NowAndNext({ answers }: { answers: readonly TScheduleWeek[] }) {
  const now = Date.now();
  const timeZone = answers[0]!.timeZone;
  const people = new Map(answers.flatMap((a) => a.people).map((p) => [p.id, p]));
  const shifts = [...new Map(answers.flatMap((a) => a.shifts).map((s) => [s.id, s])).values()]
    .filter((s) => s.published)
    .map((shift) => ({ shift, ...shiftInstants(shift, timeZone) }));
  const onNow = shifts.filter((s) => s.from <= now && now < s.to).sort((a, b) => a.to - b.to);
  const upcoming = shifts.filter((s) => s.from > now).sort((a, b) => a.from - b.from);
  const nextStart = upcoming[0]?.from;
  const comingNext = upcoming.filter((s) => s.from === nextStart);
  const line = (shift: TShift) => {
    const person = people.get(shift.staffId);
    const position = POSITION_LABELS[shift.position as keyof typeof POSITION_LABELS] ?? shift.position;
    return (
      <li key={shift.id}>
        <strong>{person?.name ?? "Someone"}</strong>{" "}
        <span className="schedule-today__times">
          {shift.start}–{shift.end}
        </span>
        <span className="schedule-today__detail">
          {position} · {DUTY_LABELS[shift.duty]}
          {person?.clearanceStatus && notCleared({ clearanceStatus: person.clearanceStatus })
            ? " · scheduled, not counted: not cleared"
            : ""}
        </span>
      </li>
    );
  };
  return (
    <>
      <h3>On duty now</h3>
      {onNow.length === 0 ? (
        <p className="schedule-today__none">Nobody on the published rota now.</p>
      ) : (
        <ul className="schedule-today__list">{onNow.map((s) => line(s.shift))}</ul>
      )}
      <h3>Next{comingNext[0] ? `: ${dayLabel(comingNext[0].shift.date)} at ${comingNext[0].shift.start}` : ""}</h3>
      {comingNext.length === 0 ? (
        <p className="schedule-today__none">No later shift is published yet.</p>
      ) : (
        <ul className="schedule-today__list">{comingNext.map((s) => line(s.shift))}</ul>
      )}
    </>
  );
}
