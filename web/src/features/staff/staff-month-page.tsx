/**
 * One staff member's shifts of a month (`/staff/:id/schedule?month=YYYY-MM`), in every home of theirs the
 * user sees, laid out to print and hand to them: date, home, times, real hours, duty, and the month's total.
 */
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { headingName } from "@care/core/rules/person-name.rules";
import { addMonths, localToday } from "@care/core/rules/date-only.rules";
import { shiftHours } from "@care/core/rules/schedule.rules";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useAllRecords, useRecord } from "../../lib/records/use-records.ts";
import { printPage } from "../../ui/print.ts";
import { RecordGate } from "../../ui/record-gate.tsx";
import type { TStaffRecord } from "./staff-form-values.ts";
import { StaffNotFound } from "./staff-not-found.tsx";
import { dayLabel, DUTY_LABELS } from "./schedule-format.ts";
import "./schedules.css";

const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function StaffMonthPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("staff", id)} notFound={<StaffNotFound />}>
      {(member) => <Month member={member} />}
    </RecordGate>
  );
}

function Month({ member }: { member: TStaffRecord }) {
  const [search, setSearch] = useSearchParams();
  const { facilities } = useFacilities();
  const asked = search.get("month");
  const month = asked && /^\d{4}-\d{2}$/.test(asked) ? asked : localToday().slice(0, 7);
  const go = (months: number) => setSearch({ month: addMonths(`${month}-01`, months).slice(0, 7) }, { replace: true });
  const shifts = useAllRecords("shifts", {
    where: { staffId: member.id },
    orderBy: { field: "date", direction: "asc" },
  });
  const zoneOf = (facilityId: string) => facilities.find((f) => f.id === facilityId)?.timeZone ?? DEFAULT_TIME_ZONE;
  const rows = (shifts.data ?? [])
    .filter((s) => s.date.startsWith(month))
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  const total = rows.reduce((sum, s) => sum + shiftHours(s, zoneOf(s.facilityId)), 0);
  const name = headingName(member);
  return (
    <article className="page staff-month" aria-labelledby="page-title">
      <p className="no-print">
        <Link to={paths.staff.detail.href(member.id)}>← {name}</Link>
      </p>
      <h1 id="page-title">
        {name}: shifts of {MONTH.format(new Date(`${month}-01T00:00:00Z`))}
      </h1>
      <nav className="schedules__weeks no-print" aria-label="Month">
        <button type="button" className="button button--secondary" onClick={() => go(-1)}>
          ← Previous month
        </button>
        <button type="button" className="button button--secondary" onClick={() => go(1)}>
          Next month →
        </button>
        <button type="button" className="button" onClick={printPage}>
          Print
        </button>
      </nav>
      {shifts.isLoading ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <p>No shifts this month.</p>
      ) : (
        <>
          <table className="staff-month__table">
            <caption className="visually-hidden">Shifts of {name}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Home</th>
                <th scope="col">Times</th>
                <th scope="col">Hours</th>
                <th scope="col">Duty</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>
                    {dayLabel(s.date)}
                    {!s.published && <span className="schedule-shift__draft"> (draft)</span>}
                  </td>
                  <td>{facilityName(facilities, s.facilityId)}</td>
                  <td>
                    {s.start}–{s.end}
                  </td>
                  <td>{shiftHours(s, zoneOf(s.facilityId))}</td>
                  <td>{DUTY_LABELS[s.duty]}</td>
                  <td>{s.note ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <strong>
              {rows.length} shift{rows.length === 1 ? "" : "s"}, {Math.round(total * 100) / 100} hours
            </strong>
          </p>
        </>
      )}
    </article>
  );
}
