/**
 * The month grid: one row per resident, a column per month. Each cell says its status in words and
 * colour (never colour alone); the resident column stays in view while the months scroll sideways.
 */
import { distinctListNames } from "@care/core/rules/person-name.rules";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { formatCents, monthLabel } from "@care/core/rules/rent.rules";
import { shortMonth } from "./rent-dates.ts";
import { STATUS_LABELS, type TGridRow } from "./rent-grid.ts";
import { paths } from "../../lib/paths.ts";

export function MonthGrid({
  months,
  rows,
  loading,
  showFacility,
  facilityName,
  onRecordPayment,
  empty,
}: {
  months: readonly string[];
  rows: readonly TGridRow[];
  loading: boolean;
  showFacility: boolean;
  facilityName: (id: string) => string;
  /** Offers "Record payment" on each row; absent for a role that may not change rent. */
  onRecordPayment?: ((residentId: string) => void) | undefined;
  empty: ReactNode;
}) {
  // Two residents of one name are told apart in the row headings (room, else date of birth).
  const names = distinctListNames(rows.map((row) => row.resident));
  if (!loading && rows.length === 0) return <div className="card rent-grid__empty">{empty}</div>;
  return (
    <div className="rent-grid card" aria-busy={loading}>
      <div className="rent-grid__scroll" tabIndex={0} role="region" aria-label="Months by resident, scrolls sideways">
        <table className="rent-grid__table">
          <caption className="visually-hidden">
            Rent status by resident and month, from {monthLabel(months[0]!)} to {monthLabel(months.at(-1)!)}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="rent-grid__resident">
                Resident
              </th>
              <th scope="col" className="rent-grid__num">
                Balance
              </th>
              <th scope="col" className="rent-grid__num">
                Days overdue
              </th>
              {months.map((month) => (
                <th key={month} scope="col" className="rent-grid__month">
                  <abbr title={monthLabel(month)}>{shortMonth(month)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.resident.id}>
                <th scope="row" className="rent-grid__resident">
                  <Link to={paths.residents.rent.href(row.resident.id)}>{names.get(row.resident.id)}</Link>
                  {showFacility && <span className="rent-grid__facility">{facilityName(row.resident.facilityId)}</span>}
                  {onRecordPayment && (
                    <button
                      type="button"
                      className="rent-grid__pay no-print"
                      onClick={() => onRecordPayment(row.resident.id)}
                    >
                      Record payment<span className="visually-hidden"> for {names.get(row.resident.id)}</span>
                    </button>
                  )}
                </th>
                {row.balanceCents === null ? (
                  <td className="rent-grid__num rent-grid__unbilled">{STATUS_LABELS.unbilled}</td>
                ) : (
                  <td className={`rent-grid__num${row.balanceCents > 0 ? " rent-grid__owing" : ""}`}>
                    {formatCents(row.balanceCents)}
                  </td>
                )}
                <td className={`rent-grid__num${row.daysOverdue > 0 ? " rent-grid__owing" : ""}`}>
                  {row.daysOverdue > 0 ? row.daysOverdue : "—"}
                </td>
                {row.statuses.map((status, i) => (
                  <td key={months[i]} className={`rent-cell rent-cell--${status}`}>
                    <span className="visually-hidden">{monthLabel(months[i]!)}: </span>
                    {status === "none" ? (
                      <span title={STATUS_LABELS.none}>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">{STATUS_LABELS.none}</span>
                      </span>
                    ) : (
                      STATUS_LABELS[status]
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading && (
        <p className="rent-grid__loading" role="status">
          Loading…
        </p>
      )}
      <p className="rent-grid__legend">
        <span className="rent-cell rent-cell--paid">Paid</span> charge settled{" "}
        <span className="rent-cell rent-cell--partial">Partial</span> part paid{" "}
        <span className="rent-cell rent-cell--unpaid">Unpaid</span> nothing paid yet{" "}
        <span className="rent-cell rent-cell--unbilled">Not billed yet</span> in residence, no charge yet{" "}
        <span className="rent-cell rent-cell--none">—</span> not in residence
      </p>
    </div>
  );
}
