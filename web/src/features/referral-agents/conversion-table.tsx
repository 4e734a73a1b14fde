/**
 * How referrals converted, a row per year or per source: referrals, tours, move-ins, conversion and,
 * for roles with Referral fees, fees owed by the agent's terms (an agent's rows), fees paid and cost per
 * move-in (what is owed, or paid when more). An agent's page and Referral Logs share it.
 */
import { costPerMoveInCents } from "@care/core/rules/referral-stats.rules";
import { formatCents } from "@care/core/rules/rent.rules";
import { percentText } from "./agent-format.ts";

export interface TConversionRow {
  key: string;
  label: string;
  referrals: number;
  tours: number;
  moveIns: number;
  /** Null without Referral fees read. */
  feesPaidCents: number | null;
  /** An agent's fees owed by their terms; absent for a source's row. */
  feesOwedCents?: number | null;
}

export function ConversionTable({ rows, firstHeader }: { rows: readonly TConversionRow[]; firstHeader: string }) {
  const seesFees = rows.some((r) => r.feesPaidCents !== null);
  const seesOwed = rows.some((r) => r.feesOwedCents !== undefined && r.feesOwedCents !== null);
  return (
    <div className="referral-table-scroll">
      <table className="referral-fee__entries">
        <thead>
          <tr>
            <th scope="col">{firstHeader}</th>
            <th scope="col">Referrals</th>
            <th scope="col">Tours</th>
            <th scope="col">Move-ins</th>
            <th scope="col">Conversion</th>
            {seesOwed && <th scope="col">Fees owed</th>}
            {seesFees && <th scope="col">Fees paid</th>}
            {seesFees && <th scope="col">Cost per move-in</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cost = costPerMoveInCents(row);
            return (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td data-label="Referrals">{row.referrals}</td>
                <td data-label="Tours">{row.tours}</td>
                <td data-label="Move-ins">{row.moveIns}</td>
                <td data-label="Conversion">{percentText(row)}</td>
                {seesOwed && <td data-label="Fees owed">{formatCents(row.feesOwedCents ?? 0)}</td>}
                {seesFees && <td data-label="Fees paid">{formatCents(row.feesPaidCents ?? 0)}</td>}
                {seesFees && <td data-label="Cost per move-in">{cost === null ? "—" : formatCents(cost)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
