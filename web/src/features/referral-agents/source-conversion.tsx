/**
 * How the referrals of the homes in view convert, per source — agents, hospital discharge planners,
 * families, the website, walk-ins: referrals, tours, move-ins, conversion and (Referral fees only) fees
 * paid and cost per move-in. Counted where the data is (InsightsPort.sourceStats).
 */
import { formatCents } from "@care/core/rules/rent.rules";
import { costPerMoveInCents } from "@care/core/rules/referral-stats.rules";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { percentText } from "./agent-format.ts";
import { SOURCE_LABELS } from "./referral-format.ts";

export function SourceConversion({ facilityId, scope }: { facilityId: string; scope: string }) {
  const query = facilityId ? { facilityId } : {};
  const stats = usePortQuery(["sourceStats", query], ({ insights }) => insights.sourceStats(query), {
    reads: ["referrals", "referralFees"],
  });
  const seesFees = stats.data?.some((s) => s.feesPaidCents !== null) ?? false;
  return (
    <section className="card agent-referrals" aria-labelledby="sources-title">
      <h2 id="sources-title">Conversion by source, {scope}</h2>
      {!stats.data ? (
        <p role="status">{stats.isError ? "The figures could not be loaded." : "Loading…"}</p>
      ) : (
        <div className="referral-table-scroll">
          <table className="referral-fee__entries">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Referrals</th>
                <th scope="col">Tours</th>
                <th scope="col">Move-ins</th>
                <th scope="col">Conversion</th>
                {seesFees && <th scope="col">Fees paid</th>}
                {seesFees && <th scope="col">Cost per move-in</th>}
              </tr>
            </thead>
            <tbody>
              {stats.data.map((s) => {
                const cost = costPerMoveInCents(s);
                return (
                  <tr key={s.source}>
                    <th scope="row">{SOURCE_LABELS[s.source]}</th>
                    <td>{s.referrals}</td>
                    <td>{s.tours}</td>
                    <td>{s.moveIns}</td>
                    <td>{percentText(s)}</td>
                    {seesFees && <td>{formatCents(s.feesPaidCents ?? 0)}</td>}
                    {seesFees && <td>{cost === null ? "—" : formatCents(cost)}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
