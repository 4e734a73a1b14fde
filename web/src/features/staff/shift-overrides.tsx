/**
 * The shifts of a week published over a missing clearance, each with who gave the override, when and
 * why: under the grid on screen and on the printed rota, so the paper on the wall says it too.
 */
import type { TRotaMember } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { overrideWhen } from "../../lib/override-time.ts";
import { dayLabel } from "./schedule-format.ts";

export function ShiftOverrides(props: {
  shifts: readonly TRecordOf<"shifts">[];
  people: readonly TRotaMember[];
  /** The home's time zone, in which the override's time is written. */
  timeZone: string;
}) {
  const overridden = props.shifts.filter((s) => s.overrideReason);
  if (overridden.length === 0) return null;
  const nameOf = (id: string) => props.people.find((p) => p.id === id)?.name ?? "Someone";
  return (
    <section className="schedule-overrides" aria-label="Published over a missing clearance">
      <h3>Published over a missing clearance</h3>
      <ul>
        {overridden.map((s) => (
          <li key={s.id}>
            <strong>
              {nameOf(s.staffId)}, {dayLabel(s.date)} {s.start}–{s.end}
            </strong>
            : {s.overrideReason} — override by {s.overrideBy ?? "someone"}, {overrideWhen(s.overrideAt, props.timeZone)}
            . Not counted for coverage.
          </li>
        ))}
      </ul>
    </section>
  );
}
